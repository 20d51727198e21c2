// RUN: %check-cuda-lint %s cuda-assume-aligned %t
// __builtin_assume_aligned with an alignment that is not a power of two, on the device and the
// host side (one finding each: the sides are merged; clang's own error, "requested alignment is
// not a power of 2", is replaced by the finding). The option RequireLiteral is tested in
// cuda-assume-aligned-options.cu.
#include <cuda_runtime.h>

__device__ const float *fail1(const float *p) {
  return (const float *)__builtin_assume_aligned(p, 24);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: error: alignment 24 given to '__builtin_assume_aligned' is not a power of two [cuda-assume-aligned]
}

// Host code, with an offset argument; 0 is not a power of two either.
const float *fail2(const float *p) {
  return (const float *)__builtin_assume_aligned(p, 12, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: error: alignment 12 given to '__builtin_assume_aligned' is not a power of two [cuda-assume-aligned]
}
__host__ __device__ const float *fail3(const float *p) {
  return (const float *)__builtin_assume_aligned(p, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: error: alignment 0 given to '__builtin_assume_aligned' is not a power of two [cuda-assume-aligned]
}

// Constant expressions that evaluate to a bad value.
constexpr int kBadAlign = 3 * 4;
struct Vec3 { float x, y, z; };
__global__ void fail4(const float *p, float *out) {
  const float *q = (const float *)__builtin_assume_aligned(p, kBadAlign);
  // CHECK-MESSAGES: :[[@LINE-1]]:63: error: alignment 12 given to '__builtin_assume_aligned' is not a power of two [cuda-assume-aligned]
  const float *r = (const float *)__builtin_assume_aligned(p, sizeof(Vec3));
  // CHECK-MESSAGES: :[[@LINE-1]]:63: error: alignment 12 given to '__builtin_assume_aligned' is not a power of two [cuda-assume-aligned]
  out[0] = q[0] + r[0];
}

// A template parameter: reported at the template for the instantiation with 48.
template <int Align>
__device__ const float *aligned(const float *p) {
  return (const float *)__builtin_assume_aligned(p, Align);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: error: alignment 48 given to '__builtin_assume_aligned' is not a power of two [cuda-assume-aligned]
}
__device__ float fail5(const float *p) { return aligned<16>(p)[0] + aligned<48>(p)[0]; }

// A macro: reported where it is used.
#define ASSUME_ALIGNED(p, a) ((const float *)__builtin_assume_aligned((p), (a)))
__device__ float fail6(const float *p) { return ASSUME_ALIGNED(p, 6)[0]; }
// CHECK-MESSAGES: :[[@LINE-1]]:49: error: alignment 6 given to '__builtin_assume_aligned' is not a power of two [cuda-assume-aligned]

// Negatives: powers of two as literals, constexpr, sizeof, a good instantiation; alignas(24)
// is clang's error, not this rule's (it is not a __builtin_assume_aligned call), so it is not
// in this file.
constexpr int kAlign = 16;
__global__ void correct1(const float *p, float *out) {
  const float *a = (const float *)__builtin_assume_aligned(p, 16);
  const float *b = (const float *)__builtin_assume_aligned(p, 1);
  const float *c = (const float *)__builtin_assume_aligned(p, 256, 8);
  const float *d = (const float *)__builtin_assume_aligned(p, kAlign);
  const float *e = (const float *)__builtin_assume_aligned(p, sizeof(float4));
  out[0] = a[0] + b[0] + c[0] + d[0] + e[0] + aligned<4>(p)[0];
}
void correct2(const float *p, float *out) {
  out[0] = ((const float *)__builtin_assume_aligned(p, (8)))[0];
}
