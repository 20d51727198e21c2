// RUN: %check-cuda-lint %s cuda-device-launch-without-rdc %t
// With relocatable device code, nothing is reported (no CHECK lines of its own): clang's
// -fgpu-rdc and nvcc's -rdc=true.
// RUN: %check-cuda-lint -check-suffix=RDC %s cuda-device-launch-without-rdc %t -- -- --cuda-gpu-arch=sm_90 -fgpu-rdc
// RUN: %check-cuda-lint -check-suffix=RDC %s cuda-device-launch-without-rdc %t -- -- -arch=sm_90 -rdc=true
// RUN: %check-cuda-lint -check-suffix=NVCC %s cuda-device-launch-without-rdc %t -- -- -arch=sm_90
// clang 22 rejects each launch itself ("requires relocatable device code") and drops it from
// the AST: that error is this rule's finding (an owned diagnostic), reported once. clang gives
// it on the host side too, except in a __host__ __device__ function (a host launch there),
// but cuda-lint's host side does not parse device bodies (their device sides do).
#include <cuda_runtime.h>
#include <type_traits>

__global__ void child(int *p) {}

__global__ void fail1(int *p) {
  child<<<1, 1>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: error: kernel launch from __device__ or __global__ function requires relocatable device code (i.e. requires -fgpu-rdc) [cuda-device-launch-without-rdc]
  // CHECK-MESSAGES-NVCC: :[[@LINE-2]]:8: error: kernel launch from __device__ or __global__ function requires relocatable device code (i.e. requires -fgpu-rdc) [cuda-device-launch-without-rdc]
  // CHECK-SIDES: :[[@LINE-3]]:8: {{.*}} sides=sm_90{{$}}
}

__device__ void fail2(int *p) {
  child<<<2, 32>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: error: kernel launch from __device__ or __global__ function requires relocatable device code (i.e. requires -fgpu-rdc) [cuda-device-launch-without-rdc]
  // CHECK-MESSAGES-NVCC: :[[@LINE-2]]:8: error: kernel launch from __device__ or __global__ function requires relocatable device code (i.e. requires -fgpu-rdc) [cuda-device-launch-without-rdc]
}

__host__ __device__ void fail3(int *p) {
  child<<<1, 1>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: error: kernel launch from __device__ or __global__ function requires relocatable device code (i.e. requires -fgpu-rdc) [cuda-device-launch-without-rdc]
  // CHECK-MESSAGES-NVCC: :[[@LINE-2]]:8: error: kernel launch from __device__ or __global__ function requires relocatable device code (i.e. requires -fgpu-rdc) [cuda-device-launch-without-rdc]
}

template <typename T> __global__ void tchild(T *p) {}
template <typename T> __global__ void fail4(T *p) {
  tchild<<<1, 1>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: error: kernel launch from __device__ or __global__ function requires relocatable device code (i.e. requires -fgpu-rdc) [cuda-device-launch-without-rdc]
  // CHECK-MESSAGES-NVCC: :[[@LINE-2]]:9: error: kernel launch from __device__ or __global__ function requires relocatable device code (i.e. requires -fgpu-rdc) [cuda-device-launch-without-rdc]
}
void launch4(int *p) { fail4<<<1, 1>>>(p); }

// Negatives: host launches, and a __host__ __device__ function whose device side has none.
void correct1(int *p) { child<<<1, 1>>>(p); }
__host__ __device__ void correct2(int *p) {
#ifndef __CUDA_ARCH__
  child<<<1, 1>>>(p);
#endif
}
// A lambda in a host function (clang makes it implicitly __host__ __device__), generic or not:
// host code, as in ggml's launch helpers.
template <typename T> void correct3(int *p) {
  auto launch = [=](auto n) {
    child<<<1, decltype(n)::value>>>(p);
    return true;
  };
  launch(std::integral_constant<int, 32>{});
  auto plain = [=] { child<<<1, 1>>>(p); };
  plain();
}
template void correct3<int>(int *);
