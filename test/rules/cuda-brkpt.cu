// RUN: %check-cuda-lint %s cuda-brkpt %t
// RUN: %check-cuda-lint %s cuda-brkpt %t-sys -- --system-headers
// A __brkpt() call in user code: in a kernel, a __device__ and a __host__ __device__ function,
// from a macro, in a template (one finding per written call, whatever the sides and
// instantiations; device function bodies are parsed on the host side too). With
// --system-headers, the wrappers' own `__brkpt(int) { __brkpt(); }` (clang's CUDA headers) is not
// a finding.
#include <cuda_runtime.h>

__global__ void fail1(int *p) {
  if (p[0] < 0)
    __brkpt();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__brkpt()' left in the source: outside a debugger the breakpoint stops the kernel [cuda-brkpt]
  p[0] = 1;
}

__device__ void fail2() { __brkpt(); }
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: '__brkpt()' left in the source{{.*}} [cuda-brkpt]

#define DEBUG_STOP() __brkpt()
__host__ __device__ void fail3() {
#ifdef __CUDA_ARCH__
  DEBUG_STOP();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '__brkpt()' left in the source{{.*}} [cuda-brkpt]
  // CHECK-SIDES: :[[@LINE-2]]:3: {{.*}} sides=sm_90{{$}}
#endif
}

template <typename T> __device__ void fail4(T *p) {
  __brkpt();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '__brkpt()' left in the source{{.*}} [cuda-brkpt]
  // The host side leaves device bodies to the device sides (it does not parse them):
  // CHECK-SIDES: :[[@LINE-3]]:3: {{.*}} sides=sm_90{{$}}
  p[0] = T();
}
template __device__ void fail4<int>(int *);
template __device__ void fail4<float>(float *);

// Negatives: other functions and names, a comment, a string, a function named like it in a
// namespace, __trap (a different intrinsic, not a debugging aid left behind).
namespace mine { __device__ void __brkpt() {} }
__device__ void brkpt() {}
__global__ void correct1(int *p) {
  // __brkpt();
  const char *s = "__brkpt()";
  mine::__brkpt();
  brkpt();
  if (p[0] < 0)
    __trap();
  p[0] = s[0];
}

// Negatives: a trap after an error is reported, as CuTe's CUTE_INVALID_CONTROL_PATH writes it
// (`assert(0 && msg); printf(msg); __brkpt()`, also under NDEBUG, where assert is empty), is
// deliberate. A printf after the breakpoint, or in another block, does not make it one.
#include <cassert>
#include <cstdio>
#define INVALID_PATH(msg) assert(0 && msg); printf(msg); __brkpt()
__device__ void correct2(int mode) {
  if (mode == 3) {
    INVALID_PATH("mode 3 is not supported on this architecture\n");
  }
  if (mode == 4) {
    printf("unsupported mode %d\n", mode);
    __brkpt();
  }
}

__device__ void fail5(int mode) {
  if (mode == 5) {
    __brkpt();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__brkpt()' left in the source{{.*}} [cuda-brkpt]
    printf("after\n");
  }
  printf("elsewhere\n");
  if (mode == 6)
    __brkpt();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__brkpt()' left in the source{{.*}} [cuda-brkpt]
}

// Negatives: the breakpoint is an assertion macro's body, as older CuTe's
// CUTE_RUNTIME_ASSERT(msg) is on the device side, used where an architecture
// feature is compiled out. A macro named otherwise is still reported.
#define LIB_RUNTIME_ASSERT(x) __brkpt()
#define WRAP_ASSERT(x) LIB_RUNTIME_ASSERT(x)
#define BREAK_HERE() __brkpt()
__device__ void correct3(int mode) {
#if defined(FEATURE_ENABLED)
  (void)mode;
#else
  LIB_RUNTIME_ASSERT("Trying to use the feature without FEATURE_ENABLED.");
  if (mode == 7)
    WRAP_ASSERT("mode 7");
#endif
}

__device__ void fail6() {
  BREAK_HERE();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '__brkpt()' left in the source{{.*}} [cuda-brkpt]
}
