// RUN: %check-cuda-lint %s cuda-launch-dynamic-shared-limit %t -- -- --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90
// A kernel whose body is compiled only for newer architectures
// (`#if __CUDA_ARCH__ >= 800`, as tensor-core kernels are written) does
// nothing on the older ones and is not launched there: its launch is judged
// by the sides that compile it (sm_90 here), not by sm_75's 64 KiB maximum.
// A kernel with a body on every side, or empty with nothing compiled out, is
// judged by every side.
#include <cuda_runtime.h>

__global__ void tensor_core_kernel(float *x) {
#if __CUDA_ARCH__ >= 800
  extern __shared__ float s[];
  s[threadIdx.x] = x[threadIdx.x];
#endif
}

__global__ void every_arch_kernel(float *x) {
  extern __shared__ float s[];
  s[threadIdx.x] = x[threadIdx.x];
}

__global__ void empty_kernel(float *) {}

void correct1(float *x) {
  cudaFuncSetAttribute(tensor_core_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 72 * 1024);
  tensor_core_kernel<<<1, 256, 72 * 1024>>>(x);
}

void fail1(float *x) {
  cudaFuncSetAttribute(every_arch_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 72 * 1024);
  every_arch_kernel<<<1, 256, 72 * 1024>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:31: error: launch of 'every_arch_kernel' requests 73728 bytes of dynamic shared memory, above the 65536-byte maximum of sm_75 even with cudaFuncAttributeMaxDynamicSharedMemorySize [sm_75] [cuda-launch-dynamic-shared-limit]
}

void fail2(float *x) {
  cudaFuncSetAttribute(empty_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 72 * 1024);
  empty_kernel<<<1, 256, 72 * 1024>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:26: error: launch of 'empty_kernel' requests 73728 bytes of dynamic shared memory, above the 65536-byte maximum of sm_75 even with cudaFuncAttributeMaxDynamicSharedMemorySize [sm_75] [cuda-launch-dynamic-shared-limit]
}
