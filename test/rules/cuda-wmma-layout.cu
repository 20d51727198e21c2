// RUN: %check-cuda-lint %s cuda-wmma-layout %t
// Layouts of fragments and of accumulator loads and stores. Host and sm_90
// see the same mma.h and report alike; clang's own errors on these lines
// ("implicit instantiation of undefined template", "no matching function")
// are the rule's. Every supported layout is a negative in
// cuda-wmma-shape-type-all.cu (which runs this rule too).
#include <mma.h>
using namespace nvcuda;

// Multiplicands without a layout, accumulators with one.
__global__ void fail1() {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half> a;
// CHECK-MESSAGES: :[[@LINE-1]]:52: error: WMMA fragment 'fragment<matrix_a, 16, 16, 16, half>' has a wrong layout: matrix_a fragments need a layout: wmma::row_major or wmma::col_major as the last template argument [cuda-wmma-layout]
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double> b;
// CHECK-MESSAGES: :[[@LINE-1]]:51: error: {{.*}}matrix_b fragments need a layout{{.*}} [cuda-wmma-layout]
  wmma::fragment<wmma::accumulator, 16, 16, 16, float, wmma::row_major> c;
// CHECK-MESSAGES: :[[@LINE-1]]:73: error: WMMA fragment 'fragment<accumulator, 16, 16, 16, float, row_major>' has a wrong layout: accumulator fragments take no layout: leave the last template argument out and give wmma::mem_row_major or wmma::mem_col_major to load_matrix_sync and store_matrix_sync [cuda-wmma-layout]
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, int> d;
// CHECK-MESSAGES: :[[@LINE-1]]:57: error: {{.*}}the layout of a matrix_a fragment must be wmma::row_major or wmma::col_major [cuda-wmma-layout]
}

// Sub-byte fragments: matrix_a row_major, matrix_b col_major only.
__global__ void fail2() {
  wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::s4, wmma::col_major> a;
// CHECK-MESSAGES: :[[@LINE-1]]:96: error: {{.*}}sub-byte matrix_a fragments (experimental::precision::s4) exist only as row_major [cuda-wmma-layout]
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> b;
// CHECK-MESSAGES: :[[@LINE-1]]:97: error: {{.*}}sub-byte matrix_b fragments (experimental::precision::b1) exist only as col_major [cuda-wmma-layout]
}

// Accumulator loads and stores need the memory layout; multiplicand loads take none.
__global__ void fail3(const half *p, float *out) {
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::load_matrix_sync(acc, out, 16);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'load_matrix_sync' of an accumulator fragment needs the memory layout as a fourth argument: wmma::mem_row_major or wmma::mem_col_major [cuda-wmma-layout]
  wmma::store_matrix_sync(out, acc, 16);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'store_matrix_sync' of an accumulator fragment needs the memory layout {{.*}} [cuda-wmma-layout]
  wmma::load_matrix_sync(a, p, 16, wmma::mem_row_major);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'load_matrix_sync' of a matrix_a fragment takes no layout argument: its layout (row_major) is part of the fragment type [cuda-wmma-layout]
}

// Spellings: namespace alias, typedef, template parameters (once per line).
namespace wm = nvcuda::wmma;
typedef wm::fragment<wm::accumulator, 16, 16, 16, half, wm::col_major> BadAcc;
__global__ void fail4() {
  BadAcc c;
// CHECK-MESSAGES: :[[@LINE-1]]:10: error: {{.*}}accumulator fragments take no layout{{.*}} [cuda-wmma-layout]
}
template <typename Use, typename L> __device__ void frag() {
  nvcuda::wmma::fragment<Use, 16, 16, 16, half, L> f;
// CHECK-MESSAGES: :[[@LINE-1]]:52: error: {{.*}}matrix_b fragments need a layout{{.*}} [cuda-wmma-layout]
}
__global__ void fail5() {
  frag<wm::matrix_a, wm::row_major>();
  frag<wm::matrix_b, void>();
  frag<wm::matrix_a, void>();
}

// Negatives.
__global__ void correct1(const half *p, float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float, void> acc2;
  wmma::load_matrix_sync(a, p, 16);
  wmma::load_matrix_sync(b, p, 16);
  wmma::load_matrix_sync(acc, out, 16, wmma::mem_col_major);
  wmma::mma_sync(acc, a, b, acc2);
  wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
  wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::u4, wmma::row_major> s;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::col_major> t;
}
template <typename L> __device__ void correct2(const half *p) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, L> a;
  wmma::load_matrix_sync(a, p, 16);
}
template __device__ void correct2<wmma::row_major>(const half *);
template __device__ void correct2<wmma::col_major>(const half *);
template <typename L> __device__ void correct3() {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, L> a; // never instantiated
}
void correct4_host() {
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
  (void)acc;
}
