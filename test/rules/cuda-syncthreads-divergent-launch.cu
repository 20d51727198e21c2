// RUN: %check-cuda-lint %s cuda-syncthreads-divergent,cuda-warp-sync-divergent %t -- -- --cuda-gpu-arch=sm_90 -fgpu-rdc

// A kernel launched by one thread (dynamic parallelism, relocatable device
// code) is a new grid, not a call of its barriers by the launching block: the
// child's barriers are judged in the child (cdpQuadtree's pattern).
__global__ void child(float *out) {
  __syncthreads();
  out[threadIdx.x] = __shfl_sync(0xffffffff, out[threadIdx.x], 0);
}
__global__ void correct1(float *out) {
  if (threadIdx.x == blockDim.x - 1)
    child<<<4, 128>>>(out);
  __syncthreads();
}

// The child's own divergence is still found.
__global__ void fail1_child(float *out) {
  if (threadIdx.x < 7)
    __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 7', which varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
}
__global__ void fail1(float *out) {
  if (threadIdx.x == 0)
    fail1_child<<<1, 64>>>(out);
}
