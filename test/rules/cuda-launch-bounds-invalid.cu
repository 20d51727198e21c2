// RUN: %check-cuda-lint %s cuda-launch-bounds-invalid %t
// RUN: %check-cuda-lint -check-suffixes=,SM80 %s cuda-launch-bounds-invalid %t-sm80 -- -- --cuda-gpu-arch=sm_80
// __launch_bounds__ values: limits of every GPU (all sides), resident threads
// and the third argument per architecture (device sides: sm_90 by default,
// sm_80 in the second run).
#include <cuda_runtime.h>

__global__ void __launch_bounds__(2048) fail1(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: warning: __launch_bounds__ of kernel 'fail1' gives 2048 threads per block, above the limit of 1024; no launch can use them [cuda-launch-bounds-invalid]

// Not a multiple of 32: a finding only with the option RequireWarpMultiple
// (cuda-launch-bounds-invalid-options.cu); ggml launches such kernels with
// exactly D threads.
__global__ void __launch_bounds__(100) correct_not_warp_multiple(float *x) {}
__global__ void __launch_bounds__(72, 1) correct_row_width(float *x) {}

__global__ void __launch_bounds__(1024, 4) fail3(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: warning: __launch_bounds__ of kernel 'fail3' asks for 4 blocks of 1024 threads per multiprocessor (4096 threads), more than the 2048 resident threads of sm_{{80|90}} [cuda-launch-bounds-invalid]

__global__ void __launch_bounds__(256) fail4(float *x);
__global__ void __launch_bounds__(128) fail4(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: warning: declarations of kernel 'fail4' disagree on __launch_bounds__; which one applies depends on the compiler [cuda-launch-bounds-invalid]
// CHECK-NOTES: :[[@LINE-3]]:17: note: first __launch_bounds__ is given here

#define KERNEL_BOUNDS(n) __launch_bounds__(n)
template <int N> __global__ void KERNEL_BOUNDS(N) fail5(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:34: warning: __launch_bounds__ of kernel 'fail5' gives 4096 threads per block, above the limit of 1024
template __global__ void fail5<4096>(float *);
template __global__ void fail5<256>(float *);

// The third argument (maxBlocksPerCluster) needs sm_90: a finding of the sm_80 side only.
__global__ void __launch_bounds__(256, 2, 4) fail6(float *x) {}
// CHECK-NOTES-SM80: :[[@LINE-1]]:17: warning: the third __launch_bounds__ argument (maxBlocksPerCluster) of kernel 'fail6' needs sm_90 or newer; compiled for sm_80 it is ignored [cuda-launch-bounds-invalid]

// Negatives.
constexpr int kThreads = 512;
__global__ void __launch_bounds__(kThreads, 4) correct1(float *x) {}   // 2048 resident threads
__global__ void __launch_bounds__(1024) correct2(float *x);
__global__ void __launch_bounds__(1024) correct2(float *x) {}          // same on both
__global__ void correct3(float *x);
__global__ void __launch_bounds__(96, 8) correct3(float *x) {}        // one declaration with bounds
template <int N> __global__ void __launch_bounds__(N * 32) correct4(float *x) {}
template __global__ void correct4<8>(float *);
