// RUN: %check-cuda-lint %s cuda-assume-side-effect %t
// __builtin_assume with a definite side effect (increment, decrement, assignment, compound
// assignment) in its argument, on the device and the host side, through a macro and in a
// template. Calls are not side effects here (their effects are unknown), reads are not.
#include <cuda_runtime.h>

__global__ void fail1(int *p) {
  __builtin_assume(p[0]++ > 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: the argument of '__builtin_assume' has side effects, which are discarded: it is never evaluated [cuda-assume-side-effect]
  int n = p[1];
  __builtin_assume((n = p[2]) != 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: the argument of '__builtin_assume' has side effects{{.*}} [cuda-assume-side-effect]
  __builtin_assume(--n >= 0 && n < 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: the argument of '__builtin_assume' has side effects{{.*}} [cuda-assume-side-effect]
  p[3] = n;
}

void fail2(int *p) {
  __builtin_assume((p[0] += 4) > 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: the argument of '__builtin_assume' has side effects{{.*}} [cuda-assume-side-effect]
}

#define ASSUME(x) __builtin_assume(x)
__device__ int fail3(int *p) {
  ASSUME(p[0]++ < 1024);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the argument of '__builtin_assume' has side effects{{.*}} [cuda-assume-side-effect]
  return p[0];
}

template <typename T> __device__ T fail4(T *p) {
  __builtin_assume(*p++ > T(0));
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: the argument of '__builtin_assume' has side effects{{.*}} [cuda-assume-side-effect]
  return *p;
}
template __device__ int fail4<int>(int *);
template __device__ float fail4<float>(float *);

// Negatives: comparisons of parameters, threadIdx and blockDim, reads, calls, a side effect
// outside the argument.
__device__ bool valid(int x) { return x > 0; }
__global__ void correct1(int *p, int n) {
  __builtin_assume(n > 0);
  __builtin_assume(threadIdx.x < 256);
  __builtin_assume(blockDim.x % 32 == 0);
  __builtin_assume(p[0] >= 0 && p[1] < n);
  __builtin_assume(valid(n));
  int i = p[2]++;
  __builtin_assume(i < n);
  p[3] = i;
}
void correct2(const int *p) { __builtin_assume(p != nullptr); }

// The other builtins and APIs other rules look for share this rule's call matcher
// (CudaCheck::addNamedCallsMatcher): a side effect in their arguments is not this rule's.
__device__ int other_builtins(int *p) {
  if (__builtin_expect(p[0]++ > 0, 1))
    return __builtin_expect_with_probability(p[1]--, 0, 0.5);
  return 0;
}
