// RUN: %check-cuda-lint %s cuda-expect-non-constant %t
// __builtin_expect (and __builtin_expect_with_probability) whose expected value is not a
// constant, on the device and the host side, through a macro and in a template instantiation.
#include <cuda_runtime.h>

__global__ void fail1(int *p, int x) {
  if (__builtin_expect(x, x + 1))
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: the expected value of '__builtin_expect' is not a constant: no branch hint results [cuda-expect-non-constant]
    p[0] = 1;
  if (__builtin_expect(p[1] > 0, p[2]))
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: the expected value of '__builtin_expect' is not a constant{{.*}} [cuda-expect-non-constant]
    p[3] = 1;
}

bool fail2(long v, long usual) {
  return __builtin_expect(v, usual) == usual;
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: the expected value of '__builtin_expect' is not a constant{{.*}} [cuda-expect-non-constant]
}

#define EXPECT_LIKE(x, y) __builtin_expect((x), (y))
__device__ int fail3(int a, int b) {
  return EXPECT_LIKE(a, b) ? 1 : 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: the expected value of '__builtin_expect' is not a constant{{.*}} [cuda-expect-non-constant]
}

__device__ int fail4(int a, int b) {
  return __builtin_expect_with_probability(a, b, 0.9) ? 1 : 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: the expected value of '__builtin_expect_with_probability' is not a constant{{.*}} [cuda-expect-non-constant]
}

// A template: reported in the instantiation where the value is not constant (the pattern's
// dependent value is not judged).
template <typename T> __device__ bool expectAs(T v, T e) { return __builtin_expect(v, e); }
// CHECK-MESSAGES: :[[@LINE-1]]:87: warning: the expected value of '__builtin_expect' is not a constant{{.*}} [cuda-expect-non-constant]
__device__ bool fail5(long v, long e) { return expectAs(v, e); }

// Negatives: literals, constexpr, enumerators, template parameters, likely/unlikely macros.
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
constexpr long kUsual = 4;
enum { kExpected = 1 };
template <int E> __device__ bool expectConst(int v) { return __builtin_expect(v, E); }
__global__ void correct1(int *p, int x) {
  if (__builtin_expect(x, 0)) p[0] = 1;
  if (__builtin_expect(x == 4, 1)) p[1] = 1;
  if (__builtin_expect(x, kUsual)) p[2] = 1;
  if (__builtin_expect(x, kExpected)) p[3] = 1;
  if (likely(x > 0)) p[4] = 1;
  if (unlikely(x < 0)) p[5] = 1;
  if (expectConst<3>(x)) p[6] = 1;
  if (__builtin_expect_with_probability(x, 1, 0.25)) p[7] = 1;
  if (__builtin_expect(x, sizeof(int))) p[8] = 1;
}
