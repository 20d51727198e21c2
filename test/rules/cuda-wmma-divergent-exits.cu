// RUN: not %cuda-lint --checks='-*,cuda-wmma-divergent' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

// Early exits taken by some lanes only: return, break, continue, goto; and
// loops whose lanes leave at different trips.
#include <mma.h>
using namespace nvcuda;
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> FragC;

__global__ void fail1(float *c, int n) {
  FragC acc;
  if (threadIdx.x >= n)
    return;
  wmma::fill_fragment(acc, 0.0f);
  // CHECK: :[[@LINE-1]]:3: warning: 'fill_fragment' is reached after a divergent 'return' under the condition 'threadIdx.x >= n', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  // CHECK: :[[@LINE-4]]:7: note: the divergent condition is here
  // CHECK: :[[@LINE-4]]:5: note: lanes that take this 'return' leave the rest of the warp to run the collective alone
}

// The usual 1-D bounds guard: idx varies across the warp.
__global__ void fail2(float *c, int n) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n) return;
  FragC acc;
  wmma::fill_fragment(acc, 0.0f);
  // CHECK: :[[@LINE-1]]:3: warning: 'fill_fragment' is reached after a divergent 'return' under the condition 'idx >= n', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
}

__global__ void fail3(float *c, int n) {
  FragC acc;
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x == k)
      break;
    wmma::fill_fragment(acc, 1.0f);
    // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached after a divergent 'break' under the condition 'threadIdx.x == k', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  }
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

__global__ void fail4(float *c, int n) {
  FragC acc;
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x & 1)
      continue;
    wmma::fill_fragment(acc, 1.0f);
    // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached after a divergent 'continue' under the condition 'threadIdx.x & 1', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
  }
}

__global__ void fail5(float *c) {
  FragC acc;
  if (threadIdx.x % 32 > 3)
    goto done;
  wmma::fill_fragment(acc, 1.0f);
  // CHECK: :[[@LINE-1]]:3: warning: 'fill_fragment' is reached after a divergent 'goto' under the condition 'threadIdx.x % 32 > 3', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
done:
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// A while loop whose exit depends on data loaded per lane.
__global__ void fail6(const int *len, float *c) {
  FragC acc;
  int i = 0;
  while (i < len[threadIdx.x]) {
    wmma::fill_fragment(acc, 1.0f);
    // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached in a loop whose condition 'i < len[threadIdx.x]' varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
    ++i;
  }
}

// A loop counter that left the loop at different trips is divergent after it.
__global__ void fail7(const int *keys, float *c, int n) {
  FragC acc;
  int pos = 0;
  for (; pos < n; ++pos)
    if (keys[pos] == (int)threadIdx.x)
      break;
  if (pos < 4)
    wmma::fill_fragment(acc, 1.0f);
  // CHECK: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'pos < 4', which varies across the warp (depends on 'pos', assigned under the divergent condition 'keys[pos] == (int)threadIdx.x') [cuda-wmma-divergent]
}

// Negatives.

// Warp-uniform and block-uniform early exits (the persistent loop of the
// tensor-core samples).
__global__ void correct1(float *c, int tiles, int n) {
  FragC acc;
  const unsigned warpId = threadIdx.x / 32;
  if (blockIdx.x >= n) return;
  if (warpId >= 4) return;
  for (unsigned pos = blockIdx.x;; pos += gridDim.x) {
    if (pos >= tiles)
      break;
    for (int k = 0; k < 4; ++k) {
      if (k == 0)
        continue;
      wmma::fill_fragment(acc, 0.0f);
    }
    wmma::store_matrix_sync(c + pos * 256, acc, 16, wmma::mem_row_major);
  }
}

// A trap (or failing assert) is not an early exit: the kernel aborts.
__global__ void correct2(float *c) {
  FragC acc;
  if (threadIdx.x >= 1024)
    __trap();
  wmma::fill_fragment(acc, 0.0f);
}

// A lane-dependent exit from a loop that ends before the collective.
__global__ void correct3(const int *keys, float *c, int n) {
  FragC acc;
  int hits = 0;
  for (int i = 0; i < n; ++i) {
    if (keys[i] == (int)threadIdx.x) break;
    ++hits;
  }
  wmma::fill_fragment(acc, (float)hits);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// Lane-dependent work in a region that ends before the collective: goto
// forward to a join.
__global__ void correct4(float *c, float *out) {
  FragC acc;
  if (threadIdx.x % 32 != 0)
    goto join;
  out[blockIdx.x] = 0.0f;
join:
  wmma::fill_fragment(acc, 0.0f);
}

// assert() fails by trapping, and a do { } while (0) macro is no loop.
#include <cassert>
#define FILL_ALL(f, v) do { wmma::fill_fragment(f, v); } while (0)
__global__ void correct5(float *c, int n) {
  FragC acc;
  assert(threadIdx.x < 1024);
  assert(n > 0 && "need work");
  FILL_ALL(acc, 0.0f);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
