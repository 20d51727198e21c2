// RUN: %check-cuda-lint %s cuda-wmma-divergent %t

// Host and device sides. WMMA calls are device code: clang parses the bodies
// of __device__ and __global__ functions on the host side too (<mma.h>
// declares the WMMA functions there), but cuda-lint's host side leaves them
// unparsed when the unit has a device side, which parses them. So what only
// the host side's preprocessing of a device body shows (no __CUDA_ARCH__)
// is never reported: no GPU compiles it. Code under
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

// Only the host side's preprocessing has this branch: a device function's
// body as no GPU compiles it. The device side sees an unconditional call:
// no finding (before cuda-lint's host side left device bodies unparsed, the
// host side reported it).
__device__ void correct3(float *c) {
  FragC acc;
#ifndef __CUDA_ARCH__
  if (threadIdx.x > 3)
#endif
    wmma::fill_fragment(acc, 0.0f);
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
