// runtime-check cuda-dynamic-shared-declaration, bad: `extern __shared__ float *buf;` (a pointer,
// not an unsized array). nvcc 13.0 warns #20044 and makes it a static shared pointer that nothing
// sets: the kernel stores through an uninitialized pointer ("unspecified launch
// failure" on an H200).
#include <vector>
#include "../common/runtime_check.cuh"

__global__ void reverse(float *x, int n) {
  extern __shared__ float *buf;
  int i = threadIdx.x;
  buf[i] = x[i];
  __syncthreads();
  x[i] = buf[n - 1 - i];
}

int main() {
  const int n = 256;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = float(i);
  float *x = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&x, n * sizeof(float)));
  RC_CHECK(cudaMemcpy(x, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  reverse<<<1, n, n * sizeof(float)>>>(x, n);
  RC_CHECK_LAUNCH(reverse);
  RC_CHECK(cudaMemcpy(host.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(x));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != float(n - 1 - i);
  if (wrong) RC_FINISH("wrong-results", "%d of %d elements wrong", wrong, n);
  RC_FINISH("cudaSuccess", "%d elements reversed", n);
}
