// RUN: %check-cuda-lint %s cuda-maxrregcount-overridden %t -- -- -arch=sm_90 -maxrregcount=24
// RUN: %check-cuda-lint -check-suffix=LONG %s cuda-maxrregcount-overridden %t -- -- -arch=sm_90 --maxrregcount 40
// Without -maxrregcount nothing is reported (the same file, no CHECK lines of its own).
// RUN: %check-cuda-lint -check-suffix=NONE %s cuda-maxrregcount-overridden %t -- -- -arch=sm_90
// The flag is a fact of the command (the same on every side); the finding is at __maxnreg__.
#include <cuda_runtime.h>

__global__ void __maxnreg__(32) fail1(float *x) { x[threadIdx.x] = 0; }
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: -maxrregcount=24 of the compile command is ignored for kernel 'fail1': its __maxnreg__(32) sets its register limit [cuda-maxrregcount-overridden]
// CHECK-MESSAGES-LONG: :[[@LINE-2]]:17: warning: -maxrregcount=40 of the compile command is ignored for kernel 'fail1': its __maxnreg__(32) sets its register limit [cuda-maxrregcount-overridden]

// On an earlier declaration only: one finding, at the annotation.
__global__ void __maxnreg__(64) fail2(int n);
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: {{.*}} kernel 'fail2': its __maxnreg__(64) {{.*}} [cuda-maxrregcount-overridden]
// CHECK-MESSAGES-LONG: :[[@LINE-2]]:17: warning: {{.*}} kernel 'fail2': {{.*}} [cuda-maxrregcount-overridden]
__global__ void fail2(int n) {}

// A template kernel: one finding for the template, however many instantiations.
template <int N> __global__ void __maxnreg__(N) fail3(float *x) {}
// CHECK-MESSAGES: :[[@LINE-1]]:34: warning: {{.*}} kernel 'fail3': its __maxnreg__ sets its register limit [cuda-maxrregcount-overridden]
// CHECK-MESSAGES-LONG: :[[@LINE-2]]:34: warning: {{.*}} [cuda-maxrregcount-overridden]
void launch3(float *x) {
  fail3<32><<<1, 32>>>(x);
  fail3<64><<<1, 32>>>(x);
}

// Negatives: kernels without __maxnreg__ (the flag applies), __launch_bounds__ (which works
// with the flag), and a __device__ function.
__global__ void correct1(float *x) {}
__global__ void __launch_bounds__(128) correct2(float *x) {}
__device__ float correct3(float v) { return v; }
