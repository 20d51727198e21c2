// runtime-check cuda-float128-arch, good: the same kernel in double, which every architecture
// supports: builds for sm_90 and squares each element.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <vector>
#include "../common/runtime_check.cuh"

__global__ void kernel(double *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = x[i];
    x[i] = v * v + 1;
  }
}

int main() {
  const int n = 1024;
  std::vector<double> host(n, 3.0);
  double *x = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&x, n * sizeof(double)));
  RC_CHECK(cudaMemcpy(x, host.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  kernel<<<n / 256, 256>>>(x, n);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(host.data(), x, n * sizeof(double), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(x));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != 10.0;
  if (wrong) RC_FINISH("wrong-results", "%d of %d elements wrong", wrong, n);
  RC_FINISH("cudaSuccess", "%d elements squared", n);
}
