// RUN: %check-cuda-lint %s cuda-arch-in-host-code %t
// A host function is compiled by the host side alone, where __CUDA_ARCH__ is never defined;
// the findings are the host side's (CHECK-SIDES).
#include <cuda_runtime.h>

#define IS_DEVICE_PASS defined(__CUDA_ARCH__)

int fail1() {
#ifdef __CUDA_ARCH__
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: __CUDA_ARCH__ is tested (#ifdef) in 'fail1', which runs only on the host, where __CUDA_ARCH__ is never defined: the branch for device code is dead [cuda-arch-in-host-code]
  // CHECK-SIDES: :[[@LINE-2]]:8: {{.*}} sides=host{{$}}
  return 1;
#else
  return 0;
#endif
}

__host__ int fail2(int x) {
#if __CUDA_ARCH__ >= 800
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __CUDA_ARCH__ is tested (#if) in 'fail2', {{.*}} [cuda-arch-in-host-code]
  x *= 2;
#elif defined(__CUDA_ARCH__)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: __CUDA_ARCH__ is tested (#elif) in 'fail2', {{.*}} [cuda-arch-in-host-code]
  x *= 3;
#endif
#ifndef __CUDA_ARCH__
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: __CUDA_ARCH__ is tested (#ifndef) in 'fail2', {{.*}} [cuda-arch-in-host-code]
  x += 1;
#else
  x -= 1;
#endif
  return x;
}

// Not a finding: `#ifndef __CUDA_ARCH__` without an #else in a host function keeps host code
// on the host (a redundant guard, as CUTLASS writes around a host-only Print()); no branch
// is dead.
int correct_guard(int x) {
#ifndef __CUDA_ARCH__
  x += 1;
#endif
  return x;
}

// Through a macro, in a method, in a template, and in a host lambda's body.
struct Widget {
  int fail3() const {
#if IS_DEVICE_PASS
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __CUDA_ARCH__ is tested (#if) in 'fail3', {{.*}} [cuda-arch-in-host-code]
    return 1;
#endif
    return 0;
  }
};
template <typename T> T fail4(T v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __CUDA_ARCH__ is tested (#if) in 'fail4', {{.*}} [cuda-arch-in-host-code]
  return v + 1;
#else
  return v;
#endif
}
int use4() { return fail4(1) + fail4(2L); }

// Negatives: __host__ __device__, __device__ and __global__ functions, a __device__ lambda in
// a host function, __CUDA_ARCH__ outside functions, a comment, a longer name, and
// __CUDA_ARCH_LIST__ (defined by nvcc in the host compilation as well).
__host__ __device__ int correct1() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 0;
#endif
}
__device__ int correct2() {
#if __CUDA_ARCH__ >= 800
  return 2;
#endif
  return 0;
}
__global__ void correct3(int *p) {
#ifndef __CUDA_ARCH__
  p[0] = 0;
#endif
}
void correct4(int *p) {
  auto f = [] __device__ (int i) {
#ifdef __CUDA_ARCH__
    return i;
#else
    return 0;
#endif
  };
  (void)f;
#if 0 // __CUDA_ARCH__ is not tested here
#endif
#ifdef MY__CUDA_ARCH__X
#endif
#ifdef __CUDA_ARCH_LIST__ // nvcc defines it on the host side too
#endif
}
#ifdef __CUDA_ARCH__
__device__ int correct5() { return 5; }
#endif
#if !defined(__CUDA_ARCH__)
void correct6() {}
#endif
template <typename T> __host__ __device__ T correct7(T v) {
#ifdef __CUDA_ARCH__
  return v;
#else
  return -v;
#endif
}
int use7() { return correct7(1); }
