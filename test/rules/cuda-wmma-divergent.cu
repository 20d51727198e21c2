// RUN: not %cuda-lint --checks='-*,cuda-wmma-divergent' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

// Conditions on thread-varying values: if, switch, ?:, &&, loops.
#include <mma.h>
using namespace nvcuda;

typedef wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> FragA;
typedef wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> FragB;
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> FragC;

// The half-warp kernel of RULES.md: lanes 0-15 alone run the collectives.
__global__ void fail1(const half *a, const half *b, float *c) {
  FragA fa; FragB fb; FragC acc;
  wmma::fill_fragment(acc, 0.0f);
  if (threadIdx.x < 16) {
    wmma::load_matrix_sync(fa, a, 16);
    // CHECK: :[[@LINE-1]]:5: warning: 'load_matrix_sync' is reached under the condition 'threadIdx.x < 16', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
    // CHECK: :[[@LINE-3]]:7: note: the divergent condition is here
    wmma::load_matrix_sync(fb, b, 16);
    // CHECK: :[[@LINE-1]]:5: warning: 'load_matrix_sync' is reached under the condition 'threadIdx.x < 16'
    wmma::mma_sync(acc, fa, fb, acc);
    // CHECK: :[[@LINE-1]]:5: warning: 'mma_sync' is reached under the condition 'threadIdx.x < 16', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  }
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// The lane id through a local.
__global__ void fail2(float *c) {
  FragC acc;
  const unsigned lane = threadIdx.x % 32;
  if (lane < 16)
    wmma::fill_fragment(acc, 1.0f);
  // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'lane < 16', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// switch on a lane-dependent value.
__global__ void fail3(float *c) {
  FragC acc;
  switch (threadIdx.x & 3) {
  case 0:
    wmma::fill_fragment(acc, 0.0f);
    // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'threadIdx.x & 3', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
    break;
  default:
    break;
  }
}

// ?: and &&: a uniform first operand does not make the second one uniform.
__global__ void fail4(float *c, int n) {
  FragC acc;
  wmma::fill_fragment(acc, 0.0f);
  if (blockIdx.x < n && threadIdx.x % 2 == 0)
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  // CHECK: :[[@LINE-1]]:5: warning: 'store_matrix_sync' is reached under the condition 'threadIdx.x % 2 == 0', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  threadIdx.x > 7 ? wmma::fill_fragment(acc, 1.0f) : (void)0;
  // CHECK: :[[@LINE-1]]:21: warning: 'fill_fragment' is reached under the condition 'threadIdx.x > 7', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
}

// A loop whose trip count varies across the warp.
__global__ void fail5(const half *a, float *c, int k) {
  FragA fa; FragB fb; FragC acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int i = threadIdx.x; i < k; i += 32) {
    wmma::load_matrix_sync(fa, a + i, 16);
    // CHECK: :[[@LINE-1]]:5: warning: 'load_matrix_sync' is reached in a loop whose condition 'i < k' varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  }
}

// Other sources of variance: atomics, clock, shuffles from a varying lane,
// loads through a thread-varying address.
__global__ void fail6(int *counter, const int *flags, float *c) {
  FragC acc;
  if (atomicAdd(counter, 1) < 4)
    wmma::fill_fragment(acc, 0.0f);
  // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'atomicAdd(counter, 1) < 4', which varies across the warp (depends on the return value of 'atomicAdd') [cuda-wmma-divergent]
  if (flags[threadIdx.x])
    wmma::fill_fragment(acc, 1.0f);
  // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'flags[threadIdx.x]', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  int v = __shfl_sync(0xffffffff, flags[0], threadIdx.x % 4);
  if (v)
    wmma::fill_fragment(acc, 2.0f);
  // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'v', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  if (clock64() & 1)
    wmma::fill_fragment(acc, 3.0f);
  // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'clock64() & 1', which varies across the warp (depends on the clock ('clock64')) [cuda-wmma-divergent]
}

// A value assigned under a divergent branch is divergent after the join.
__global__ void fail7(float *c) {
  FragC acc;
  bool go = false;
  if (threadIdx.x < 8)
    go = true;
  if (go)
    wmma::fill_fragment(acc, 0.0f);
  // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'go', which varies across the warp (depends on 'go', assigned under the divergent condition 'threadIdx.x < 8') [cuda-wmma-divergent]
}

// Through a macro.
#define IF_LEADER if (threadIdx.x == 0)
__global__ void fail8(float *c) {
  FragC acc;
  IF_LEADER wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  // CHECK: :[[@LINE-1]]:13: warning: 'store_matrix_sync' is reached under the condition 'threadIdx.x == 0', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
}

// A template kernel: one finding for all instantiations.
template <int TILE>
__global__ void fail9(float *c) {
  FragC acc;
  if (threadIdx.x < TILE)
    wmma::fill_fragment(acc, 0.0f);
  // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'threadIdx.x < TILE', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
}
template __global__ void fail9<8>(float *);
template __global__ void fail9<16>(float *);

// Negatives: warp-uniform and block-uniform conditions.

// The bounds guards of the tensor-core samples (simple GEMM).
__global__ void correct1(half *a, half *b, float *c, float *d, int m_ld,
                         int n_ld, int k_ld, float alpha, float beta) {
  int lda = k_ld, ldb = k_ld, ldc = n_ld;
  int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  int warpN = (blockIdx.y * blockDim.y + threadIdx.y);
  FragA a_frag; FragB b_frag; FragC acc_frag, c_frag;
  wmma::fill_fragment(acc_frag, 0.0f);
  for (int i = 0; i < k_ld; i += 16) {
    int aCol = i, aRow = warpM * 16, bCol = warpN * 16, bRow = i;
    if (aRow < m_ld && aCol < k_ld && bRow < k_ld && bCol < n_ld) {
      wmma::load_matrix_sync(a_frag, a + aCol + aRow * lda, lda);
      wmma::load_matrix_sync(b_frag, b + bRow + bCol * ldb, ldb);
      wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);
    }
  }
  int cCol = warpN * 16, cRow = warpM * 16;
  if (cRow < m_ld && cCol < n_ld) {
    wmma::load_matrix_sync(c_frag, c + cCol + cRow * ldc, ldc, wmma::mem_row_major);
    for (int i = 0; i < c_frag.num_elements; i++)
      c_frag.x[i] = alpha * acc_frag.x[i] + beta * c_frag.x[i];
    wmma::store_matrix_sync(d + cCol + cRow * ldc, c_frag, ldc, wmma::mem_row_major);
  }
}

// Warp index by division, shift and mask; threadIdx.y is one per warp.
__global__ void correct2(float *c) {
  FragC acc;
  if (threadIdx.x / 32 == 0)
    wmma::fill_fragment(acc, 0.0f);
  if ((threadIdx.x >> 5) < 2)
    wmma::fill_fragment(acc, 1.0f);
  if ((threadIdx.x & ~31u) == 64)
    wmma::fill_fragment(acc, 2.0f);
  if (threadIdx.y == 1)
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  const int warp = threadIdx.x / warpSize;
  switch (warp) {
  case 0: wmma::fill_fragment(acc, 3.0f); break;
  default: break;
  }
}

// Block-uniform: blockIdx, parameters, constants, __constant__ data, votes.
__constant__ int kTiles[4];
__global__ void correct3(float *c, int n, bool flag) {
  FragC acc;
  if (blockIdx.x < n && flag)
    wmma::fill_fragment(acc, 0.0f);
  for (int t = 0; t < kTiles[blockIdx.y]; ++t)
    wmma::fill_fragment(acc, 1.0f);
  if (__all_sync(0xffffffff, threadIdx.x < n))
    wmma::fill_fragment(acc, 2.0f);
  if (__shfl_sync(0xffffffff, (int)threadIdx.x, 0) > 4)
    wmma::fill_fragment(acc, 3.0f);
  if (__syncthreads_or(threadIdx.x == 3))
    wmma::fill_fragment(acc, 4.0f);
}

// A lane-dependent branch that joins before the collective.
__global__ void correct4(float *c, float *out) {
  FragC acc;
  const unsigned lane = threadIdx.x % 32;
  if (lane == 0)
    out[blockIdx.x] = 1.0f;
  wmma::fill_fragment(acc, 0.0f);
  float v = lane < 4 ? 1.0f : 0.0f;
  wmma::fill_fragment(acc, 2.0f);
  for (int i = 0; i < acc.num_elements; i++)
    acc.x[i] = v;
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// A template kernel whose guard is warp-uniform for every instantiation.
template <int WARPS>
__global__ void correct5(float *c) {
  FragC acc;
  if (threadIdx.x / 32 < WARPS)
    wmma::fill_fragment(acc, 0.0f);
}
template __global__ void correct5<2>(float *);
