#include "multiarch/api.h"
#include <cuda_runtime.h>

// Before Hopper the clamp kernel was register-capped; the cap sits on a kernel
// that also has launch bounds, but only the sm_80 device side compiles it.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define MULTIARCH_LEGACY_REGS __maxnreg__(40)
#else
#define MULTIARCH_LEGACY_REGS
#endif

__global__ void __launch_bounds__(MULTIARCH_BLOCK) MULTIARCH_LEGACY_REGS
    clampKernel(float *Data, unsigned long long N) {
  unsigned long long I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] = fminf(fmaxf(Data[I], 0.0f), 1.0f);
}

void clampOnDevice(float *Data, std::size_t N) {
  unsigned Blocks = static_cast<unsigned>((N + MULTIARCH_BLOCK - 1) / MULTIARCH_BLOCK);
  clampKernel<<<Blocks, MULTIARCH_BLOCK>>>(Data, static_cast<unsigned long long>(N));
}
