// RUN: %check-cuda-lint %s cuda-wmma-arch %t -- --device-archs=sm_60,sm_90
// Below sm_70 crt/mma.h declares nothing: every line naming nvcuda or wmma is
// reported on the sm_60 side (clang's "expected namespace name" / "use of
// undeclared identifier" errors there are the rule's); sm_90 and the host are
// quiet. Few lines: clang stops after 20 errors on the sm_60 side.
#include <mma.h>
using namespace nvcuda;
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: nvcuda::wmma needs sm_70 or newer; compiled for an older architecture, crt/mma.h declares nothing [sm_60] [cuda-wmma-arch]
// CHECK-SIDES: :[[@LINE-2]]:17: {{.*}} sides=sm_60{{$}}

__global__ void fail1(const half *p) {
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, nvcuda::wmma::row_major> a;
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: nvcuda::wmma needs sm_70 {{.*}} [sm_60] [cuda-wmma-arch]
  wmma::load_matrix_sync(a, p, 16);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: nvcuda::wmma needs sm_70 {{.*}} [sm_60] [cuda-wmma-arch]
}

// Negatives: guarded for sm_70 and newer; names in comments (nvcuda::wmma).
__global__ void correct1(const half *p) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::load_matrix_sync(a, p, 16);
#endif
}
