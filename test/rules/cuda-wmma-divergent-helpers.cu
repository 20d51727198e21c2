// RUN: not %cuda-lint --checks='-*,cuda-wmma-divergent' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

// Through __device__ helpers of the translation unit.
#include <mma.h>
using namespace nvcuda;
typedef wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> FragA;
typedef wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> FragB;
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> FragC;

__device__ void tile_mma(FragC &acc, const half *a, const half *b) {
  FragA fa; FragB fb;
  wmma::load_matrix_sync(fa, a, 16);
  // CHECK: :[[@LINE-1]]:3: warning: 'load_matrix_sync' is reached under the condition 'lane < 16', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
}

// A helper that calls WMMA, called under a lane-dependent condition.
__global__ void fail1(const half *a, const half *b, float *c) {
  FragC acc;
  wmma::fill_fragment(acc, 0.0f);
  int lane = threadIdx.x % 32;
  if (lane < 16)
    tile_mma(acc, a, b);
  // CHECK: :[[@LINE-2]]:7: note: the divergent condition is here
  // CHECK: :[[@LINE-2]]:5: note: through the call to 'tile_mma' here
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// Two levels of helpers; the divergence is in the middle one.
__device__ void leaf(FragC &acc) { wmma::fill_fragment(acc, 1.0f); }
// CHECK: :[[@LINE-1]]:36: warning: 'fill_fragment' is reached under the condition 'threadIdx.x < 8', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
__device__ void middle(FragC &acc) {
  if (threadIdx.x < 8)
    leaf(acc);
}
__global__ void fail2(float *c) {
  FragC acc;
  middle(acc);
  // CHECK: :[[@LINE-1]]:3: note: through the call to 'middle' here
  // CHECK: :36:5: note: through the call to 'leaf' here
}

// The helper's own condition varies because of the argument it is given.
__device__ void guarded(FragC &acc, int who) {
  if (who == 0)
    wmma::fill_fragment(acc, 2.0f);
  // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'who == 0', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
}
__global__ void fail3(float *c) {
  FragC acc;
  guarded(acc, threadIdx.x);
  // CHECK: :[[@LINE-1]]:3: note: through the call to 'guarded' here
  guarded(acc, threadIdx.x / 32);
}

// A helper returning a lane-dependent value.
__device__ __forceinline__ unsigned lane_id() {
  unsigned l;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(l));
  return l;
}
__global__ void fail4(float *c) {
  FragC acc;
  if (lane_id() == 0)
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  // CHECK: :[[@LINE-1]]:5: warning: 'store_matrix_sync' is reached under the condition 'lane_id() == 0', which varies across the warp (depends on the lane id (%laneid)) [cuda-wmma-divergent]
}

// A lambda that calls WMMA, called under a divergent condition.
__global__ void fail5(float *c) {
  FragC acc;
  auto store = [&](float *p) {
    wmma::store_matrix_sync(p, acc, 16, wmma::mem_row_major);
    // CHECK: :[[@LINE-1]]:5: warning: 'store_matrix_sync' is reached under the condition 'threadIdx.x < 5', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  };
  if (threadIdx.x < 5)
    store(c);
  // CHECK: :[[@LINE-2]]:7: note: the divergent condition is here
  // CHECK: :[[@LINE-2]]:5: note: through the call to 'store' here
}

// A lambda whose captured lane id guards the collective.
__global__ void fail6(float *c) {
  FragC acc;
  const int lane = threadIdx.x % 32;
  auto leader_store = [&]() {
    if (lane == 0)
      wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
    // CHECK: :[[@LINE-1]]:7: warning: 'store_matrix_sync' is reached under the condition 'lane == 0', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  };
  leader_store();
  // CHECK: :[[@LINE-1]]:3: note: through the call to 'leader_store' here
}

// A helper declared before the kernel and defined after it, and a helper
// template.
__device__ void later(FragC &acc);
__global__ void fail7(float *c) {
  FragC acc;
  if (threadIdx.x % 32 < 8)
    later(acc);
}
__device__ void later(FragC &acc) { wmma::fill_fragment(acc, 4.0f); }
// CHECK: :[[@LINE-1]]:37: warning: 'fill_fragment' is reached under the condition 'threadIdx.x % 32 < 8', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
// CHECK: :[[@LINE-5]]:7: note: the divergent condition is here
// CHECK: :[[@LINE-5]]:5: note: through the call to 'later' here

template <typename Frag>
__device__ void tfill(Frag &f, float v) { wmma::fill_fragment(f, v); }
// CHECK: :[[@LINE-1]]:43: warning: 'fill_fragment' is reached under the condition 'threadIdx.x & 1', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
__global__ void fail8(float *c) {
  FragC acc;
  if (threadIdx.x & 1)
    tfill(acc, 5.0f);
  // CHECK: :[[@LINE-1]]:5: note: through the call to 'tfill' here
  tfill(acc, 6.0f);
}

// Negatives.

// The same helper called under warp-uniform guards.
__device__ int warp_index() { return (blockIdx.x * blockDim.x + threadIdx.x) / warpSize; }
__device__ bool in_bounds(int row, int m) { return row < m; }
__global__ void correct1(const half *a, const half *b, float *c, int m) {
  FragC acc;
  wmma::fill_fragment(acc, 0.0f);
  int warp = warp_index();
  if (in_bounds(warp * 16, m))
    tile_mma(acc, a + warp * 256, b);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// A helper with a warp-uniform parameter and a helper with a uniform guard.
__device__ void per_warp(FragC &acc, int warp) {
  if (warp < 2)
    wmma::fill_fragment(acc, 3.0f);
}
__global__ void correct2(float *c) {
  FragC acc;
  per_warp(acc, threadIdx.x >> 5);
  per_warp(acc, blockIdx.x);
  guarded(acc, blockIdx.y);
}

// A helper that does lane-dependent work but calls no WMMA.
__device__ void lane_work(float *out) {
  if (threadIdx.x % 32 == 0)
    out[0] = 1.0f;
}
__global__ void correct3(float *c) {
  FragC acc;
  lane_work(c);
  wmma::fill_fragment(acc, 0.0f);
}

// A lambda capturing a warp-uniform index.
__global__ void correct5(float *c) {
  FragC acc;
  const int warp = threadIdx.x / 32;
  auto first_warp_store = [&]() {
    if (warp == 0)
      wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  };
  first_warp_store();
}

// A helper whose result is lane-dependent but the guard is warp-uniform.
__device__ int tile_of(int tid) { return tid / 32; }
__global__ void correct4(float *c, int tiles) {
  FragC acc;
  if (tile_of(threadIdx.x) < tiles)
    wmma::fill_fragment(acc, 0.0f);
}
