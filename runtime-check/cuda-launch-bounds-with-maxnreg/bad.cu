// runtime-check cuda-launch-bounds-with-maxnreg, bad (compile tier): one kernel with both
// __launch_bounds__ and __maxnreg__. nvcc 13.0 rejects it.
#include <vector>
#include "../common/runtime_check.cuh"

__global__ void __launch_bounds__(256) __maxnreg__(32) scale(float *x, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= factor;
}

int main() {
  const int n = 1024;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = float(i % 37) - 18.0f;
  float *x = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&x, n * sizeof(float)));
  RC_CHECK(cudaMemcpy(x, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  scale<<<n / 256, 256>>>(x, 3.0f, n);
  RC_CHECK_LAUNCH(scale);
  std::vector<float> out(n);
  RC_CHECK(cudaMemcpy(out.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(x));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != 3.0f * host[i];
  if (wrong) RC_FINISH("wrong-results", "%d of %d elements wrong", wrong, n);
  RC_FINISH("cudaSuccess", "%d elements scaled", n);
}
