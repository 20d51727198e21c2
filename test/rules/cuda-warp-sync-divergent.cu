// RUN: %check-cuda-lint %s cuda-warp-sync-divergent %t -- -- -I%S/Inputs

#include <cooperative_groups.h>
#include "cuda-warp-sync-divergent-helpers.cuh"
namespace cg = cooperative_groups;

constexpr unsigned kAll = ~0u;
#define SHFL(v) __shfl_sync(0xffffffff, v, 0)

// Full masks, spelled every way, under a lane-varying condition.
__global__ void fail1(int *out, const int *in) {
  unsigned lane = threadIdx.x % 32;
  int v = in[threadIdx.x];
  if (lane < 16) {
    v = __shfl_sync(0xffffffff, v, 20);
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: '__shfl_sync' is reached under the condition 'lane < 16', which varies across the warp (depends on threadIdx.x) [cuda-warp-sync-divergent]
    v += __shfl_down_sync(~0u, v, 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__shfl_down_sync' is reached under the condition 'lane < 16'
    v += __shfl_up_sync(-1, v, 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__shfl_up_sync' is reached under the condition 'lane < 16'
    v += __shfl_xor_sync(kAll, v, 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__shfl_xor_sync' is reached under the condition 'lane < 16'
    v += SHFL(v);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__shfl_sync' is reached under the condition 'lane < 16'
    __syncwarp();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncwarp' is reached under the condition 'lane < 16'
  }
  out[threadIdx.x] = v;
}

// Votes, match, reduce; a const local mask.
__global__ void fail2(unsigned *out, const int *in) {
  const unsigned full = 0xffffffffu;
  int v = in[threadIdx.x];
  if (v > 0) {
    out[0] = __ballot_sync(full, v > 3);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: '__ballot_sync' is reached under the condition 'v > 0', which varies across the warp (depends on threadIdx.x) [cuda-warp-sync-divergent]
    out[1] = __all_sync(full, v);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: '__all_sync' is reached under the condition 'v > 0'
    out[2] = __any_sync(full, v);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: '__any_sync' is reached under the condition 'v > 0'
    out[3] = __match_any_sync(full, v);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: '__match_any_sync' is reached under the condition 'v > 0'
    out[4] = __reduce_add_sync(full, v);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: '__reduce_add_sync' is reached under the condition 'v > 0'
  }
}

// A plain local mask, never changed.
__global__ void fail2b(float *out) {
  unsigned mask = 0xffffffff;
  float v = out[threadIdx.x];
  if (threadIdx.x % 32 < 16)
    v += __shfl_down_sync(mask, v, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__shfl_down_sync' is reached under the condition 'threadIdx.x % 32 < 16', which varies across the warp (depends on threadIdx.x) [cuda-warp-sync-divergent]
  out[threadIdx.x] = v;
}

// A helper in a header (template, macro mask) called under a lane-varying
// condition: the finding is at the shuffle, with a note at the call.
__global__ void fail3(float *out) {
  float v = out[threadIdx.x];
  if (threadIdx.x % 2 == 0)
    v = warp_sum(v);
  out[threadIdx.x] = v;
}

// Loops: a lane-varying trip count, a lane-varying break and continue.
__global__ void fail4(float *out, int n) {
  unsigned lane = threadIdx.x & 31;
  float v = 0;
  for (int i = lane; i < n; i += 32)
    v += __shfl_xor_sync(0xffffffff, out[i], 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__shfl_xor_sync' is reached in a loop whose condition 'i < n' varies across the warp (depends on threadIdx.x) [cuda-warp-sync-divergent]
  for (int k = 0; k < n; ++k) {
    if (out[lane * k] > 0)
      break;
    v += __shfl_down_sync(0xffffffff, v, 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__shfl_down_sync' is reached after a divergent 'break' under the condition 'out[lane * k] > 0', which varies across the warp (depends on threadIdx.x) [cuda-warp-sync-divergent]
  }
  for (int k = 0; k < n; ++k) {
    if (lane == k)
      continue;
    __syncwarp();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncwarp' is reached after a divergent 'continue' under the condition 'lane == k', which varies across the warp (depends on threadIdx.x) [cuda-warp-sync-divergent]
  }
  out[lane] = v;
}

// A lane-varying return in a helper: those lanes have not exited, they are
// back in the caller.
__device__ float helper_return(float v, unsigned lane) {
  if (lane >= 8)
    return v;
  return __shfl_sync(0xffffffff, v, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__shfl_sync' is reached after a divergent 'return' under the condition 'lane >= 8', which varies across the warp (depends on threadIdx.x) [cuda-warp-sync-divergent]
}
__global__ void fail5(float *out) {
  out[threadIdx.x] = helper_return(out[threadIdx.x], threadIdx.x % 32);
}

// Templates: reported in the instantiation where the guard is lane-varying.
template <int N> __global__ void fail6(float *out) {
  float v = out[threadIdx.x];
  if (threadIdx.x < N)
    v = __shfl_sync(0xffffffff, v, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: '__shfl_sync' is reached under the condition 'threadIdx.x < N', which varies across the warp (depends on threadIdx.x) [cuda-warp-sync-divergent]
  out[threadIdx.x] = v;
}
template __global__ void fail6<32>(float *);
template __global__ void fail6<16>(float *);

// --- correct ---

// Masks that are not full: __activemask(), a ballot under the same condition,
// a partial constant.
__global__ void correct1(float *out) {
  unsigned lane = threadIdx.x % 32;
  float v = out[threadIdx.x];
  if (lane < 16) {
    v = __shfl_sync(__activemask(), v, 0);
    v += __shfl_down_sync(0x0000ffff, v, 1);
    __syncwarp(0xffff);
  }
  unsigned m = __ballot_sync(0xffffffff, lane < 20);
  if (lane < 20)
    v += __shfl_down_sync(m, v, 1);
  out[threadIdx.x] = v;
}

// A local mask that is changed before the call is not a constant full mask.
__device__ void narrow(unsigned &m) { m &= 0xffff; }
__global__ void correct1b(float *out) {
  unsigned mask = 0xffffffff;
  unsigned mask2 = 0xffffffff;
  unsigned mask3 = ~0u;
  float v = out[threadIdx.x];
  if (threadIdx.x % 32 < 16) {
    mask = __activemask();
    v += __shfl_down_sync(mask, v, 8);
    narrow(mask2);
    v += __shfl_down_sync(mask2, v, 4);
  }
  unsigned *p = &mask3;
  *p = 0xff;
  if (threadIdx.x % 32 < 8)
    v += __shfl_down_sync(mask3, v, 2);
  out[threadIdx.x] = v;
}

// Warp-uniform conditions: threadIdx.x < 32, warp ids, blockIdx, parameters,
// uniform loops (the warp_sum helper), votes' results.
__global__ void correct2(float *out, int n) {
  unsigned warp = threadIdx.x / 32;
  float v = out[threadIdx.x];
  if (threadIdx.x < 32)
    v = warp_sum(v);
  if (warp == 0 && blockIdx.x < n)
    v = __shfl_sync(0xffffffff, v, 0);
  if (__any_sync(0xffffffff, v > 0))
    v = warp_sum<16>(v);
  for (int k = 0; k < n; ++k)
    v += __shfl_xor_sync(0xffffffff, v, k & 31);
  out[threadIdx.x] = v;
}

// A constexpr warp size (ggml's ggml_cuda_get_physical_warp_size()).
constexpr __device__ int physical_warp_size() { return 32; }
__global__ void correct2b(float *out) {
  constexpr int warp_size = physical_warp_size();
  const int tid = threadIdx.x;
  const int warp = tid / warp_size;
  float v = out[tid];
  if (warp == 0)
    v = warp_sum(v);
  if (tid < warp_size)
    v = warp_sum(v);
  out[tid] = v;
}

// After a lane-varying return of the kernel: only non-exited lanes must take part.
__global__ void correct3(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = warp_sum(out[i]);
  for (int k = 0; k < 4; ++k) {
    if (out[i + k] < 0)
      return;
    v += __shfl_down_sync(0xffffffff, v, 1);
  }
  out[i] = v;
}

// Cooperative groups: tiles and coalesced groups carry their own masks.
__global__ void correct4(float *out) {
  cg::thread_block block = cg::this_thread_block();
  float v = out[threadIdx.x];
  if (block.thread_rank() % 2 == 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    v = active.shfl(v, 0);
    active.sync();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    v += tile.shfl_down(v, 1);
  }
  out[threadIdx.x] = v;
}

// A lane-varying condition that only traps.
__global__ void correct5(float *out) {
  if (out[threadIdx.x] < 0.0f)
    __trap();
  out[threadIdx.x] = __shfl_sync(0xffffffff, out[threadIdx.x], 0);
}

void correct6() {}

// The finding of fail3, in the header.
// CHECK-MESSAGES: cuda-warp-sync-divergent-helpers.cuh:6:10: warning: '__shfl_xor_sync' is reached under the condition 'threadIdx.x % 2 == 0', which varies across the warp (depends on threadIdx.x) [cuda-warp-sync-divergent]
