// RUN: %check-cuda-lint %s cuda-mma-throughput-pragma %t -- -- -I%S/Inputs --cuda-gpu-arch=sm_90
// #pragma nv_mma_throughput outside the body of a __global__ function: at file scope (also in a
// header, reported once there), in a __device__, a __host__ __device__ or a host function, in a
// struct, from a macro; the sides (host, sm_90) are merged into one finding.
#include <cuda_runtime.h>
#include "cuda-mma-throughput-pragma-header.h"
#include "cuda-mma-throughput-pragma-header.h"

#pragma nv_mma_throughput
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma nv_mma_throughput' outside the body of a __global__ function is ignored [cuda-mma-throughput-pragma]

__device__ void fail1(float *p) {
#pragma nv_mma_throughput
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma nv_mma_throughput' outside the body of a __global__ function is ignored [cuda-mma-throughput-pragma]
  p[0] = 1.0f;
}

__host__ __device__ void fail2(float *p) {
  _Pragma("nv_mma_throughput")
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '#pragma nv_mma_throughput' outside{{.*}} [cuda-mma-throughput-pragma]
  p[0] = 1.0f;
}

#define MMA_HINT _Pragma("nv_mma_throughput")
void fail3(float *p) {
  MMA_HINT
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '#pragma nv_mma_throughput' outside{{.*}} [cuda-mma-throughput-pragma]
  p[0] = 1.0f;
}

// Right before a kernel is still outside its body.
#pragma nv_mma_throughput
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma nv_mma_throughput' outside{{.*}} [cuda-mma-throughput-pragma]
__global__ void fail4(float *p) { p[0] = 1.0f; }

// Device-only code: the device side alone sees it.
#ifdef __CUDA_ARCH__
#pragma nv_mma_throughput
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma nv_mma_throughput' outside{{.*}} [cuda-mma-throughput-pragma]
// CHECK-SIDES: :[[@LINE-2]]:1: {{.*}} sides=sm_90{{$}}
#endif

// Negatives: in kernels (also templates, nested blocks, lambdas, from a macro), other pragmas,
// a similar name.
__global__ void correct1(float *p) {
#pragma nv_mma_throughput
  p[0] = 1.0f;
}
template <int N> __global__ void correct2(float *p) {
  for (int i = 0; i < N; ++i) {
#pragma nv_mma_throughput
    p[i] = 0.0f;
  }
  auto f = [=] {
    MMA_HINT
    return p[0];
  };
  p[1] = f();
}
template __global__ void correct2<4>(float *);
#pragma nv_mma_throughput_x
__global__ void correct3(float *p) {
  MMA_HINT
  p[0] = 2.0f;
}

// The header's finding (listed after the main file's).
// CHECK-MESSAGES: cuda-mma-throughput-pragma-header.h:2:1: warning: '#pragma nv_mma_throughput' outside{{.*}} [cuda-mma-throughput-pragma]
