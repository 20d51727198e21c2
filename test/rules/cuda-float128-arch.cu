// RUN: %check-cuda-lint %s cuda-float128-arch %t
// RUN: %check-cuda-lint -check-suffixes=SM100 %s cuda-float128-arch %t-sm100 -- -- --cuda-gpu-arch=sm_100
// __float128 and _Complex in device code. The default run compiles for sm_90: the __float128
// cases are errors. The SM100 run compiles for sm_100, where nvcc accepts device __float128 and
// clang does not; this project is not built with clang (no compile database, no
// CudaLint.Compilers), so neither the rule nor clang's own errors report them there: only the
// _Complex warnings remain. Device code exists on the device side only (CHECK-SIDES).
#include <cuda_runtime.h>

// A local variable; clang complains again at its uses (same line or the next ones): one finding.
__global__ void fail1(double *out, double a) {
  __float128 x = a;
// CHECK-MESSAGES: :[[@LINE-1]]:14: error: variable 'x' has type '__float128': device code supports the 128-bit floating-point type from compute capability 10.0 only, not on sm_90 [cuda-float128-arch]
// CHECK-SIDES: :[[@LINE-2]]:14: {{.*}} sides=sm_90{{$}}
  x = x * x + 1;
  out[0] = (double)x;
}

// A parameter and a result of a __device__ function.
__device__ __float128 fail2(__float128 y) { return y; }
// CHECK-MESSAGES: :[[@LINE-1]]:12: error: the result of 'fail2' has type '__float128': device code {{.*}} [cuda-float128-arch]
// CHECK-MESSAGES: :[[@LINE-2]]:40: error: parameter 'y' has type '__float128': device code {{.*}} [cuda-float128-arch]

// A conversion, in a __host__ __device__ function (nvcc compiles it for the device too).
__host__ __device__ double fail3(double a) { return (double)((__float128)a * 3); }
// CHECK-MESSAGES: :[[@LINE-1]]:62: error: a conversion has type '__float128': device code {{.*}} [cuda-float128-arch]

// A pointer to it, and a __device__ variable.
__device__ __float128 fail4_var;
// CHECK-MESSAGES: :[[@LINE-1]]:23: error: device variable 'fail4_var' has type '__float128': device code {{.*}} [cuda-float128-arch]
__device__ void fail5(__float128 *p, double *o) { o[0] = (double)*p; }
// CHECK-MESSAGES: :[[@LINE-1]]:35: error: parameter 'p' has type '__float128 *': device code {{.*}} [cuda-float128-arch]

// A template instantiated with __float128: clang marks the instantiation invalid and rejects
// the call; its error there is this rule's finding.
template <class T> __device__ T fail6(T v) { T w = v; return w * w; }
__global__ void use6(double *o) { o[0] = (double)fail6<__float128>(o[1]); }
// CHECK-MESSAGES: :[[@LINE-1]]:50: error: 'fail6<__float128>' requires 128 bit size '__float128' type support, but target 'nvptx64-nvidia-cuda' does not support it [cuda-float128-arch]

// _Complex in device code: a warning on every architecture.
__device__ float _Complex fail7(float _Complex z) { return z * z; }
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: the result of 'fail7' has the complex type '_Complex float', which only host code supports [cuda-float128-arch]
// CHECK-MESSAGES: :[[@LINE-2]]:48: warning: parameter 'z' has the complex type '_Complex float', which only host code supports [cuda-float128-arch]
// CHECK-MESSAGES-SM100: :[[@LINE-3]]:12: warning: the result of 'fail7' has the complex type
// CHECK-MESSAGES-SM100: :[[@LINE-4]]:48: warning: parameter 'z' has the complex type
__global__ void fail8(float *out, float a) {
  double _Complex c = a;
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: variable 'c' has the complex type '_Complex double', which only host code supports [cuda-float128-arch]
// CHECK-MESSAGES-SM100: :[[@LINE-2]]:19: warning: variable 'c' has the complex type
  out[0] = (float)__real__ c;
}

// Negatives: host code, host-only paths of __host__ __device__ functions, templates not
// instantiated with the type, constexpr functions that are only implicitly host-device.
__float128 correct1(__float128 x) { return x * x; }
float _Complex correct2(float _Complex z) { return z * z; }
__host__ double correct3(double a) { __float128 q = a; return (double)(q * q); }
__host__ __device__ double correct4(double a) {
#ifndef __CUDA_ARCH__
  __float128 q = a;
  return (double)q;
#else
  return a;
#endif
}
template <class T> __device__ T correct5(T v) { return v * v; }
__global__ void use5(double *o) { o[0] = correct5(o[1]); }
constexpr __float128 correct6(__float128 x) { return x + 1; }
__global__ void correct7(double *o) { o[0] = 2.0 * o[1]; }
int main() { return (int)correct1(2) + (int)correct3(1.0) + (int)correct4(1.0); }
