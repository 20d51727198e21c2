// runtime-check cuda-warp-sync-divergent, bad: lanes 0-15 alone execute a full-mask
// __shfl_sync that reads lane 20, which is alive but never executes it.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <vector>
#include "../common/runtime_check.cuh"

constexpr int kThreads = 128, kBlocks = 32;

__global__ void kernel(int *out) {
  int lane = threadIdx.x % 32;
  int v = lane * 10;
  if (lane < 16)
    v = __shfl_sync(0xffffffff, v, 20);  // the code expects lane 20's value, 200
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
  int wrong = 0, lanes = 0;
  for (int i = 0; i < n; ++i) {
    int lane = i % 32;
    int want = lane < 16 ? 200 : lane * 10;
    wrong += host[i] != want;
    lanes += lane < 16;
  }
  if (wrong) RC_FINISH("wrong-results", "%d of %d values wrong (lane 0 got %d, expected 200)", wrong, lanes, host[0]);
  RC_FINISH("correct-results", "%d of %d values right", n, n);
}
