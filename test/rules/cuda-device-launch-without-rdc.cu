// RUN: %check-cuda-lint %s cuda-device-launch-without-rdc %t
// With relocatable device code, nothing is reported (no CHECK lines of its own): clang's
// -fgpu-rdc and nvcc's -rdc=true.
// RUN: %check-cuda-lint -check-suffix=RDC %s cuda-device-launch-without-rdc %t -- -- --cuda-gpu-arch=sm_90 -fgpu-rdc
// RUN: %check-cuda-lint -check-suffix=RDC %s cuda-device-launch-without-rdc %t -- -- -arch=sm_90 -rdc=true
// RUN: %check-cuda-lint -check-suffix=NVCC %s cuda-device-launch-without-rdc %t -- -- -arch=sm_90
// The launch is device code on the device side only (a __host__ __device__ function launches
// from the host on the host side): the findings are the device side's, and clang's own error
// there ("requires relocatable device code") is this rule's, reported once.
#include <cuda_runtime.h>

__global__ void child(int *p) {}

__global__ void fail1(int *p) {
  child<<<1, 1>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'child' is launched from device code (in 'fail1') without relocatable device code: compile with -rdc=true (nvcc) or -fgpu-rdc (clang) [cuda-device-launch-without-rdc]
  // CHECK-MESSAGES-NVCC: :[[@LINE-2]]:3: error: kernel 'child' is launched from device code (in 'fail1') {{.*}} [cuda-device-launch-without-rdc]
  // CHECK-SIDES: :[[@LINE-3]]:3: {{.*}} sides=sm_90{{$}}
}

__device__ void fail2(int *p) {
  child<<<2, 32>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'child' is launched from device code (in 'fail2') {{.*}} [cuda-device-launch-without-rdc]
  // CHECK-MESSAGES-NVCC: :[[@LINE-2]]:3: error: {{.*}} [cuda-device-launch-without-rdc]
}

__host__ __device__ void fail3(int *p) {
  child<<<1, 1>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'child' is launched from device code (in 'fail3') {{.*}} [cuda-device-launch-without-rdc]
  // CHECK-MESSAGES-NVCC: :[[@LINE-2]]:3: error: {{.*}} [cuda-device-launch-without-rdc]
}

template <typename T> __global__ void tchild(T *p) {}
template <typename T> __global__ void fail4(T *p) {
  tchild<<<1, 1>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'tchild<int>' is launched from device code (in 'fail4<int>') {{.*}} [cuda-device-launch-without-rdc]
  // CHECK-MESSAGES-NVCC: :[[@LINE-2]]:3: error: {{.*}} [cuda-device-launch-without-rdc]
}
void launch4(int *p) { fail4<<<1, 1>>>(p); }

// Negatives: host launches, and a __host__ __device__ function whose device side has none.
void correct1(int *p) { child<<<1, 1>>>(p); }
__host__ __device__ void correct2(int *p) {
#ifndef __CUDA_ARCH__
  child<<<1, 1>>>(p);
#endif
}
