// Shared by scale.cu and reduce.cu.
#pragma once
#include <cuda_runtime.h>

#ifndef MULTIARCH_BLOCK
#error "the build defines MULTIARCH_BLOCK"
#endif

namespace multiarch {

// Host and device: needs --expt-relaxed-constexpr with nvcc.
constexpr unsigned blocksFor(unsigned long long N) {
  return static_cast<unsigned>((N + MULTIARCH_BLOCK - 1) / MULTIARCH_BLOCK);
}

// Planted: __launch_bounds__ and __maxnreg__ on one kernel (nvcc rejects it).
// Every unit including this header sees it; it must be reported once.
template <typename T>
__global__ void __launch_bounds__(MULTIARCH_BLOCK) __maxnreg__(32)
    scaleKernel(T *Data, unsigned long long N, T Factor) {
  unsigned long long I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] *= Factor;
}

} // namespace multiarch
