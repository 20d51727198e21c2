// runtime-check cuda-syncthreads-divergent, good: the same two phases with every barrier
// outside the warp-dependent branches, so the whole block arrives at each one; the consumers
// read after both phases are written.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <vector>
#include "../common/runtime_check.cuh"

constexpr int kThreads = 256, kBlocks = 64, kHalf = kThreads / 2;

__device__ void spin(long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

__global__ void kernel(int *out) {
  __shared__ int phase1[kHalf], phase2[kHalf];
  unsigned warp = threadIdx.x / 32;
  if (threadIdx.x < kHalf) phase2[threadIdx.x] = 0;
  __syncthreads();
  if (warp >= 4) phase1[threadIdx.x - kHalf] = 1000 + (threadIdx.x - kHalf);
  __syncthreads();
  if (warp >= 4) {
    spin(200000);
    phase2[threadIdx.x - kHalf] = 2000 + (threadIdx.x - kHalf);
  }
  __syncthreads();
  if (warp < 4)
    out[blockIdx.x * kHalf + threadIdx.x] = phase1[threadIdx.x] + phase2[threadIdx.x];
}

int main() {
  const int n = kBlocks * kHalf;
  std::vector<int> host(n, -1);
  int *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&out, n * sizeof(int)));
  RC_CHECK(cudaMemset(out, 0xff, n * sizeof(int)));
  kernel<<<kBlocks, kThreads>>>(out);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(host.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != 3000 + 2 * (i % kHalf);
  if (wrong) RC_FINISH("wrong-results", "%d of %d sums wrong (first: %d, expected %d)", wrong, n, host[0], 3000);
  RC_FINISH("correct-results", "%d of %d sums right", n, n);
}
