// RUN: %check-cuda-lint %s cuda-wmma-fragment-element-mapping %t -- -- -I%S/Inputs

#include <mma.h>
#include "cuda-wmma-fragment-element-mapping-helpers.cuh"
using namespace nvcuda;

typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> Acc;
#define ELEM(f, i) (f).x[i]

// A lane-varying index.
__global__ void fail1(float *out) {
  Acc acc;
  wmma::fill_fragment(acc, 0.0f);
  unsigned lane = threadIdx.x % 32;
  acc.x[lane % 8] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: fragment element 'acc.x[lane % 8]' is written at an index that varies across the warp (depends on threadIdx.x); which matrix element a lane holds in a fragment is unspecified [cuda-wmma-fragment-element-mapping]
  out[threadIdx.x] = ELEM(acc, threadIdx.x & 7);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: fragment element '(f).x[i]' is read at an index that varies across the warp (depends on threadIdx.x)
  wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
}

// Lane-varying control: if, after a divergent return, a loop with a break.
__global__ void fail2(float *out, int n) {
  Acc acc;
  wmma::fill_fragment(acc, 0.0f);
  if (threadIdx.x % 32 == 0)
    acc.x[0] = 5.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: fragment element 'acc.x[0]' is written under the condition 'threadIdx.x % 32 == 0', which varies across the warp (depends on threadIdx.x); which matrix element a lane holds in a fragment is unspecified [cuda-wmma-fragment-element-mapping]
  for (int t = 0; t < acc.num_elements; t++) {
    if (out[threadIdx.x] > t)
      break;
    acc.x[t] += 1.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: fragment element 'acc.x[t]' is written after a divergent 'break' under the condition 'out[threadIdx.x] > t', which varies across the warp
  }
  wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
  if (threadIdx.x >= n)
    return;
  out[0] = acc.x[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: fragment element 'acc.x[1]' is read after a divergent 'return' under the condition 'threadIdx.x >= n', which varies across the warp
}

// A helper in a header, instantiated: the lane-varying index is inside it.
__global__ void fail3(float *out) {
  Acc acc;
  wmma::fill_fragment(acc, 2.0f);
  out[threadIdx.x] = first_of_lane(acc);
}

// A template kernel: reported once.
template <int K> __global__ void fail4(float *out) {
  Acc acc;
  wmma::fill_fragment(acc, 0.0f);
  if (threadIdx.x < K)
    acc.x[K % 8] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: fragment element 'acc.x[K % 8]' is written under the condition 'threadIdx.x < K', which varies across the warp
  wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
}
template __global__ void fail4<16>(float *);
template __global__ void fail4<4>(float *);

// --- correct ---

// The uniform element-wise loop, directly and through the header helper.
__global__ void correct1(float *out, float alpha, int n) {
  Acc acc;
  wmma::fill_fragment(acc, 1.0f);
  for (int t = 0; t < acc.num_elements; t++)
    acc.x[t] *= alpha;
  scale(acc, 2.0f);
  // Warp-uniform control: a warp id, blockIdx, parameters.
  unsigned warp = threadIdx.x / 32;
  if (warp == 1 && blockIdx.x < n)
    for (int t = 0; t < acc.num_elements; t++)
      acc.x[t] = acc.x[t] > 0 ? acc.x[t] : 0;
  wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
}

// Another array named x, and lane-varying code that does not touch fragments.
struct NotFrag { float x[8]; };
__global__ void correct2(float *out) {
  NotFrag f = {};
  f.x[threadIdx.x % 8] = 1.0f;
  if (threadIdx.x < 5)
    out[threadIdx.x] = f.x[0];
}

void correct3() {}

// The finding of fail3, in the header.
// CHECK-MESSAGES: cuda-wmma-fragment-element-mapping-helpers.cuh:10:10: warning: fragment element 'f.x[lane % f.num_elements]' is read at an index that varies across the warp (depends on threadIdx.x)
