// Helpers of test/rules/cuda-syncthreads-divergent.cu, in a header.
#pragma once
__device__ inline void stage_barrier(float *s, float v) {
  s[threadIdx.x] = v;
  __syncthreads();
}
__device__ inline float reduce_step(float *s, unsigned tid, unsigned n) {
  if (tid < n)
    s[tid] += s[tid + n];
  __syncthreads();
  return s[0];
}
