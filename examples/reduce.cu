// Block reduction with two planted annotation mistakes.
#include <cuda_runtime.h>

#define REDUCE_REGS __maxnreg__(64)

// Planted: __launch_bounds__ and __maxnreg__ on one kernel (nvcc rejects it,
// clang silently ignores __maxnreg__).
__global__ void __launch_bounds__(256) REDUCE_REGS block_sum(const float *in, float *out, int n) {
  // Planted: the initializer of a __shared__ variable never runs.
  __shared__ float partial[256];
  __shared__ int count = 0;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    out[blockIdx.x] = partial[0];
    atomicAdd(&count, 1);
  }
}
