// runtime-check cuda-constant-write, good: the host writes the __constant__ array with
// cudaMemcpyToSymbol; the kernel only reads it.
#include "../common/runtime_check.cuh"

constexpr int kThreads = 32;
__constant__ int table[kThreads];

__global__ void read(int *out) { out[threadIdx.x] = table[threadIdx.x]; }

int main() {
  int *out = nullptr, host[kThreads];
  for (int i = 0; i < kThreads; ++i) host[i] = 42;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMemcpyToSymbol(table, host, sizeof host));
  RC_CHECK(cudaMalloc(&out, sizeof host));
  RC_CHECK(cudaMemset(out, 0, sizeof host));
  read<<<1, kThreads>>>(out);
  RC_CHECK_LAUNCH(read);
  RC_CHECK(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int i = 0; i < kThreads; ++i) wrong += host[i] != 42;
  if (wrong) RC_FINISH("wrong-results", "%d of %d threads read something other than 42", wrong, kThreads);
  RC_FINISH("correct-results", "all %d threads read 42", kThreads);
}
