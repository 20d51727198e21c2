// RUN: %check-cuda-lint %s cuda-restrict-alias %t
// One call or launch passing the same pointer, or pointers a small known
// distance apart, to two __restrict__ parameters (one of them non-const).
#include <cuda_runtime.h>

__global__ void axpy(const float *__restrict__ x, float *__restrict__ y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}
__device__ void shift(float *__restrict__ dst, const float *__restrict__ src, int n) {
  for (int i = 0; i < n; ++i) dst[i] = src[i];
}
__device__ void sum2(const float *__restrict__ a, const float *__restrict__ b, float *out) {
  *out = a[0] + b[0];
}

// The same pointer, at a <<<>>> launch.
void fail1(float *d, int n) {
  axpy<<<n / 256, 256>>>(d, d, 2.0f, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: the same pointer is passed to the '__restrict__' parameters 'x' and 'y' of 'axpy' at this launch; {{.*}} [cuda-restrict-alias]
}

// p and p + 1, &p[2], in device code.
__global__ void fail2(float *buf, int n) {
  shift(buf + 1, buf, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: pointers 4 bytes apart are passed to the '__restrict__' parameters 'dst' and 'src' of 'shift' at this call; {{.*}} [cuda-restrict-alias]
  shift(buf, &buf[2], n);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: pointers 8 bytes apart are passed to the '__restrict__' parameters 'dst' and 'src' of 'shift' at this call; {{.*}} [cuda-restrict-alias]
}

// A local array, the same expression twice.
__global__ void fail3(float *out, int k) {
  float tmp[64];
  shift(tmp, tmp, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: the same pointer is passed to the '__restrict__' parameters 'dst' and 'src' of 'shift' at this call; {{.*}} [cuda-restrict-alias]
  shift(out + k * 32, out + k * 32, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: the same pointer is passed to the '__restrict__' parameters 'dst' and 'src' of 'shift' at this call; {{.*}} [cuda-restrict-alias]
}

// In a template instantiation, once.
template <int K> __global__ void fail4(float *p) { shift(p, p + K, 4); }
// CHECK-MESSAGES: :[[@LINE-1]]:61: warning: pointers {{[0-9]+}} bytes apart are passed {{.*}} [cuda-restrict-alias]
template __global__ void fail4<1>(float *);

// Negatives.
void correct1(float *x, float *y, int n) {
  axpy<<<n / 256, 256>>>(x, y, 2.0f, n);      // different pointers
  axpy<<<n / 256, 256>>>(x, x + n, 2.0f, n);  // a far, unknown distance
}
__global__ void correct2(float *buf, const float *in, int n) {
  shift(buf, buf + 1024, 16);  // beyond MaxElementDistance
  shift(buf, in, n);
  float v;
  sum2(buf, buf, &v);          // both const: reads only
}
