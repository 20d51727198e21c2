// RUN: %check-cuda-lint %s cuda-wmma-shape-type %t
// cuda-wmma-shape-type at mma_sync calls, and the spellings of a fragment type:
// a namespace alias, a typedef, an alias template, template parameters
// (reported in the instantiation, once per line), a field, a parameter. In a
// file of its own: clang stops after 20 errors, and each case here is one.
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;

// Accumulator types a multiplicand type does not accumulate into.
__global__ void fail4(const __nv_bfloat16 *p, const signed char *q, half *h) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> hacc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> facc;
  wmma::mma_sync(hacc, a, b, hacc);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: unsupported 'mma_sync' combination: __nv_bfloat16 multiplicands accumulate only into float fragments; the result d is half [cuda-wmma-shape-type]
  wmma::mma_sync(facc, a, b, hacc);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}the addend c is half [cuda-wmma-shape-type]
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> ia;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> ib;
  wmma::mma_sync(facc, ia, ib, facc);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}signed char multiplicands accumulate only into int fragments; the result d is float [cuda-wmma-shape-type]
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> hb;
  wmma::mma_sync(facc, a, hb, facc);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}it multiplies a __nv_bfloat16 matrix_a by a half matrix_b; both multiplicands must have the same element type [cuda-wmma-shape-type]
}

// Spellings: a namespace alias, a typedef, an alias template, a template
// parameter (reported in the instantiation, once for two of them).
namespace wm = nvcuda::wmma;
typedef wm::fragment<wm::matrix_a, 8, 8, 16, half, wm::col_major> BadA;
template <int K> using FragB = wm::fragment<wm::matrix_b, 16, 16, K, half, wm::row_major>;
__global__ void fail5() {
  BadA a;
// CHECK-MESSAGES: :[[@LINE-1]]:8: error: unsupported WMMA fragment 'fragment<matrix_a, 8, 8, 16, half, col_major>': half fragments {{.*}}this one is 8x8x16 [cuda-wmma-shape-type]
  FragB<8> b;
// CHECK-MESSAGES: :[[@LINE-1]]:12: error: {{.*}}this one is 16x16x8 [cuda-wmma-shape-type]
}
template <int M, int N, typename T> __device__ void tile() {
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, M, N, 16, T> acc;
// CHECK-MESSAGES: :[[@LINE-1]]:66: error: {{.*}}float accumulator fragments exist only as {{.*}}; this one is 16x8x16 [cuda-wmma-shape-type]
  nvcuda::wmma::fill_fragment(acc, T(0));
}
__global__ void fail6() {
  tile<16, 16, float>();
  tile<16, 8, float>();
  tile<32, 8, float>();
}

// A field and a parameter.
struct Tiles {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, int, wmma::row_major> a;
// CHECK-MESSAGES: :[[@LINE-1]]:68: error: {{.*}}'int' is not an element type of matrix_a fragments {{.*}}[cuda-wmma-shape-type]
};
__device__ void fail7(wmma::fragment<wmma::matrix_b, 16, 16, 4, double, wmma::row_major> &b);
// CHECK-MESSAGES: :[[@LINE-1]]:91: error: {{.*}}double fragments exist only as 8x8x4; this one is 16x16x4 [cuda-wmma-shape-type]

