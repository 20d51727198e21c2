// RUN: %check-cuda-lint %s cuda-wmma-ldm %t
// Leading dimensions known at compile time that are not a multiple of 16
// bytes of the element type. Both compilers accept these; the host side and
// sm_90 parse the same calls and report alike.
#include <mma.h>
using namespace nvcuda;

constexpr unsigned kLd = 12;
__global__ void fail1(const half *p, float *out, const double *d, const signed char *s) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(a, p, 20);
// CHECK-MESSAGES: :[[@LINE-1]]:32: warning: leading dimension 20 of 'load_matrix_sync' is not a multiple of 8: ldm must be a multiple of 16 bytes of the half elements (16 bits each); the result is undefined [cuda-wmma-ldm]
  wmma::load_matrix_sync(a, p, kLd);
// CHECK-MESSAGES: :[[@LINE-1]]:32: warning: leading dimension 12 of 'load_matrix_sync' {{.*}} [cuda-wmma-ldm]
  const int ld = 18;
  wmma::store_matrix_sync(out, acc, ld, wmma::mem_row_major);
// CHECK-MESSAGES: :[[@LINE-1]]:37: warning: leading dimension 18 of 'store_matrix_sync' is not a multiple of 4: ldm must be a multiple of 16 bytes of the float elements (32 bits each){{.*}} [cuda-wmma-ldm]
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> db;
  wmma::load_matrix_sync(db, d, 9);
// CHECK-MESSAGES: :[[@LINE-1]]:33: warning: leading dimension 9 {{.*}} not a multiple of 2{{.*}} [cuda-wmma-ldm]
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> sa;
  wmma::load_matrix_sync(sa, s, 24);
// CHECK-MESSAGES: :[[@LINE-1]]:33: warning: leading dimension 24 {{.*}} not a multiple of 16{{.*}} [cuda-wmma-ldm]
}

// Sub-byte: u4/s4 multiples of 32 elements, b1 of 128.
__global__ void fail2(const void *p) {
  wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::u4, wmma::row_major> a;
  wmma::load_matrix_sync(a, p, 48);
// CHECK-MESSAGES: :[[@LINE-1]]:32: warning: leading dimension 48 {{.*}} not a multiple of 32: {{.*}}experimental::precision::u4 elements (4 bits each){{.*}} [cuda-wmma-ldm]
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::col_major> b;
  wmma::load_matrix_sync(b, p, 64);
// CHECK-MESSAGES: :[[@LINE-1]]:32: warning: leading dimension 64 {{.*}} not a multiple of 128{{.*}} [cuda-wmma-ldm]
}

// A template argument: reported in the instantiation, once for the line.
namespace wm = nvcuda::wmma;
template <unsigned LD> __device__ void load(const half *p) {
  wm::fragment<wm::matrix_b, 16, 16, 16, half, wm::col_major> b;
  wm::load_matrix_sync(b, p, LD);
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: leading dimension 20 {{.*}} [cuda-wmma-ldm]
}
__global__ void fail3(const half *p) {
  load<16>(p);
  load<20>(p);
  load<20 + 0>(p);
  load<64>(p);
}

// Negatives: multiples, and values not known at compile time.
__global__ void correct1(const half *p, float *out, unsigned ldm, const float *tf) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(a, p, 16);
  wmma::load_matrix_sync(a, p, 24);
  wmma::load_matrix_sync(a, p, ldm);
  wmma::load_matrix_sync(a, p, ldm + 3);
  wmma::store_matrix_sync(out, acc, 20, wmma::mem_col_major);
  wmma::load_matrix_sync(acc, out, 36, wmma::mem_row_major);
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> t;
  wmma::load_matrix_sync(t, tf, 12);
  int runtime = threadIdx.y;
  wmma::load_matrix_sync(a, p, runtime);
}
void correct2_host() {}
