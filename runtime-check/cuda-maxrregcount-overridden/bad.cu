// runtime-check cuda-maxrregcount-overridden, bad: built with -maxrregcount=24 (case.json); the
// kernel has __maxnreg__(64): the flag is ignored for it. Its register count comes from cudaFuncGetAttributes (numRegs, what
// -Xptxas -v prints): more than 24 means -maxrregcount did not apply.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <vector>
#include "../common/runtime_check.cuh"

// 32 independent accumulators kept live across the loop: far more than 24 registers unless capped.
__global__ void __maxnreg__(64) kernel(const float *in, float *out, int n) {
  float acc[32];
#pragma unroll
  for (int k = 0; k < 32; ++k) acc[k] = in[k];
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int k = 0; k < 32; ++k) acc[k] = acc[k] * in[(i + k) % 64] + float(k);
  }
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < 32; ++k) s += acc[k] * float(k + 1);
  out[threadIdx.x] = s;
}

int main() {
  const int limit = 24;
  std::vector<float> host(64, 0.5f), res(32, 0.0f);
  float *in = nullptr, *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  cudaFuncAttributes attr;
  RC_CHECK(cudaFuncGetAttributes(&attr, kernel));
  RC_CHECK(cudaMalloc(&in, 64 * sizeof(float)));
  RC_CHECK(cudaMalloc(&out, 32 * sizeof(float)));
  RC_CHECK(cudaMemcpy(in, host.data(), 64 * sizeof(float), cudaMemcpyHostToDevice));
  kernel<<<1, 32>>>(in, out, 8);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(res.data(), out, 32 * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(in));
  RC_CHECK(cudaFree(out));
  if (attr.numRegs > limit)
    RC_FINISH("wrong-results", "-maxrregcount=%d ignored: the kernel uses %d registers", limit, attr.numRegs);
  RC_FINISH("correct-results", "-maxrregcount=%d applied: the kernel uses %d registers", limit, attr.numRegs);
}
