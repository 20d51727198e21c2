// runtime-check cuda-constant-divergent-index, good: the same 256 reads of the __constant__
// table per thread as bad.cu, in an order that is the same for every lane of a warp
// ((threadIdx.x / 32 + i) & 255): one broadcast per warp read. The baseline of bad.cu's timing;
// cuda-lint reports nothing.
#include <vector>
#include "../common/runtime_check.cuh"

__constant__ float table[256];

__global__ void lookup(float *out) {
  float acc = 0.0f;
  for (int i = 0; i < 256; ++i)
    acc += table[(threadIdx.x / 32 + i) & 255];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main() {
  const int blocks = 1024, threads = 256, n = blocks * threads, reps = 20;
  std::vector<float> host_table(256), host(n);
  for (int k = 0; k < 256; ++k) host_table[k] = 0.5f * k;
  float *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMemcpyToSymbol(table, host_table.data(), sizeof(float) * 256));
  RC_CHECK(cudaMalloc(&out, n * sizeof(float)));
  lookup<<<blocks, threads>>>(out);  // warm-up
  RC_CHECK_LAUNCH(lookup);
  cudaEvent_t start, stop;
  RC_CHECK(cudaEventCreate(&start));
  RC_CHECK(cudaEventCreate(&stop));
  RC_CHECK(cudaEventRecord(start));
  for (int r = 0; r < reps; ++r) lookup<<<blocks, threads>>>(out);
  RC_CHECK(cudaEventRecord(stop));
  RC_CHECK_LAUNCH(lookup);
  float ms = 0.0f;
  RC_CHECK(cudaEventElapsedTime(&ms, start, stop));
  RC_CHECK(cudaMemcpy(host.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != 16320.0f;  // 0.5 * (0 + ... + 255)
  if (wrong) RC_FINISH("wrong-results", "time_ms=%.4f %d of %d sums wrong", ms / reps, wrong, n);
  RC_FINISH("correct-results", "time_ms=%.4f per launch of %dx%d threads, 256 warp-uniform constant reads each",
            ms / reps, blocks, threads);
}
