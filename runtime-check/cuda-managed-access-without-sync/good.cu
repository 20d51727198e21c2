// runtime-check cuda-managed-access-without-sync, good: is the correct version of bad.cu (TODO).
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <vector>
#include "../common/runtime_check.cuh"

__global__ void kernel(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 2.0f * x[i];   // TODO
}

int main() {
  const int n = 1024;
  std::vector<float> host(n, 1.0f);
  float *x = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&x, n * sizeof(float)));
  RC_CHECK(cudaMemcpy(x, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  kernel<<<n / 256, 256>>>(x, n);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(host.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(x));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != 2.0f;
  if (wrong) RC_FINISH("wrong-results", "%d of %d elements wrong", wrong, n);
  RC_FINISH("cudaSuccess", "%d elements doubled", n);
}
