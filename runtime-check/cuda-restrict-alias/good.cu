// runtime-check cuda-restrict-alias, good: shift_add as in bad.cu, with disjoint buffers for its
// __restrict__ parameters (the promise holds): dst[i] = src[i] + 1, verified. cuda-lint reports
// nothing.
#include <vector>
#include "../common/runtime_check.cuh"

__global__ void shift_add(const float *__restrict__ src, float *__restrict__ dst, int n) {
  for (int i = 0; i < n; ++i)
    dst[i] = src[i] + 1.0f;
}

int main() {
  const int n = 4096;
  std::vector<float> host(n), res(n);
  for (int i = 0; i < n; ++i) host[i] = float(i);
  float *src = nullptr, *dst = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&src, n * sizeof(float)));
  RC_CHECK(cudaMalloc(&dst, n * sizeof(float)));
  RC_CHECK(cudaMemcpy(src, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  shift_add<<<1, 1>>>(src, dst, n);
  RC_CHECK_LAUNCH(shift_add);
  RC_CHECK(cudaMemcpy(res.data(), dst, n * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(src));
  RC_CHECK(cudaFree(dst));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += res[i] != float(i) + 1.0f;
  if (wrong) RC_FINISH("wrong-results", "%d of %d elements wrong", wrong, n);
  RC_FINISH("correct-results", "all %d elements src + 1", n);
}
