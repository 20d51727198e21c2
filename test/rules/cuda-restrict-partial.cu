// RUN: %check-cuda-lint %s cuda-restrict-partial %t
// Kernels and device functions with some pointer parameters __restrict__ and
// two unqualified ones that the body accesses, may alias, and one of which it
// writes. Both sides see the same bodies.
#include <cuda_runtime.h>

// Two unqualified pointers, one read, one written, beside a restrict one.
__global__ void fail1(const float *a, const float *__restrict__ b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
// CHECK-MESSAGES: :[[@LINE-4]]:36: warning: pointer parameter 'a' of 'fail1' is not '__restrict__' while 'b' is; the unqualified pointers may alias each other, so the compiler must reload through one after every store through another [cuda-restrict-partial]
// CHECK-MESSAGES: :[[@LINE-5]]:75: warning: pointer parameter 'c' of 'fail1' is not '__restrict__' while 'b' is; the unqualified pointers may alias each other, {{.*}} [cuda-restrict-partial]

// The write is through a local pointer made from the parameter, and a
// compound assignment.
__device__ void fail2(float *out, const float *__restrict__ in, const float *bias, int n) {
  float *row = out + n * threadIdx.y;
  row[threadIdx.x] += in[threadIdx.x] * bias[threadIdx.x];
}
// CHECK-MESSAGES: :[[@LINE-4]]:30: warning: pointer parameter 'out' of 'fail2' is not '__restrict__' while 'in' is; the unqualified pointers may alias each other, {{.*}} [cuda-restrict-partial]
// CHECK-MESSAGES: :[[@LINE-5]]:78: warning: pointer parameter 'bias' of 'fail2' {{.*}} [cuda-restrict-partial]

// In a template: reported once, at the pattern.
template <typename T>
__global__ void fail3(T *__restrict__ dst, const T *src, T *acc) {
  dst[threadIdx.x] = src[threadIdx.x];
  acc[threadIdx.x] += src[threadIdx.x];
}
// CHECK-MESSAGES: :[[@LINE-4]]:53: warning: pointer parameter 'src' of 'fail3' is not '__restrict__' while 'dst' is; the unqualified pointers may alias each other, {{.*}} [cuda-restrict-partial]
// CHECK-MESSAGES: :[[@LINE-5]]:61: warning: pointer parameter 'acc' of 'fail3' {{.*}} [cuda-restrict-partial]
template __global__ void fail3<float>(float *__restrict__, const float *, float *);
template __global__ void fail3<int>(int *__restrict__, const int *, int *);

// A write through atomicAdd; a char pointer may alias an int one.
__global__ void fail4(const unsigned char *bytes, int *hist, const float *__restrict__ w) {
  atomicAdd(&hist[bytes[threadIdx.x]], int(w[0]));
}
// CHECK-MESSAGES: :[[@LINE-3]]:44: warning: pointer parameter 'bytes' of 'fail4' is not '__restrict__' while 'w' is; the unqualified pointers may alias each other, {{.*}} [cuda-restrict-partial]
// CHECK-MESSAGES: :[[@LINE-4]]:56: warning: pointer parameter 'hist' of 'fail4' {{.*}} [cuda-restrict-partial]

// Negatives.
// One pointer parameter.
__global__ void correct1(float *__restrict__ x) { x[threadIdx.x] *= 2.0f; }
__global__ void correct2(float *x, int n) { x[threadIdx.x] = n; }
// All restrict, none restrict.
__global__ void correct3(const float *__restrict__ a, float *__restrict__ b) { b[0] = a[0]; }
__global__ void correct4(const float *a, float *b) { b[0] = a[0]; }
// A single unqualified pointer: the others' __restrict__ already keep it
// apart (nvcc 13.0 emits the same code as with all three qualified).
__global__ void correct5(const float *a, const float *__restrict__ b, float *__restrict__ c) {
  c[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
}
__device__ void correct6(float *out, const float *__restrict__ in) { out[threadIdx.x] += in[0]; }
// Nothing is written through any pointer parameter: aliasing cannot matter.
__device__ float correct7(const float *a, const float *b, const float *__restrict__ c) {
  return a[0] + b[0] + c[0];
}
// An unqualified pointer the body never dereferences (passed on, compared).
__device__ void store(float *p, float v) { *p = v; }
__global__ void correct8(float *__restrict__ out, float *scratch, const float *in) {
  out[threadIdx.x] = in[threadIdx.x];
  if (scratch != nullptr) store(scratch, 1.0f);
}
// Unqualified pointers to different non-char types: type-based alias
// analysis already keeps them apart.
__global__ void correct9(const int *idx, float *out, const float *__restrict__ in) {
  out[threadIdx.x] = in[idx[threadIdx.x]];
}
// A __forceinline__ helper: its callers' arguments decide the aliasing.
__device__ __forceinline__ void correct11(const float *src, float *tmp, float *acc, const float *__restrict__ w) {
  tmp[threadIdx.x] = src[threadIdx.x] * w[0];
  acc[threadIdx.x] += tmp[threadIdx.x];
}
// Host functions are not device code.
void correct10(const float *a, float *b, float *__restrict__ c) { b[0] = a[0]; c[0] = 0; }
// An in-place operation: a launch in this translation unit passes the same
// buffer (through casts) as 'src' and 'dst', so those two are meant to alias and
// '__restrict__' on either would be a promise the caller breaks (ggml's
// two-GPU all-reduce kernel). 'tmp' is not passed any of that memory: still
// reported, once, at the template.
template <typename T, typename W>
__global__ void inplace(const T *src, T *dst, W *__restrict__ wire, T *tmp, T *tmp2) {
  wire[threadIdx.x] = W(src[threadIdx.x]);
  dst[threadIdx.x] = src[threadIdx.x] + T(wire[threadIdx.x ^ 1]);
  tmp[threadIdx.x] += tmp2[threadIdx.x];
}
// CHECK-MESSAGES: :[[@LINE-5]]:72: warning: pointer parameter 'tmp' of 'inplace' is not '__restrict__' while 'wire' is; {{.*}} [cuda-restrict-partial]
// CHECK-MESSAGES: :[[@LINE-6]]:80: warning: pointer parameter 'tmp2' of 'inplace' {{.*}} [cuda-restrict-partial]
void allreduce(char *data, float *wire, float *scratch, float *scratch2) {
  inplace<float, float><<<1, 256>>>(reinterpret_cast<const float *>(data),
                                    reinterpret_cast<float *>(data), wire, scratch, scratch2);
  inplace<double, float><<<1, 256>>>(reinterpret_cast<const double *>(data) + 4,
                                     reinterpret_cast<double *>(data), wire, nullptr, nullptr);
}
// Distinct buffers at every launch: still a finding.
__global__ void outofplace(const float *src, float *dst, float *__restrict__ wire) {
  wire[threadIdx.x] = src[threadIdx.x];
  dst[threadIdx.x] = src[threadIdx.x] + wire[0];
}
// CHECK-MESSAGES: :[[@LINE-4]]:41: warning: pointer parameter 'src' of 'outofplace' is not '__restrict__' while 'wire' is; {{.*}} [cuda-restrict-partial]
// CHECK-MESSAGES: :[[@LINE-5]]:53: warning: pointer parameter 'dst' of 'outofplace' {{.*}} [cuda-restrict-partial]
void launchOutOfPlace(const float *a, float *b, float *w) { outofplace<<<1, 32>>>(a, b, w); }
