// RUN: %check-cuda-lint %s cuda-launch-exceeds-launch-bounds %t
// Launch sites as real code spells them, on a kernel with __launch_bounds__;
// sizes known only at run time are never findings. Host and device sides
// both see host code: each finding is reported once.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) scale(float *x) {}
template <int N> __global__ void __launch_bounds__(N) tiled(float *x) {}
// The three-argument form: clang 22 drops it on the host side, cuda-lint keeps it.
__global__ void __launch_bounds__(128, 1, 2) clustered(float *x) {}
__global__ void unbounded(float *x) {}
__global__ void __launch_bounds__(256) declared_later(float *x);

constexpr int kThreads = 512;
void use(dim3 &);

void fail1(float *x) {
  scale<<<4, 512>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:14: error: kernel 'scale' is launched with 512 threads per block, more than the 256 of its __launch_bounds__; the launch fails [cuda-launch-exceeds-launch-bounds]
  // CHECK-NOTES: :7:17: note: __launch_bounds__ is given here
}

void fail2(float *x, int n) {
  dim3 grid((n + 255) / 256);
  scale<<<grid, kThreads>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:17: error: kernel 'scale' is launched with 512 threads
  // CHECK-NOTES: :7:17: note: __launch_bounds__ is given here
}

void fail3(float *x) {
  dim3 block(32, 32);
  scale<<<1, block>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:14: error: kernel 'scale' is launched with 1024 threads
  // CHECK-NOTES: :7:17: note: __launch_bounds__ is given here
}

void fail4(float *x) {
  tiled<128><<<1, 256>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:19: error: kernel 'tiled' is launched with 256 threads per block, more than the 128
  // CHECK-NOTES: :8:34: note: __launch_bounds__ is given here
}

template <int Threads> void launch_tiled(float *x) { tiled<64><<<1, Threads>>>(x); }
// CHECK-NOTES: :[[@LINE-1]]:69: error: kernel 'tiled' is launched with 96 threads per block, more than the 64
// CHECK-NOTES: :8:34: note: __launch_bounds__ is given here
void fail5(float *x) { launch_tiled<96>(x); }

void fail6(float *x) {
  dim3 b;
  b.x = 512;
  void *args[] = {&x};
  cudaLaunchKernel((const void *)scale, dim3(2), b, args, 0, 0);
  // CHECK-NOTES: :[[@LINE-1]]:50: error: kernel 'scale' is launched with 512 threads
  // CHECK-NOTES: :7:17: note: __launch_bounds__ is given here
}

void fail7(float *x) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = 8;
  cfg.blockDim = dim3(16, 16);
  cudaLaunchKernelEx(&cfg, clustered, x);
  // CHECK-NOTES: :[[@LINE-1]]:3: error: kernel 'clustered' is launched with 256 threads per block, more than the 128
  // CHECK-NOTES: :10:17: note: __launch_bounds__ is given here
}

void fail8(float *x) {
  const int threads = 2 * 256;
  auto kernel = scale;
  kernel<<<1, threads>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:15: error: kernel 'scale' is launched with 512 threads
  // CHECK-NOTES: :7:17: note: __launch_bounds__ is given here
  declared_later<<<1, 1024>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:23: error: kernel 'declared_later' is launched with 1024 threads
  // CHECK-NOTES: :12:17: note: __launch_bounds__ is given here
}
__global__ void declared_later(float *x) {}

// Negatives.
void correct1(float *x, int n) {
  scale<<<(n + 255) / 256, 256>>>(x);      // at the bound
  unbounded<<<1, 1024>>>(x);               // no bound
  tiled<512><<<1, 512>>>(x);
}

void correct2(float *x, int threads, bool big) {
  scale<<<1, threads>>>(x);                // run time
  int t = 128;
  if (big)
    t = 512;
  scale<<<1, t>>>(x);                      // two definitions reach the launch
  dim3 b(512);
  use(b);                                  // may change b
  scale<<<1, b>>>(x);
}

void correct3(float *x) {
  for (int t = 32; t <= 256; t *= 2)
    scale<<<1, t>>>(x);                    // loop variable
  dim3 block(1024);
  block.x = 256;                           // reassigned before the launch
  scale<<<1, block>>>(x);
}
