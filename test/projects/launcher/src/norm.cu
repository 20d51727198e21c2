#include "blocks.cuh"

__global__ void norm_kernel(float *data, int n) {
  __shared__ float partial[kBlock];
  partial[threadIdx.x] = data[threadIdx.x];
  if (threadIdx.x % 2 == 0)
    __syncthreads();
  if (threadIdx.x == 0 && n > 0)
    data[0] = partial[0] / n;
}
