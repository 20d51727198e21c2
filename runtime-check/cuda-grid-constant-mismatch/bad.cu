// runtime-check cuda-grid-constant-mismatch, bad (compile tier): the declaration marks the
// parameter __grid_constant__, the definition does not. nvcc 13.0 rejects it.
#include "../common/runtime_check.cuh"

struct Params { float coeff[8]; };

__global__ void poly(const __grid_constant__ Params p, float *out);

__global__ void poly(const Params p, float *out) { out[threadIdx.x] = 2.0f * p.coeff[threadIdx.x]; }

int main() {
  Params p;
  for (int i = 0; i < 8; ++i) p.coeff[i] = float(i + 1);
  float *out = nullptr, host[8];
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&out, sizeof host));
  poly<<<1, 8>>>(p, out);
  RC_CHECK_LAUNCH(poly);
  RC_CHECK(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int i = 0; i < 8; ++i) wrong += host[i] != 2.0f * float(i + 1);
  if (wrong) RC_FINISH("wrong-results", "%d of 8 values wrong", wrong);
  RC_FINISH("cudaSuccess", "8 values right");
}
