// RUN: not %cuda-lint --checks='-*,cuda-launch-exceeds-launch-bounds' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// The error-checking style of most projects: the launch wrapped in a
// do { ... } while (0) macro, or in a loop, with the launch configuration
// filled in before it. It is evaluated like the plain call.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                             \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      fprintf(stderr, "%s\n", cudaGetErrorString(err_));                       \
      return;                                                                   \
    }                                                                           \
  } while (0)

__global__ void __launch_bounds__(256) scale(float *x) {}

void fail1(float *x) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4);
  cfg.blockDim = dim3(512);
  CHECK(cudaLaunchKernelEx(&cfg, scale, x));
  // CHECK: :[[@LINE-1]]:3: error: kernel 'scale' is launched with 512 threads per block, more than the 256 of its __launch_bounds__; the launch fails [cuda-launch-exceeds-launch-bounds]
  // CHECK: :18:17: note: __launch_bounds__ is given here
}

void fail2(float *x, int n) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4);
  cfg.blockDim = dim3(1024);
  for (int i = 0; i < n; ++i)
    CHECK(cudaLaunchKernelEx(&cfg, scale, x));
  // CHECK: :[[@LINE-1]]:5: error: kernel 'scale' is launched with 1024 threads per block
}

void fail3(float *x, int n) {
  dim3 block(512);
  for (int i = 0; i < n; ++i) {
    scale<<<1, block>>>(x);
    // CHECK: :[[@LINE-1]]:16: error: kernel 'scale' is launched with 512 threads per block
    CHECK(cudaGetLastError());
  }
}

// Negatives: a configuration that changes in the loop, or on one branch only,
// is not known at the launch.
void correct1(float *x, int n) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4);
  cfg.blockDim = dim3(512);
  for (int i = 0; i < n; ++i) {
    CHECK(cudaLaunchKernelEx(&cfg, scale, x));
    cfg.blockDim = dim3(128);
  }
}
void correct2(float *x, bool wide) {
  dim3 block(128);
  if (wide)
    block = dim3(512);
  scale<<<1, block>>>(x);
  CHECK(cudaGetLastError());
}
void correct3(float *x, bool wide) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4);
  cfg.blockDim = dim3(128);
  if (wide)
    cfg.blockDim = dim3(512);
  CHECK(cudaLaunchKernelEx(&cfg, scale, x));
}
void correct4(float *x) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4);
  cfg.blockDim = dim3(256);
  CHECK(cudaLaunchKernelEx(&cfg, scale, x));
}
