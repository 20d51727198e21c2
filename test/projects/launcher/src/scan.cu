#include "blocks.cuh"

// The barrier is reached only by the first half of the block: a finding
// (cuda-syncthreads-divergent), which nvcc compiles without a word.
__global__ void scan_kernel(float *data) {
  __shared__ float tile[kBlock];
  tile[threadIdx.x] = data[threadIdx.x];
  if (threadIdx.x < kBlock / 2)
    __syncthreads();
  data[threadIdx.x] = tile[kBlock - 1 - threadIdx.x];
}
