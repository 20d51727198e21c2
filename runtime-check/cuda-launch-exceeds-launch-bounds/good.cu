// runtime-check cuda-launch-exceeds-launch-bounds, good: the same __launch_bounds__(256) kernel
// launched with 256 threads per block (twice the blocks) covers the same elements.
#include <vector>
#include "../common/runtime_check.cuh"

constexpr int kMaxThreads = 256;
constexpr int kThreads = 256;
constexpr int kBlocks = 8;

__global__ void __launch_bounds__(kMaxThreads) scale(float *x, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= factor;
}

int main() {
  const int n = kBlocks * kThreads;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = float(i % 97) - 48.0f;
  float *x = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&x, n * sizeof(float)));
  RC_CHECK(cudaMemcpy(x, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  scale<<<kBlocks, kThreads>>>(x, 2.0f, n);
  RC_CHECK_LAUNCH(scale);
  std::vector<float> out(n);
  RC_CHECK(cudaMemcpy(out.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(x));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != 2.0f * host[i];
  if (wrong) RC_FINISH("wrong-results", "%d of %d elements wrong", wrong, n);
  RC_FINISH("cudaSuccess", "launch with %d threads per block succeeded, %d elements right", kThreads, n);
}
