// RUN: %check-cuda-lint %s cuda-wmma-mma-shape-mismatch %t
// mma_sync / bmma_sync fragments that disagree in shape or role, and satf
// arguments. The shape and role cases are reported alike on the host and
// sm_90 (clang's "no matching function" on these lines is the rule's); the
// thread-varying satf is a device-code question, found on both sides too
// (the kernel is parsed on both).
#include <mma.h>
using namespace nvcuda;

// Shapes that disagree.
__global__ void fail1() {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a16;
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::row_major> a32;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b16;
  wmma::fragment<wmma::matrix_b, 8, 32, 16, half, wmma::col_major> b8;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c16;
  wmma::fragment<wmma::accumulator, 32, 8, 16, float> c32;
  wmma::mma_sync(c16, a32, b16, c16);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: the fragments of 'mma_sync' disagree in shape: d is 16x16x16, a is 32x8x16, b is 16x16x16, c is 16x16x16; all four must have the same m, n and k [cuda-wmma-mma-shape-mismatch]
  wmma::mma_sync(c16, a16, b8, c16);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}d is 16x16x16, a is 16x16x16, b is 8x32x16, c is 16x16x16{{.*}} [cuda-wmma-mma-shape-mismatch]
  wmma::mma_sync(c16, a16, b16, c32);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}c is 32x8x16{{.*}} [cuda-wmma-mma-shape-mismatch]
}

// Fragments in the wrong role.
__global__ void fail2() {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::mma_sync(c, b, a, c);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'mma_sync' takes a matrix_a fragment as 'a'; 'b' is a 'fragment<matrix_b, 16, 16, 16, half, col_major>' [cuda-wmma-mma-shape-mismatch]
  wmma::mma_sync(c, a, b, b);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'mma_sync' takes an accumulator fragment as 'c'{{.*}} [cuda-wmma-mma-shape-mismatch]
}

// satf: thread-varying, or given to an overload without it.
__global__ void fail3(const signed char *p, int *out, bool sat) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
  wmma::mma_sync(c, a, b, c, threadIdx.x % 2 == 0);
// CHECK-MESSAGES: :[[@LINE-1]]:30: error: the satf argument of 'mma_sync' varies across the warp ({{.*}}); it must be the same in every lane [cuda-wmma-mma-shape-mismatch]
  bool lane_sat = (threadIdx.x & 31) < 16;
  wmma::mma_sync(c, a, b, c, lane_sat);
// CHECK-MESSAGES: :[[@LINE-1]]:30: error: the satf argument {{.*}} [cuda-wmma-mma-shape-mismatch]
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> ha;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> hb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> hc;
  wmma::mma_sync(hc, ha, hb, hc, true);
// CHECK-MESSAGES: :[[@LINE-1]]:34: error: 'mma_sync' of half fragments takes no satf argument; only the 8-bit and sub-byte integer overloads have one [cuda-wmma-mma-shape-mismatch]
}

// Template parameters and a namespace alias: reported in the instantiation.
namespace wm = nvcuda::wmma;
template <int M, int N> __device__ void mul() {
  wm::fragment<wm::matrix_a, M, N, 16, half, wm::row_major> a;
  wm::fragment<wm::matrix_b, 16, 16, 16, half, wm::col_major> b;
  wm::fragment<wm::accumulator, 16, 16, 16, float> c;
  wm::mma_sync(c, a, b, c);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}d is 16x16x16, a is 32x8x16, b is 16x16x16, c is 16x16x16{{.*}} [cuda-wmma-mma-shape-mismatch]
}
__global__ void fail4() {
  mul<16, 16>();
  mul<32, 8>();
}

// Negatives: matching shapes and roles, uniform satf.
__global__ void correct1(bool sat) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
  wmma::mma_sync(c, a, b, c);
  wmma::mma_sync(c, a, b, c, true);
  wmma::mma_sync(c, a, b, c, sat);
  wmma::mma_sync(c, a, b, c, blockIdx.x == 0);
  wmma::mma_sync(c, a, b, c, threadIdx.x / 32 == 0);
  wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> ba;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::col_major> bb;
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> bc;
  wmma::bmma_sync(bc, ba, bb, bc);
}
template <int M, int N, int K> __device__ void correct2() {
  wm::fragment<wm::matrix_a, M, N, K, half, wm::row_major> a;
  wm::fragment<wm::matrix_b, M, N, K, half, wm::col_major> b;
  wm::fragment<wm::accumulator, M, N, K, float> c;
  wm::mma_sync(c, a, b, c);
}
__global__ void correct3() {
  correct2<16, 16, 16>();
  correct2<32, 8, 16>();
  correct2<8, 32, 16>();
}
