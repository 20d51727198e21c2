// RUN: %check-cuda-lint %s cuda-nv-abi-pragma %t
// #pragma nv_abi as nvcc 13.0 checks it: its arguments, and what it stands before (a __device__
// function's declaration or definition at namespace scope, or an expression statement in device
// code). Both sides (host, sm_90) parse the device functions: each finding is one, on both.
// Pragmas from macros are reported where the macro is used.
#include <cuda_runtime.h>

__device__ int (*indirect)(int);

// Arguments.
#pragma nv_abi
// CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' without an argument: nvcc requires preserve_n_data(N), preserve_n_control(N) or both [cuda-nv-abi-pragma]
__device__ int fail1(int x);

#pragma nv_abi preserve_registers(4)
// CHECK-MESSAGES: :[[@LINE-1]]:16: error: '#pragma nv_abi' has an option nvcc does not know, 'preserve_registers' (the options are preserve_n_data(N) and preserve_n_control(N)) [cuda-nv-abi-pragma]
__device__ int fail2(int x);

#pragma nv_abi preserve_n_control(2) preserve_n_control(2)
// CHECK-MESSAGES: :[[@LINE-1]]:38: error: '#pragma nv_abi' names 'preserve_n_control' twice [cuda-nv-abi-pragma]
__device__ int fail3(int x);

#pragma nv_abi preserve_n_data(0)
// CHECK-MESSAGES: :[[@LINE-1]]:32: error: '#pragma nv_abi' preserve_n_data(0): the value must be positive [cuda-nv-abi-pragma]
__device__ int fail4(int x);

// Placement in a device function.
__device__ int fail5(int x) {
#pragma nv_abi preserve_n_data(16)
  // CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' before a declaration statement: it must come immediately before a function declaration or definition or an expression statement [cuda-nv-abi-pragma]
  int r = indirect(x);
#pragma nv_abi preserve_n_data(16)
  // CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' before a block: {{.*}} [cuda-nv-abi-pragma]
  { r = indirect(r); }
#pragma nv_abi preserve_n_data(16)
  // CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' before an if statement: {{.*}} [cuda-nv-abi-pragma]
  if (x)
    r = indirect(r);
#pragma nv_abi preserve_n_data(16)
  // CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' before a return statement: {{.*}} [cuda-nv-abi-pragma]
  return indirect(r);
}

__device__ void fail6(int x) {
  indirect(x);
#pragma nv_abi preserve_n_data(16)
  // CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' at the end of a block: it must come immediately before a function declaration or definition or an expression statement [cuda-nv-abi-pragma]
}

// Placement at namespace scope and in a class.
#pragma nv_abi preserve_n_data(16)
// CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' before a declaration that is not a function: {{.*}} [cuda-nv-abi-pragma]
__device__ int fail7_variable;

struct Fail8 {
#pragma nv_abi preserve_n_data(16)
  // CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' before a class member declaration: {{.*}} [cuda-nv-abi-pragma]
  __device__ int member(int x);
};

template <typename T>
#pragma nv_abi preserve_n_data(16)
// CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' between the template parameter list and function 'fail9': put it before 'template' [cuda-nv-abi-pragma]
__device__ T fail9(T x) { return x; }

// What it applies to: not a kernel, not a host function, not inside host code.
#pragma nv_abi preserve_n_data(16)
// CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' before __global__ function 'fail10': it applies to __device__ functions (and to indirect calls in device code) [cuda-nv-abi-pragma]
__global__ void fail10(int *p) { p[0] = 1; }

#pragma nv_abi preserve_n_control(4)
// CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' before host function 'fail11': {{.*}} [cuda-nv-abi-pragma]
void fail11();

int (*host_indirect)(int);
void fail12(int x) {
#pragma nv_abi preserve_n_data(16)
  // CHECK-MESSAGES: :[[@LINE-1]]:1: error: '#pragma nv_abi' inside host function 'fail12': nvcc supports it only in device code [cuda-nv-abi-pragma]
  host_indirect(x);
}

// From a macro: reported at the use.
#define ABI_BAD _Pragma("nv_abi preserve_n_data(16)")
__device__ int fail13(int x) {
  ABI_BAD
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: '#pragma nv_abi' before a declaration statement: {{.*}} [cuda-nv-abi-pragma]
  int r = indirect(x);
  return r;
}

// Negatives: every form nvcc 13.0 accepts.
#pragma nv_abi preserve_n_data(16) preserve_n_control(8)
__device__ int correct1(int x);
#pragma nv_abi preserve_n_control(1)

// comments and blank lines between are fine
__device__ int correct2(int x) { return x; }
#pragma nv_abi preserve_n_data(4)
__host__ __device__ int correct3(int x) { return x; }
#pragma nv_abi preserve_n_data(4)
template <typename T> __device__ T correct4(T x) { return x; }

template <int N> __device__ int correct5(int x) {
  int r = 0;
#pragma nv_abi preserve_n_data(N) preserve_n_control(N + 1)
  r = indirect(x);
#pragma nv_abi preserve_n_data(4)
  indirect(r);
#pragma nv_abi preserve_n_data(4)
  r += 1;
  return r;
}
__global__ void correct6(int *p) {
#pragma nv_abi preserve_n_data(8)
  p[0] = indirect(1);
  p[1] = correct5<16>(2) + correct2(1) + correct3(1) + correct4(1);
}
#define ABI_GOOD _Pragma("nv_abi preserve_n_control(2)")
ABI_GOOD
__device__ int correct7(int x);
__device__ int correct8(int x) {
  int r;
  _Pragma("nv_abi preserve_n_data(2)")
  r = indirect(x);
  return r;
}
// Other pragmas and similar names are not this rule's.
#pragma nv_abi_extra preserve_n_data(0)
int correct9;
