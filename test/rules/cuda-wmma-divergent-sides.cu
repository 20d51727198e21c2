// RUN: %check-cuda-lint %s cuda-wmma-divergent %t

// Host and device sides (the order of the merged sides' findings is not
// part of the contract, hence DAG checks). WMMA calls are device code, but clang parses the
// bodies of __device__ and __global__ functions on the host side too, and
// <mma.h> declares the WMMA functions there: code outside __CUDA_ARCH__
// guards is seen by both sides and reported once. Code under
// `#if __CUDA_ARCH__ >= 700` exists only on the device side.
#include <mma.h>
using namespace nvcuda;
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> FragC;

// Both sides see it; one finding.
__global__ void fail1(float *c) {
  FragC acc;
  if (threadIdx.x < 16)
    wmma::fill_fragment(acc, 0.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'threadIdx.x < 16', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
}

// Only the device side (sm_90 >= 700) sees this body.
__global__ void fail2(float *c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  FragC acc;
  const int lane = threadIdx.x & 31;
  if (lane == 0)
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'store_matrix_sync' is reached under the condition 'lane == 0', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
#endif
}

// Only the host side sees this branch (nonsense on purpose: a host-side
// compile of a device function): still one finding.
__device__ void fail3(float *c) {
  FragC acc;
#ifndef __CUDA_ARCH__
  if (threadIdx.x > 3)
#endif
    wmma::fill_fragment(acc, 0.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'threadIdx.x > 3', which varies across the warp (depends on threadIdx.x) [cuda-wmma-divergent]
}

// Negatives: an architecture guard is block-uniform (it is a constant), and
// host code that mentions WMMA types only in declarations is never analysed.
__global__ void correct1(float *c) {
  FragC acc;
#if __CUDA_ARCH__ >= 700 || !defined(__CUDA_ARCH__)
  wmma::fill_fragment(acc, 0.0f);
#endif
  const bool leader_warp = threadIdx.x < 32;   // warp-uniform with blockDim.x % 32 == 0
  if (leader_warp)
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

void host_launch(float *c) {
  correct1<<<1, 64>>>(c);
  fail1<<<1, 64>>>(c);
}
