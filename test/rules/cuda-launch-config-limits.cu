// RUN: %check-cuda-lint %s cuda-launch-config-limits %t
// Block and grid dimensions against the limits of every CUDA GPU.
#include <cuda_runtime.h>

__global__ void k(float *x) {}
constexpr unsigned kBlock = 2048;

void fail1(float *x) {
  k<<<1, kBlock>>>(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: block dimension x of 2048 threads exceeds the limit of 1024; the launch of 'k' fails [cuda-launch-config-limits]
  dim3 block(32, 64);
  k<<<1, block>>>(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: block of 2048 threads (32 x 64 x 1) exceeds the limit of 1024 threads per block; the launch of 'k' fails [cuda-launch-config-limits]
  k<<<1, dim3(1, 1, 128)>>>(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: block dimension z of 128 threads exceeds the limit of 64
}

void fail2(float *x) {
  k<<<dim3(1, 70000), 32>>>(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: error: grid dimension y of 70000 blocks exceeds the limit of 65535; the launch of 'k' fails [cuda-launch-config-limits]
  dim3 grid;
  grid.z = 65536;
  k<<<grid, 32>>>(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: error: grid dimension z of 65536 blocks exceeds the limit of 65535
}

template <int BX, int BY> void launch2d(float *x) { k<<<1, dim3(BX, BY)>>>(x); }
// CHECK-MESSAGES: :[[@LINE-1]]:60: error: block of 4096 threads (64 x 64 x 1) exceeds the limit of 1024
void fail3(float *x) {
  launch2d<16, 16>(x);
  launch2d<64, 64>(x);
}

// Negatives: at the limits, large x grids, run-time sizes.
void correct1(float *x, int n, int rows) {
  dim3 block(32, 32);
  k<<<dim3(2147483647u, 65535, 65535), block>>>(x);
  k<<<(n + 255) / 256, 256>>>(x);
  k<<<dim3(1, rows), dim3(1, 1, 64)>>>(x);
  dim3 b(n);
  k<<<1, b>>>(x);
}

// Huge values (issue 18): never a wrapped or impossible number in a message. A
// 32-bit product the program wraps is unknown (no finding), not 8589934590.
void saturating(float *x) {
  k<<<dim3(4294967295u, 4294967295u, 4294967295u), 32>>>(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: error: grid dimension x of 4294967295 blocks exceeds the limit of 2147483647; the launch of 'k' fails [cuda-launch-config-limits]
  unsigned big = 4294967295u;
  k<<<1, big * 2u>>>(x);
  unsigned wide = 65536u;
  k<<<1, dim3(1, 1, wide * wide)>>>(x);
  k<<<1, dim3(1, 1, (wide << 16) >> 16)>>>(x);
}
