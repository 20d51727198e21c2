// RUN: %check-cuda-lint %s cuda-wmma-fragment-abi %t -- -- --cuda-gpu-arch=sm_90 -fgpu-rdc
// RUN: %check-cuda-lint -check-suffix=NORDC %s cuda-wmma-fragment-abi %t-nordc
// Functions passing fragments across a unit's boundary in a relocatable-device-
// code build (-fgpu-rdc, nvcc's -rdc=true): reported on both sides (the
// declarations are the same). Without -rdc (the second run) nothing is
// reported: every call of a __device__ function is then inside its unit.
#include <mma.h>
using namespace nvcuda;
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> Acc;
namespace wm = nvcuda::wmma;

__device__ void fail1(wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> &a, const half *p);
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: __device__ function 'fail1' has external linkage and takes (parameter 'a') a WMMA fragment 'fragment<matrix_a, 16, 16, 16, half, row_major>' in a relocatable-device-code build: fragments are architecture-specific, and a caller compiled for another architecture passes them in another layout [cuda-wmma-fragment-abi]
__device__ void fail1(wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> &a, const half *p) {
  wmma::load_matrix_sync(a, p, 16);
}
__device__ Acc fail2(float v) {
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: __device__ function 'fail2' has external linkage and returns a WMMA fragment 'fragment<accumulator, 16, 16, 16, float>'{{.*}} [cuda-wmma-fragment-abi]
  Acc c;
  wmma::fill_fragment(c, v);
  return c;
}
__host__ __device__ void fail3(const wm::fragment<wm::matrix_b, 8, 8, 4, double, wm::col_major> *b);
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: __device__ function 'fail3' {{.*}}takes (parameter 'b'){{.*}} [cuda-wmma-fragment-abi]
namespace lib {
__device__ void fail4(Acc (&tiles)[2]);
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: __device__ function 'fail4' {{.*}} [cuda-wmma-fragment-abi]
}

// Negatives: inline, static, anonymous namespace, templates, no fragment, kernels.
__device__ inline void correct1(Acc &c) { wmma::fill_fragment(c, 0.0f); }
__forceinline__ __device__ void correct2(Acc &c) { wmma::fill_fragment(c, 0.0f); }
static __device__ void correct3(Acc &c) { wmma::fill_fragment(c, 0.0f); }
namespace {
__device__ void correct4(Acc &c) { wmma::fill_fragment(c, 0.0f); }
}
template <typename F> __device__ void correct5(F &f) { wmma::fill_fragment(f, 0.0f); }
template __device__ void correct5<Acc>(Acc &);
__device__ void correct6(const half *p, float *out) {
  Acc c;
  wmma::fill_fragment(c, 0.0f);
  wmma::store_matrix_sync(out, c, 16, wmma::mem_row_major);
}
struct Tile {
  __device__ void load(Acc &c) { wmma::fill_fragment(c, 1.0f); } // in-class: inline
};
__global__ void kernel(float *out) {
  Acc c;
  correct1(c);
  correct2(c);
  correct3(c);
  correct4(c);
  correct5(c);
  wmma::store_matrix_sync(out, c, 16, wmma::mem_row_major);
}
void host_only(Acc &c);
