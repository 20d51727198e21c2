// RUN: %check-cuda-lint %s cuda-restrict-partial %t
// Kernels and device functions with some, not all, pointer parameters
// __restrict__, where the body accesses memory through the unqualified one
// and one of the two pointers is written. Both sides see the same bodies.
#include <cuda_runtime.h>

// The written pointer is restrict, a read one is not.
__global__ void fail1(const float *a, const float *__restrict__ b, float *__restrict__ c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
// CHECK-MESSAGES: :[[@LINE-4]]:36: warning: pointer parameter 'a' of 'fail1' is not '__restrict__' while 'b' is; {{.*}} [cuda-restrict-partial]

// The written pointer is the unqualified one; the write is through a local
// pointer made from it, and a compound assignment.
__device__ void fail2(float *out, const float *__restrict__ in, int n) {
  float *row = out + n * threadIdx.y;
  row[threadIdx.x] += in[threadIdx.x];
}
// CHECK-MESSAGES: :[[@LINE-4]]:30: warning: pointer parameter 'out' of 'fail2' is not '__restrict__' while 'in' is; {{.*}} [cuda-restrict-partial]

// In a template: reported once, at the pattern.
template <typename T>
__global__ void fail3(T *__restrict__ dst, const T *src) {
  dst[threadIdx.x] = src[threadIdx.x];
}
// CHECK-MESSAGES: :[[@LINE-3]]:53: warning: pointer parameter 'src' of 'fail3' is not '__restrict__' while 'dst' is; {{.*}} [cuda-restrict-partial]
template __global__ void fail3<float>(float *__restrict__, const float *);
template __global__ void fail3<int>(int *__restrict__, const int *);

// A write through atomicAdd, a char pointer that may alias anything.
__global__ void fail4(const unsigned char *bytes, int *__restrict__ hist) {
  atomicAdd(&hist[bytes[threadIdx.x]], 1);
}
// CHECK-MESSAGES: :[[@LINE-3]]:44: warning: pointer parameter 'bytes' of 'fail4' is not '__restrict__' while 'hist' is; {{.*}} [cuda-restrict-partial]

// Negatives.
// One pointer parameter.
__global__ void correct1(float *__restrict__ x) { x[threadIdx.x] *= 2.0f; }
__global__ void correct2(float *x, int n) { x[threadIdx.x] = n; }
// All restrict, none restrict.
__global__ void correct3(const float *__restrict__ a, float *__restrict__ b) { b[0] = a[0]; }
__global__ void correct4(const float *a, float *b) { b[0] = a[0]; }
// Nothing is written through any pointer parameter: aliasing cannot matter.
__device__ float correct5(const float *a, const float *__restrict__ b) { return a[0] + b[0]; }
// The unqualified pointer is never accessed here (passed on, compared).
__device__ void store(float *p, float v) { *p = v; }
__global__ void correct6(float *__restrict__ out, float *scratch, const float *__restrict__ in) {
  out[threadIdx.x] = in[threadIdx.x];
  if (scratch != nullptr) store(scratch, 1.0f);
}
// Pointers to different non-char types: type-based alias analysis already
// keeps them apart.
__global__ void correct7(const int *idx, float *__restrict__ out, const float *__restrict__ in) {
  out[threadIdx.x] = in[idx[threadIdx.x]];
}
// Host functions are not device code.
void correct8(const float *a, float *__restrict__ b) { b[0] = a[0]; }
