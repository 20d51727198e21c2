// runtime-check cuda-vector-type-alignment, bad: a float4 load through (const float4 *)(p + 1),
// 4 bytes past a cudaMalloc'd (256-byte aligned) buffer: a 16-byte load at an address that is
// not 16-byte aligned. Expected: the kernel fails with cudaErrorMisalignedAddress. cuda-lint
// reports the cast.
#include <vector>
#include "../common/runtime_check.cuh"

#ifndef OFFSET
#define OFFSET 1
#endif

__global__ void load4(const float *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 v = reinterpret_cast<const float4 *>(p + OFFSET)[i];
    out[i] = v.x + v.y + v.z + v.w;
  }
}

int main() {
  const int n = 1024;
  std::vector<float> host(4 * n + 8), res(n);
  for (int k = 0; k < 4 * n + 8; ++k) host[k] = float(k);
  float *p = nullptr, *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&p, host.size() * sizeof(float)));
  RC_CHECK(cudaMalloc(&out, n * sizeof(float)));
  RC_CHECK(cudaMemcpy(p, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice));
  load4<<<n / 256, 256>>>(p, out, n);
  RC_CHECK_LAUNCH(load4);
  RC_CHECK(cudaMemcpy(res.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(p));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    float b = float(OFFSET + 4 * i);
    wrong += res[i] != 4 * b + 6;
  }
  if (wrong) RC_FINISH("wrong-results", "%d of %d float4 sums wrong", wrong, n);
  RC_FINISH("cudaSuccess", "%d float4 loads at float offset %d, sums verified", n, OFFSET);
}
