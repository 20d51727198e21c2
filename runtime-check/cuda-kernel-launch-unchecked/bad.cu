// runtime-check cuda-kernel-launch-unchecked, bad: the function that launches never asks
// cudaGetLastError, so a launch that fails (here: 2048 threads per block, computed at run time)
// fails silently. The checked cudaDeviceSynchronize and cudaMemcpy that follow in the caller
// return cudaSuccess; only the output shows that the kernel never ran.
#include <vector>
#include "../common/runtime_check.cuh"

__global__ void square(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * x[i];
}

// Launches square over n elements with threads per block; the launch's error is never read.
static void launch_square(float *x, int n, int threads) {
  square<<<(n + threads - 1) / threads, threads>>>(x, n);
}

int main() {
  const int n = 1 << 16;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = float(i % 61) - 30.0f;
  int max_threads = 0;
  float *x = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaDeviceGetAttribute(&max_threads, cudaDevAttrMaxThreadsPerBlock, 0));
  RC_CHECK(cudaMalloc(&x, n * sizeof(float)));
  RC_CHECK(cudaMemcpy(x, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  // A block size computed at run time (twice what the device allows, as a tuning bug would make
  // it): no compile-time rule can see it, only the launch error can.
  launch_square(x, n, 2 * max_threads);
  RC_CHECK(cudaDeviceSynchronize());
  std::vector<float> out(n);
  RC_CHECK(cudaMemcpy(out.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(x));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != host[i] * host[i];
  if (wrong)
    RC_FINISH("wrong-results",
              "%d of %d elements never squared, yet cudaDeviceSynchronize and cudaMemcpy returned "
              "cudaSuccess: the launch error went unseen", wrong, n);
  RC_FINISH("correct-results", "all %d elements squared", n);
}
