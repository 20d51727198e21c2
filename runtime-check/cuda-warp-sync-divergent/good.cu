// runtime-check cuda-warp-sync-divergent, good: every lane executes the full-mask
// __shfl_sync; lanes 0-15 keep the value read from lane 20.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <vector>
#include "../common/runtime_check.cuh"

constexpr int kThreads = 128, kBlocks = 32;

__global__ void kernel(int *out) {
  int lane = threadIdx.x % 32;
  int v = lane * 10;
  int w = __shfl_sync(0xffffffff, v, 20);
  if (lane < 16)
    v = w;
  out[blockIdx.x * kThreads + threadIdx.x] = v;
}

int main() {
  const int n = kBlocks * kThreads;
  std::vector<int> host(n, -1);
  int *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&out, n * sizeof(int)));
  kernel<<<kBlocks, kThreads>>>(out);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(host.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    int lane = i % 32;
    wrong += host[i] != (lane < 16 ? 200 : lane * 10);
  }
  if (wrong) RC_FINISH("wrong-results", "%d of %d values wrong", wrong, n);
  RC_FINISH("correct-results", "%d of %d values right", n, n);
}
