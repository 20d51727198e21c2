// RUN: %check-cuda-lint %s cuda-dynamic-shared-conflict %t
// extern __shared__ arrays of one name, in one translation unit, with
// different element types (in two kernels, or one template instantiated for
// two types) or different explicit alignments. clang rejects the type
// conflicts itself (the rule owns that error at its finding); the alignment
// conflicts only nvcc warns about (#1886). Both sides parse the same code.
#include <cuda_runtime.h>

// Two kernels, one name, two element types.
__global__ void fail1_a(float *out) {
  extern __shared__ float fail1_buf[];
  out[0] = fail1_buf[threadIdx.x];
}
__global__ void fail1_b(double *out) {
  extern __shared__ double fail1_buf[];
// CHECK-NOTES: :[[@LINE-1]]:28: error: extern __shared__ array 'fail1_buf' has element type 'double' here and 'float' in another declaration: both name the same dynamic shared memory; declare one 'extern __shared__ __align__(N) unsigned char fail1_buf[]' and cast it to the element type at each use [cuda-dynamic-shared-conflict]
// CHECK-NOTES: :11:27: note: declared with element type 'float' here
  out[0] = fail1_buf[threadIdx.x];
}

// One template, two instantiations.
template <typename T> __global__ void fail2(T *out) {
  extern __shared__ T fail2_smem[];
// CHECK-NOTES: :[[@LINE-1]]:23: error: extern __shared__ array 'fail2_smem' has element type 'double' here and 'float' in another declaration: {{.*}} [cuda-dynamic-shared-conflict]
// CHECK-NOTES: :[[@LINE+7]]:26: note: in instantiation of 'fail2<double>' requested here
// CHECK-NOTES: :[[@LINE-3]]:23: note: declared with element type 'float' here
// CHECK-NOTES: :[[@LINE+4]]:26: note: in instantiation of 'fail2<float>' requested here
  fail2_smem[threadIdx.x] = out[threadIdx.x];
  out[0] = fail2_smem[0];
}
template __global__ void fail2<float>(float *);
template __global__ void fail2<double>(double *);

// Alignments that disagree, with __align__ and alignas.
__global__ void fail3_a(float4 *out) {
  extern __shared__ __align__(16) unsigned char fail3_raw[];
  out[0] = reinterpret_cast<float4 *>(fail3_raw)[threadIdx.x];
}
__global__ void fail3_b(double *out) {
  extern __shared__ __align__(8) unsigned char fail3_raw[];
// CHECK-NOTES: :[[@LINE-1]]:48: error: extern __shared__ array 'fail3_raw' is aligned to 8 bytes here and to 16 bytes in another declaration: {{.*}} [cuda-dynamic-shared-conflict]
// CHECK-NOTES: :36:49: note: aligned to 16 bytes here
  out[0] = reinterpret_cast<double *>(fail3_raw)[threadIdx.x];
}
__global__ void fail3_c(double *out) {
  alignas(32) extern __shared__ unsigned char fail3_raw[];
// CHECK-NOTES: :[[@LINE-1]]:47: error: extern __shared__ array 'fail3_raw' is aligned to 32 bytes here and to 16 bytes in another declaration: {{.*}} [cuda-dynamic-shared-conflict]
// CHECK-NOTES: :36:49: note: aligned to 16 bytes here
  out[0] = reinterpret_cast<double *>(fail3_raw)[threadIdx.x];
}

// Negatives: the fix (one byte array, one alignment, cast per use); one name
// with one type in several kernels and template instantiations; a template
// instantiated once; different names with different types; an unaligned
// redeclaration of an aligned array; different namespaces.
__global__ void correct1_a(float *out) {
  extern __shared__ __align__(16) unsigned char correct1_raw[];
  out[0] = reinterpret_cast<float *>(correct1_raw)[threadIdx.x];
}
__global__ void correct1_b(double *out) {
  extern __shared__ __align__(16) unsigned char correct1_raw[];
  out[0] = reinterpret_cast<double *>(correct1_raw)[threadIdx.x];
}
template <typename T> __global__ void correct2(T *out) {
  extern __shared__ float correct2_buf[];
  out[0] = T(correct2_buf[threadIdx.x]);
}
template __global__ void correct2<float>(float *);
template __global__ void correct2<double>(double *);
__global__ void correct2_other(float *out) {
  extern __shared__ float correct2_buf[];
  out[0] = correct2_buf[0];
}
template <typename T> __global__ void correct3(T *out) {
  extern __shared__ T correct3_smem[];
  out[0] = correct3_smem[0];
}
template __global__ void correct3<int>(int *);
__global__ void correct4_a(float *out) {
  extern __shared__ float correct4_f[];
  extern __shared__ double correct4_d[];
  out[0] = correct4_f[0] + correct4_d[0];
}
__global__ void correct5_a(float *out) {
  extern __shared__ __align__(16) float correct5_buf[];
  out[0] = correct5_buf[0];
}
__global__ void correct5_b(float *out) {
  extern __shared__ float correct5_buf[];
  out[0] = correct5_buf[1];
}
namespace correct6_x {
__global__ void k(float *out) { extern __shared__ float correct6_buf[]; out[0] = correct6_buf[0]; }
}
namespace correct6_y {
__global__ void k(double *out) { extern __shared__ double correct6_buf[]; out[0] = correct6_buf[0]; }
}
