// RUN: %check-cuda-lint %s cuda-syncthreads-divergent %t
// RUN: printf 'CheckOptions:\n  cuda-syncthreads-divergent.ReportMatchedBarriers: true\n' > %t.yaml
// RUN: %check-cuda-lint -check-suffixes=,REPORT %s cuda-syncthreads-divergent %t-report -- --config-file=%t.yaml
// A block barrier matched on both arms of a divergent branch: every path from the branch to
// its join passes the same number of plain barriers, so every thread arrives once at each
// barrier interval (`bar.sync 0` counts arriving threads, not instructions: PTX ISA,
// "barrier"), as long as whole warps take each arm (an H200 hangs when the lanes of one warp
// split). compute-sanitizer synccheck reports this code anyway; option ReportMatchedBarriers
// reports it too (second RUN line). ggml's flash-attention kernels do this on purpose ("Warps with threadIdx.y % np
// == 0 execute a __syncthreads() in the if branch. Therefore, all other warps also need to
// execute a __syncthreads()"). An arm with more barriers, a barrier in a loop, a jump out of
// an arm, or a barrier of another kind (`__syncthreads_count`) is still a finding.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// ggml's shape: warp-uniform condition, `else if` on a template constant.
template <int np>
__global__ void correct_combine(float *out) {
  __shared__ float meta[256];
  if (np > 1 && threadIdx.y % np == 0) {
    float v = meta[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    // CHECK-MESSAGES-REPORT: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.y % np == 0', which varies between the warps of the block (depends on threadIdx.y)
    meta[threadIdx.y * 32 + threadIdx.x] = v * 2.0f;
  } else if (np > 1) {
    // The other warps need the barrier too.
    __syncthreads();
    // CHECK-MESSAGES-REPORT: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.y % np == 0'
  }
  out[threadIdx.y * 32 + threadIdx.x] = meta[threadIdx.x];
}
template __global__ void correct_combine<1>(float *);
template __global__ void correct_combine<2>(float *);
template __global__ void correct_combine<4>(float *);

// A condition that varies within a warp: the lanes of one warp wait at two different barrier
// instructions, which hangs on an H200 (runtime-check bad-matched-lanes). Reported.
__global__ void fail_lanes(float *out) {
  __shared__ float s[128];
  if (threadIdx.x % 2) {
    s[threadIdx.x] = 1.0f;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x % 2', which varies across the block (depends on threadIdx.x)
  } else {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x % 2'
    s[threadIdx.x] = 2.0f;
  }
  out[threadIdx.x] = s[threadIdx.x];
}

__device__ void stage_barrier() { __syncthreads(); }
// CHECK-MESSAGES-REPORT: :[[@LINE-1]]:35: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 64'

// Through a helper, with a cooperative-groups barrier, with a barrier-free loop and a
// constant branch in an arm, and with two barriers each.
__global__ void correct_mixed(float *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[128];
  if (threadIdx.x < 64) {
    for (int i = 0; i < n; ++i)
      s[threadIdx.x] += 1.0f;
    stage_barrier();
    if (sizeof(float) == 4)
      block.sync();
      // CHECK-MESSAGES-REPORT: :[[@LINE-1]]:7: warning: 'block.sync' is reached under the condition 'threadIdx.x < 64'
  } else {
    block.sync();
    // CHECK-MESSAGES-REPORT: :[[@LINE-1]]:5: warning: 'block.sync' is reached under the condition 'threadIdx.x < 64'
    s[threadIdx.x] = 0.0f;
    __syncthreads();
    // CHECK-MESSAGES-REPORT: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 64'
  }
  out[threadIdx.x] = s[127 - threadIdx.x];
}

// Different counts.
__global__ void fail_counts(float *out) {
  __shared__ float s[128];
  if (threadIdx.x < 64) {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 64', which varies between the warps of the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
    s[threadIdx.x] = 1.0f;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 64'
  } else {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 64'
  }
  out[threadIdx.x] = s[threadIdx.x];
}

// A barrier in a loop on one arm: its count is the trip count.
__global__ void fail_loop(float *out, int n) {
  __shared__ float s[128];
  if (threadIdx.x < 64) {
    for (int i = 0; i < n; ++i) {
      s[threadIdx.x] += 1.0f;
      __syncthreads();
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 64'
    }
  } else {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 64'
  }
  out[threadIdx.x] = s[threadIdx.x];
}

// A jump out of an arm: the threads of the other arm meet further barriers alone.
__global__ void fail_return(float *out) {
  __shared__ float s[128];
  if (threadIdx.x < 64) {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 64'
    return;
  } else {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 64'
  }
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '__syncthreads' is reached after a divergent 'return' under the condition 'threadIdx.x < 64'
  out[threadIdx.x] = s[127 - threadIdx.x];
}

// A reduction barrier on one arm and a plain one on the other are not one barrier.
__global__ void fail_kinds(int *out) {
  if (threadIdx.x < 64) {
    out[0] = __syncthreads_count(threadIdx.x & 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: '__syncthreads_count' is reached under the condition 'threadIdx.x < 64'
  } else {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 64'
  }
}
