// RUN: %check-cuda-lint %s cuda-syncthreads-divergent %t
// A two-level block reduction: each warp votes, lane 0 stores the warp's result in shared
// memory, and after a barrier every warp reads the 32 results back by lane and votes again.
// Every warp reduces the same 32 values, so the second vote is the same in the whole block and
// a loop that breaks on it keeps its barriers (ggml fattn-common.cuh, flash_attn_mask_to_KV_max).
// The first vote alone is only warp-uniform: breaking on it is a finding.
#include <cuda_runtime.h>

__device__ int warp_all(int x) { return __all_sync(0xffffffff, x); }

__global__ void correct_two_level(const float *mask, int n, int *out) {
  __shared__ int buf[32];
  const int tid = threadIdx.x;
  int i = n;
  for (; i >= 0; i -= 64) {
    int all_inf = isinf(mask[i + tid]);
    all_inf = warp_all(all_inf);
    if (tid % 32 == 0)
      buf[tid / 32] = all_inf;
    __syncthreads();
    all_inf = buf[tid % 32];
    __syncthreads();
    all_inf = warp_all(all_inf);
    if (!all_inf)
      break;
  }
  out[tid] = i;
}

__global__ void fail_first_level_only(const float *mask, int n, int *out) {
  __shared__ int buf[32];
  const int tid = threadIdx.x;
  int i = n;
  for (; i >= 0; i -= 64) {
    int all_inf = warp_all(isinf(mask[i + tid]));
    if (tid % 32 == 0)
      buf[tid / 32] = all_inf;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached after a divergent 'break' under the condition '!all_inf', which varies between the warps of the block
    if (!all_inf)
      break;
  }
  out[tid] = i + buf[0];
}

// Read back at the thread index rather than the lane: warps read different entries.
__global__ void fail_not_by_lane(const float *mask, int n, int *out) {
  __shared__ int buf[256];
  const int tid = threadIdx.x;
  int i = n;
  for (; i >= 0; i -= 64) {
    buf[tid] = isinf(mask[i + tid]);
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached after a divergent 'break' under the condition '!all_inf', which varies between the warps of the block
    int all_inf = warp_all(buf[tid]);
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached after a divergent 'break' under the condition '!all_inf', which varies between the warps of the block
    if (!all_inf)
      break;
  }
  out[tid] = i;
}
