// RUN: %check-cuda-lint %s cuda-wmma-pointer-alignment %t
// load_matrix_sync / store_matrix_sync pointers known to be off 32 bytes:
// a kernel's pointer parameter is assumed 256-byte aligned (cudaMalloc), and
// so is a __shared__ array declared with alignas(32) or more. Both compilers
// accept these; host and sm_90 report alike.
#include <mma.h>
using namespace nvcuda;

__global__ void fail1(const half *a, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(fa, a + 4, 16);
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: pointer 'a + 4' of 'load_matrix_sync' is 8 bytes off the 256-bit (32-byte) alignment the WMMA API requires [cuda-wmma-pointer-alignment]
  wmma::load_matrix_sync(fa, &a[8], 16);
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: pointer '&a[8]' {{.*}} is 16 bytes off {{.*}} [cuda-wmma-pointer-alignment]
  int row = blockIdx.x;
  wmma::load_matrix_sync(fa, a + row * 16 + 4, 16);
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: pointer 'a + row * 16 + 4' {{.*}} is 8 bytes off {{.*}} [cuda-wmma-pointer-alignment]
  wmma::store_matrix_sync(c + 2, acc, 16, wmma::mem_row_major);
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: pointer 'c + 2' of 'store_matrix_sync' is 8 bytes off {{.*}} [cuda-wmma-pointer-alignment]
}

__global__ void fail2(float *out) {
  __shared__ alignas(128) half tile[32][24];
  __shared__ alignas(32) half flat[512];
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::load_matrix_sync(fb, &tile[1][0], 24);
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: pointer '&tile[1][0]' {{.*}} is 16 bytes off {{.*}} [cuda-wmma-pointer-alignment]
  wmma::load_matrix_sync(fb, flat + 8, 16);
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: pointer 'flat + 8' {{.*}} is 16 bytes off {{.*}} [cuda-wmma-pointer-alignment]
  wmma::load_matrix_sync(fb, (const half *)((const char *)flat + 2), 16);
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: pointer {{.*}} is 2 bytes off {{.*}} [cuda-wmma-pointer-alignment]
}

// Negatives: multiples of 32 bytes; bases of unknown alignment.
__global__ void correct1(const half *a, float *c, int k) {
  __shared__ alignas(32) half flat[512];
  __shared__ half plain[512];
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fa, a + 16, 16);
  wmma::load_matrix_sync(fa, a + k * 16, 16);
  wmma::load_matrix_sync(fa, a + k, 16);
  wmma::load_matrix_sync(fa, a + k * 4 + 4, 16);
  wmma::load_matrix_sync(fa, &flat[256], 16);
  wmma::load_matrix_sync(fa, plain + 4, 16);
  wmma::store_matrix_sync(c + 8, acc, 16, wmma::mem_row_major);
  const half *q = a + 4; // a local pointer: not followed
  wmma::load_matrix_sync(fa, q, 16);
}
__device__ void correct2(const half *a) {
  // A device function's parameter has no known alignment.
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::load_matrix_sync(fa, a + 4, 16);
}
