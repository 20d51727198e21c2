// RUN: %check-cuda-lint %s cuda-assert-side-effect %t
// RUN: %check-cuda-lint -check-suffix=NDEBUG %s cuda-assert-side-effect %t-ndebug -- -- -DNDEBUG --cuda-gpu-arch=sm_90
// assert(e) in device code (__global__, __device__, __host__ __device__, a template, a lambda)
// where e has a definite side effect. Built with NDEBUG the expression is gone, and so is the
// finding (the second RUN line: nothing is reported).
#include <cassert>
#include <cuda_runtime.h>

__global__ void fail1(int *p) {
  assert(p[0]++ < 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the condition of 'assert' has side effects: defining NDEBUG removes them and changes what the device code does [cuda-assert-side-effect]
  int n;
  assert((n = p[1]) > 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the condition of 'assert' has side effects{{.*}} [cuda-assert-side-effect]
  p[2] = n;
}

__device__ int fail2(int *counter) {
  assert(atomicAdd(counter, 1) >= 0 && --counter[1] >= 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the condition of 'assert' has side effects{{.*}} [cuda-assert-side-effect]
  return counter[0];
}

__host__ __device__ void fail3(int *p) {
  assert((p[0] += 1) != 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the condition of 'assert' has side effects{{.*}} [cuda-assert-side-effect]
}

#define CHECK_POSITIVE(x) assert((x) > 0)
template <typename T> __device__ void fail4(T *p) {
  CHECK_POSITIVE(*p++);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the condition of 'assert' has side effects{{.*}} [cuda-assert-side-effect]
}
template __device__ void fail4<int>(int *);
template __device__ void fail4<float>(float *);

__global__ void fail5(int *p) {
  auto step = [&](int i) { assert(p[i]-- > 0); };
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: the condition of 'assert' has side effects{{.*}} [cuda-assert-side-effect]
  step(0);
}

// Negatives: conditions without side effects (reads, comparisons, calls of functions, whose
// effects are unknown), a side effect before the assert, host-only code, a function named
// assert in a namespace.
__device__ bool ok(int x) { return x >= 0; }
__global__ void correct1(int *p, int n) {
  assert(p[0] < n);
  assert(threadIdx.x < blockDim.x);
  assert(ok(p[1]));
  int v = p[2]++;
  assert(v >= 0);
  assert(p != nullptr && "p must be set");
  p[3] = v;
}
void correct2(int *p) { assert(p[0]++ < 4); }
__device__ void expect_true(bool) {}
__device__ void correct3(int *p) { expect_true(p[0]++ < 4); }
