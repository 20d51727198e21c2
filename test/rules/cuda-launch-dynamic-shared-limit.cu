// RUN: %check-cuda-lint %s cuda-launch-dynamic-shared-limit %t
// Dynamic shared memory of a launch: 48 KiB without the opt-in, the sm_90
// maximum (227 KiB = 232448 bytes) with it. Reported by the device side
// (sm_90 by default), which also parses this host code. A
// cudaFuncSetAttribute in another function is trusted (the order of calls
// is not known), so each case below uses its own kernel.
#include <cuda_runtime.h>

#define SMEM_KERNEL(name) __global__ void name(float *x) { extern __shared__ float s[]; }
SMEM_KERNEL(k1)
SMEM_KERNEL(k2)
SMEM_KERNEL(k3)
SMEM_KERNEL(k4)
SMEM_KERNEL(k5)
SMEM_KERNEL(k6)
SMEM_KERNEL(k7)
__global__ void with_static(float *x) {
  __shared__ float tile[32 * 1024];   // 128 KiB of static shared memory
  extern __shared__ float s[];
}

void fail1(float *x) {
  k1<<<1, 256, sizeof(float) * 64 * 1024>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:16: error: launch of 'k1' requests 262144 bytes of dynamic shared memory, above the 232448-byte maximum of sm_90 even with cudaFuncAttributeMaxDynamicSharedMemorySize [cuda-launch-dynamic-shared-limit]
  k2<<<1, 256, 64 * 1024>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:16: error: launch of 'k2' requests 65536 bytes of dynamic shared memory, above the 48 KiB default, with no earlier cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize, ...) for it [cuda-launch-dynamic-shared-limit]
}

void fail2(float *x) {
  // The attribute is set for another kernel, and after the launch.
  cudaFuncSetAttribute(k4, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
  k3<<<1, 256, 96 * 1024>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:16: error: launch of 'k3' requests 98304 bytes of dynamic shared memory, above the 48 KiB default
  cudaFuncSetAttribute(k3, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
}

void fail3(float *x) {
  const size_t smem = 100 * 1024;
  cudaFuncSetAttribute(k5, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
  k5<<<1, 128, smem>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:16: error: launch of 'k5' requests 102400 bytes of dynamic shared memory, more than the 65536 bytes cudaFuncSetAttribute allows it [cuda-launch-dynamic-shared-limit]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: maximum dynamic shared memory set here
}

void fail4(float *x) {
  cudaFuncSetAttribute(with_static, cudaFuncAttributeMaxDynamicSharedMemorySize, 128 * 1024);
  with_static<<<1, 128, 128 * 1024>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:25: error: kernel 'with_static' has 131072 bytes of static shared memory; with the 131072 bytes of dynamic shared memory of this launch it exceeds the 232448-byte maximum of sm_90
}

void fail5(float *x) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = 1;
  cfg.blockDim = 128;
  cfg.dynamicSmemBytes = 80 * 1024;
  cudaLaunchKernelEx(&cfg, k6, x);
  // CHECK-NOTES: :[[@LINE-1]]:3: error: launch of 'k6' requests 81920 bytes of dynamic shared memory, above the 48 KiB default
}

// Negatives.
void correct1(float *x, size_t bytes) {
  k2<<<1, 256, 48 * 1024>>>(x);                      // the default limit
  k2<<<1, 256, bytes>>>(x);                          // run time
  cudaFuncSetAttribute(k1, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 * 1024);
  k1<<<1, 256, 227 * 1024>>>(x);                     // the sm_90 maximum, after the opt-in
}

void setup() {
  cudaFuncSetAttribute(k7, cudaFuncAttributeMaxDynamicSharedMemorySize, 160 * 1024);
}
void correct2(float *x) {
  k7<<<1, 256, 160 * 1024>>>(x);                     // opted in by setup()
}
