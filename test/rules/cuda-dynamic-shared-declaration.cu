// RUN: %check-cuda-lint %s cuda-dynamic-shared-declaration %t
// RUN: %check-cuda-lint -check-suffix=RDC %s cuda-dynamic-shared-declaration %t -- -- -fgpu-rdc
// An `extern __shared__` variable that is not an unsized array, in a kernel, a
// __device__ function, at file scope, through a macro, in a template. Without
// relocatable device code it is an error on both sides (clang rejects it on
// the host side too: the rule owns that error). With -fgpu-rdc (nvcc's
// -rdc=true) both compilers accept it as a reference to a __shared__ variable
// of another translation unit: the RDC run expects nothing. The variables are
// not used: clang reports each use of a declaration it rejected as a host
// variable as well.
#include <cuda_runtime.h>

struct Pair { int a; float b; };

// The forms nvcc turns into static shared variables (#20044).
__global__ void fail1() {
  extern __shared__ float *p;
// CHECK-MESSAGES: :[[@LINE-1]]:28: error: extern __shared__ variable 'p' of type 'float *' is a pointer, not an unsized array: {{.*}} declare it as 'extern __shared__ T p[]' [cuda-dynamic-shared-declaration]
}
__device__ void fail2() {
  extern __shared__ Pair s;
// CHECK-MESSAGES: :[[@LINE-1]]:26: error: extern __shared__ variable 's' of type 'Pair' is a struct, not an unsized array: {{.*}} [cuda-dynamic-shared-declaration]
}
__global__ void fail3() {
  extern __shared__ int sized[16];
// CHECK-MESSAGES: :[[@LINE-1]]:25: error: extern __shared__ variable 'sized' of type 'int[16]' is a sized array, {{.*}} [cuda-dynamic-shared-declaration]
}
extern __shared__ double fail4;
// CHECK-MESSAGES: :[[@LINE-1]]:26: error: extern __shared__ variable 'fail4' of type 'double' is not an array, not an unsized array: {{.*}} [cuda-dynamic-shared-declaration]
#define DYN_SHARED extern __shared__
__global__ void fail5() {
  DYN_SHARED float *q;
// CHECK-MESSAGES: :[[@LINE-1]]:21: error: extern __shared__ variable 'q' {{.*}} [cuda-dynamic-shared-declaration]
}
template <typename T> __global__ void fail6() {
  extern __shared__ T *tp;
// CHECK-MESSAGES: :[[@LINE-1]]:24: error: extern __shared__ variable 'tp' of type 'T *' is a pointer, {{.*}} [cuda-dynamic-shared-declaration]
}
template __global__ void fail6<float>();
__global__ void fail7() {
  extern __attribute__((shared)) int attr_form[4];
// CHECK-MESSAGES: :[[@LINE-1]]:38: error: extern __shared__ variable 'attr_form' {{.*}} [cuda-dynamic-shared-declaration]
}

// Negatives: unsized arrays (with alignment, in templates), static shared
// variables, extern variables that are not shared, and the host side's extern.
extern __shared__ float correct_file[];
__global__ void correct1(float *out) {
  extern __shared__ __align__(16) unsigned char correct_bytes[];
  extern __shared__ float correct_floats[];
  __shared__ float correct_static[32];
  __shared__ float *correct_static_ptr;
  correct_static[threadIdx.x] = correct_floats[threadIdx.x] + correct_bytes[0] + correct_file[0];
  correct_static_ptr = correct_static;
  out[0] = correct_static_ptr[0];
}
template <typename T> __global__ void correct2(T *out) {
  extern __shared__ T correct_tmpl[];
  out[0] = correct_tmpl[0];
}
template __global__ void correct2<double>(double *);
extern __device__ int correct_device_var;
extern int correct_host_var;
extern "C" int correct_host_fn(int *correct_param);
