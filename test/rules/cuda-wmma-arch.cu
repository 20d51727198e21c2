// RUN: %check-cuda-lint %s cuda-wmma-arch %t -- --device-archs=sm_70,sm_75,sm_90
// WMMA features below their architecture floor, reported per device side: the
// sides sm_70, sm_75 and sm_90 see
// different declarations of crt/mma.h; the host side compiles for no
// architecture and reports nothing; sm_90 has everything. cuda-lint tags a
// finding with the sides that saw it (`[sm_75]`) when not all did; CHECK-SIDES
// lines check them. Code under `#if __CUDA_ARCH__ >= 800` is not reported.
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;

// Fragments: 8-bit integers need sm_72, sub-byte sm_75, bf16/tf32/double sm_80.
__global__ void fail1(const __nv_bfloat16 *p) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
// CHECK-MESSAGES: :[[@LINE-1]]:78: error: __nv_bfloat16 fragments need sm_80 or newer; compiled for an older architecture, crt/mma.h does not declare 'fragment<matrix_a, 16, 16, 16, __nv_bfloat16, row_major>' [sm_70,sm_75] [cuda-wmma-arch]
// CHECK-SIDES: :[[@LINE-2]]:78: {{.*}} sides=sm_70,sm_75{{$}}
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> d;
// CHECK-MESSAGES: :[[@LINE-1]]:54: error: double accumulator fragments of shape 8x8x4 need sm_80 or newer{{.*}} [cuda-wmma-arch]
  wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::col_major> u8;
// CHECK-MESSAGES: :[[@LINE-1]]:78: error: unsigned char fragments need sm_72 or newer{{.*}} [sm_70] [cuda-wmma-arch]
// CHECK-SIDES: :[[@LINE-2]]:78: {{.*}} sides=sm_70{{$}}
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> i32;
// CHECK-MESSAGES: :[[@LINE-1]]:54: error: int accumulator fragments of shape 16x16x16 need sm_72 or newer{{.*}} [sm_70] [cuda-wmma-arch]
}

// Names crt/mma.h declares only from some architecture on.
__global__ void fail2(const float *p) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> t;
// CHECK-MESSAGES: :[[@LINE-1]]:62: error: 'precision::tf32' needs sm_80 or newer; compiled for an older architecture, crt/mma.h does not declare it [sm_70,sm_75] [cuda-wmma-arch]
// CHECK-SIDES: :[[@LINE-2]]:62: {{.*}} sides=sm_70,sm_75{{$}}
  float f = wmma::__float_to_tf32(p[0]);
// CHECK-MESSAGES: :[[@LINE-1]]:19: error: '__float_to_tf32' needs sm_80 or newer{{.*}} [sm_70,sm_75] [cuda-wmma-arch]
  (void)f;
}
__global__ void fail3() {
  wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> a;
// CHECK-MESSAGES: :[[@LINE-1]]:76: error: 'experimental::precision::b1' needs sm_75 or newer{{.*}} [sm_70] [cuda-wmma-arch]
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::col_major> b;
// CHECK-MESSAGES: :[[@LINE-1]]:76: error: 'experimental::precision::b1' needs sm_75{{.*}} [sm_70] [cuda-wmma-arch]
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> c;
// CHECK-MESSAGES: :[[@LINE-1]]:53: error: int accumulator fragments of shape 8x8x128 need sm_75 or newer{{.*}} [sm_70] [cuda-wmma-arch]
  wmma::bmma_sync(c, a, b, c, wmma::experimental::bmmaBitOpXOR);
// CHECK-MESSAGES: :[[@LINE-1]]:9: error: 'bmma_sync' needs sm_75 or newer{{.*}} [sm_70] [cuda-wmma-arch]
  wmma::bmma_sync(c, a, b, c, wmma::experimental::bmmaBitOpAND);
// CHECK-MESSAGES: :[[@LINE-1]]:9: error: 'bmma_sync' needs sm_75 or newer{{.*}} [sm_70] [cuda-wmma-arch]
// CHECK-MESSAGES: :[[@LINE-2]]:51: error: 'bmmaBitOpAND' needs sm_80 or newer{{.*}} [sm_75] [cuda-wmma-arch]
}

// Templates: the fragment of an instantiation.
template <typename T> __device__ void load(const T *p) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, T, wmma::row_major> a;
// CHECK-MESSAGES: :[[@LINE-1]]:66: error: __nv_bfloat16 fragments need sm_80 or newer{{.*}} [sm_70,sm_75] [cuda-wmma-arch]
  wmma::load_matrix_sync(a, p, 16);
}
__global__ void fail4(const half *h, const __nv_bfloat16 *b) {
  load(h);
  load(b);
}

// Negatives: half fragments exist from sm_70 on; a guarded bf16 path.
__global__ void correct1(const half *p, float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::load_matrix_sync(a, p, 16);
  wmma::load_matrix_sync(b, p, 16);
  wmma::fill_fragment(c, 0.0f);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(out, c, 16, wmma::mem_row_major);
}
__global__ void correct2(const __nv_bfloat16 *p) {
#if __CUDA_ARCH__ >= 800
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
  wmma::load_matrix_sync(a, p, 16);
  float f = wmma::__float_to_tf32(1.0f);
  (void)f;
#endif
}
// Inside a function-like macro's arguments (which may be dropped on this side,
// as NV_IF_TARGET does): left to the AST, where a dropped use is not.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define IF_SM80(...) __VA_ARGS__
#else
#define IF_SM80(...)
#endif
__global__ void correct5(float *out) {
  IF_SM80(out[0] = wmma::__float_to_tf32(out[0]);)
}
// A name in a comment or a string is not a use: precision::tf32, bmmaBitOpAND.
__device__ const char *correct3() { return "precision::tf32 bmma_sync"; }
// Only the host side sees this.
#ifndef __CUDA_ARCH__
void correct4() {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
  (void)a;
}
#endif
// A host function: the device sides parse it too, and clang rejects it there.
void fail5() {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> t;
  (void)t;
}
// CHECK-MESSAGES: :[[@LINE-3]]:62: error: 'precision::tf32' needs sm_80{{.*}} [sm_70,sm_75] [cuda-wmma-arch]

