// RUN: %check-cuda-lint %s cuda-launch-dynamic-shared-limit %t
// A cudaFuncSetAttribute whose kernel is not known at compile time (a helper
// taking `const void *`) may have opted any kernel in: no 48 KiB finding.
// The architecture's maximum still applies.
#include <cuda_runtime.h>

__global__ void k(float *x) { extern __shared__ float s[]; }

static void allow_shared(const void *kernel, int bytes) {
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
}

void correct1(float *x) {
  allow_shared((const void *)k, 96 * 1024);
  k<<<1, 256, 96 * 1024>>>(x);
}
// CHECK-MESSAGES: cuda-lint: 1 file, 0 findings
