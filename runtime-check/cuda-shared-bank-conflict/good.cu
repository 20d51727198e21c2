// runtime-check cuda-shared-bank-conflict, good: bad.cu's kernel with the tile's row padded to
// 33 floats, so that column c of row x is in bank (33 x + c) % 32: the 32 lanes' reads hit 32
// different banks. The baseline of bad.cu's timing; cuda-lint reports nothing.
#include <vector>
#include "../common/runtime_check.cuh"

#ifndef ROW
#define ROW 33
#endif

__global__ void columns(float *out) {
  __shared__ float tile[32][ROW];
  tile[threadIdx.y][threadIdx.x] = float(threadIdx.y * 32 + threadIdx.x);
  __syncthreads();
  float acc = 0.0f;
  for (int r = 0; r < 256; ++r) {
    for (int k = 0; k < 32; ++k)
      acc += tile[threadIdx.x][(k + r + threadIdx.y) & 31];
    asm volatile("" ::: "memory");  // keeps the loads in the loop
  }
  out[(blockIdx.x * 32 + threadIdx.y) * 32 + threadIdx.x] = acc;
}

int main() {
  const int blocks = 1024, n = blocks * 1024, reps = 5;
  std::vector<float> host(n);
  float *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&out, n * sizeof(float)));
  dim3 block(32, 32);
  columns<<<blocks, block>>>(out);  // warm-up
  RC_CHECK_LAUNCH(columns);
  cudaEvent_t start, stop;
  RC_CHECK(cudaEventCreate(&start));
  RC_CHECK(cudaEventCreate(&stop));
  RC_CHECK(cudaEventRecord(start));
  for (int r = 0; r < reps; ++r) columns<<<blocks, block>>>(out);
  RC_CHECK(cudaEventRecord(stop));
  RC_CHECK_LAUNCH(columns);
  float ms = 0.0f;
  RC_CHECK(cudaEventElapsedTime(&ms, start, stop));
  RC_CHECK(cudaMemcpy(host.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    int x = i % 32;  // threadIdx.x: 256 times row x, all 32 columns
    wrong += host[i] != 256.0f * (32.0f * 32.0f * x + 496.0f);
  }
  if (wrong) RC_FINISH("wrong-results", "time_ms=%.4f %d of %d sums wrong", ms / reps, wrong, n);
  RC_FINISH("correct-results", "time_ms=%.4f per launch of %d blocks of 32x32, tile row %d",
            ms / reps, blocks, ROW);
}
