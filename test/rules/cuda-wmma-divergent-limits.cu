// RUN: %cuda-lint --verbose --checks='-*,cuda-wmma-divergent' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

// A limit of the analysis that is reached is said (--verbose: which one; the
// summary line: at how many functions), never silently taken for "no finding": here
// the divergent WMMA call lies 13 helpers deep, beyond the walk's depth
// (CollectiveDivergence::MaxHelperDepth, 8).
#include <mma.h>
using namespace nvcuda;
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> FragC;

__device__ void h0(FragC &a) {
  if (threadIdx.x % 32 < 16)
    wmma::fill_fragment(a, 0.0f);
}
__device__ void h1(FragC &a) { h0(a); }
__device__ void h2(FragC &a) { h1(a); }
__device__ void h3(FragC &a) { h2(a); }
__device__ void h4(FragC &a) { h3(a); }
// Two calls: two call paths reach the helper beyond the depth. The limit is
// counted once per function and side, not once per path, so the count is 1:
// sm_90 (the host side does not parse device bodies).
__device__ void h5(FragC &a) { h4(a); h4(a); }
__device__ void h6(FragC &a) { h5(a); }
__device__ void h7(FragC &a) { h6(a); }
__device__ void h8(FragC &a) { h7(a); }
__device__ void h9(FragC &a) { h8(a); }
__device__ void h10(FragC &a) { h9(a); }
__device__ void h11(FragC &a) { h10(a); }
__device__ void h12(FragC &a) { h11(a); }
__global__ void deep(float *c) {
  FragC a;
  h12(a);
  wmma::store_matrix_sync(c, a, 16, wmma::mem_row_major);
}

// CHECK: cuda-lint: note: the uniformity analysis stopped at its limit of depth of the walk through helpers at 1 function;
// CHECK: cuda-lint: 1 file, 0 findings (0 errors, 0 warnings), 0 compiler errors, 0 tool failures, 1 analysis limit reached, {{.*}} s
