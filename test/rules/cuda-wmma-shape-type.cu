// RUN: %check-cuda-lint %s cuda-wmma-shape-type %t
// Fragments whose (m, n, k, element type) crt/mma.h does not define, and
// mma_sync calls whose defined fragments do not combine. Both sides (host and
// sm_90) see the same mma.h declarations and report alike; clang's own
// "implicit instantiation of undefined template" / "no matching function"
// errors on these lines are the rule's (the harness fails on any other error).
// Every supported combination is a negative in cuda-wmma-shape-type-all.cu.
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;

// Shapes a multiplicand type does not have.
__global__ void fail1() {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, half, wmma::row_major> a;
// CHECK-MESSAGES: :[[@LINE-1]]:68: error: unsupported WMMA fragment 'fragment<matrix_a, 16, 16, 8, half, row_major>': half fragments exist only as 16x16x16, 32x8x16 or 8x32x16; this one is 16x16x8 [cuda-wmma-shape-type]
  wmma::fragment<wmma::matrix_b, 16, 16, 16, wmma::precision::tf32, wmma::col_major> b;
// CHECK-MESSAGES: :[[@LINE-1]]:86: error: unsupported WMMA fragment 'fragment<matrix_b, 16, 16, 16, precision::tf32, col_major>': precision::tf32 fragments exist only as 16x16x8; this one is 16x16x16 [cuda-wmma-shape-type]
  wmma::fragment<wmma::matrix_a, 16, 16, 16, double, wmma::row_major> c;
// CHECK-MESSAGES: :[[@LINE-1]]:71: error: {{.*}}double fragments exist only as 8x8x4; this one is 16x16x16 [cuda-wmma-shape-type]
  wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::u4, wmma::row_major> d;
// CHECK-MESSAGES: :[[@LINE-1]]:97: error: {{.*}}experimental::precision::u4 fragments exist only as 8x8x32; this one is 8x8x128 [cuda-wmma-shape-type]
  wmma::fragment<wmma::matrix_b, 8, 8, 32, wmma::experimental::precision::b1, wmma::col_major> e;
// CHECK-MESSAGES: :[[@LINE-1]]:96: error: {{.*}}experimental::precision::b1 fragments exist only as 8x8x128; this one is 8x8x32 [cuda-wmma-shape-type]
  wmma::fragment<wmma::matrix_a, 32, 32, 16, __nv_bfloat16, wmma::row_major> f;
// CHECK-MESSAGES: :[[@LINE-1]]:78: error: {{.*}}__nv_bfloat16 fragments exist only as 16x16x16, 32x8x16 or 8x32x16; this one is 32x32x16 [cuda-wmma-shape-type]
}

// Element types that are not multiplicand or accumulator types.
__global__ void fail2() {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, float, wmma::row_major> a;
// CHECK-MESSAGES: :[[@LINE-1]]:70: error: {{.*}}'float' is not an element type of matrix_a fragments {{.*}}[cuda-wmma-shape-type]
  wmma::fragment<wmma::matrix_b, 16, 16, 16, char, wmma::col_major> b;
// CHECK-MESSAGES: :[[@LINE-1]]:69: error: {{.*}}'char' is not an element type of matrix_b fragments {{.*}}[cuda-wmma-shape-type]
  wmma::fragment<wmma::accumulator, 16, 16, 16, __nv_bfloat16> c;
// CHECK-MESSAGES: :[[@LINE-1]]:64: error: {{.*}}'__nv_bfloat16' is not an element type of accumulator fragments (half, float, int or double) [cuda-wmma-shape-type]
}

// Accumulators that exist only in other shapes.
__global__ void fail3() {
  wmma::fragment<wmma::accumulator, 16, 16, 8, half> a;
// CHECK-MESSAGES: :[[@LINE-1]]:54: error: unsupported WMMA fragment 'fragment<accumulator, 16, 16, 8, half>': half accumulator fragments exist only as 16x16x16, 32x8x16 or 8x32x16; this one is 16x16x8 [cuda-wmma-shape-type]
  wmma::fragment<wmma::accumulator, 8, 8, 4, float> b;
// CHECK-MESSAGES: :[[@LINE-1]]:53: error: {{.*}}float accumulator fragments exist only as 16x16x16, 32x8x16, 8x32x16 or 16x16x8; this one is 8x8x4 [cuda-wmma-shape-type]
  wmma::fragment<wmma::accumulator, 16, 16, 16, double> c;
// CHECK-MESSAGES: :[[@LINE-1]]:57: error: {{.*}}double accumulator fragments exist only as 8x8x4; this one is 16x16x16 [cuda-wmma-shape-type]
}

// Negatives: supported fragments and combinations (more in -all.cu); a bad
// layout alone is cuda-wmma-layout's, disagreeing shapes cuda-wmma-mma-shape-mismatch's.
__global__ void correct1(const half *p, float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> facc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> hacc;
  wmma::fill_fragment(facc, 0.0f);
  wmma::load_matrix_sync(a, p, 16);
  wmma::load_matrix_sync(b, p, 16);
  wmma::mma_sync(facc, a, b, facc);
  wmma::mma_sync(facc, a, b, hacc);
  wmma::mma_sync(hacc, a, b, facc);
  wmma::store_matrix_sync(out, facc, 16, wmma::mem_row_major);
  typedef wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> A;
  A arr[2];
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> t;
}
template <typename T> __device__ void correct2(const T *p) {
  wmma::fragment<wmma::matrix_a, 8, 32, 16, T, wmma::col_major> a;
  wmma::load_matrix_sync(a, p, 16);
}
template __device__ void correct2<half>(const half *);
template __device__ void correct2<unsigned char>(const unsigned char *);
// A template never instantiated with a bad shape.
template <int K> __device__ void correct3() {
  wmma::fragment<wmma::matrix_a, 16, 16, K, half, wmma::row_major> a;
}
void correct4_host() {
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> acc;
  (void)acc;
}
