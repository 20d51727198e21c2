// runtime-check cuda-constant-write, bad: the kernel stores to a __constant__ array and reads it
// back. nvcc 13.0 warns "Cannot store to pointer that points to constant memory space" and emits
// the kernel's body as a single `trap` (seen in the PTX: `nvcc -arch=sm_90 -ptx`), so the launch
// is expected to fail.
#include "../common/runtime_check.cuh"

constexpr int kThreads = 32;
__constant__ int table[kThreads];

__global__ void fill_and_read(int *out) {
  table[threadIdx.x] = 42;
  out[threadIdx.x] = table[threadIdx.x];
}

int main() {
  int *out = nullptr, host[kThreads];
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&out, sizeof host));
  RC_CHECK(cudaMemset(out, 0, sizeof host));
  fill_and_read<<<1, kThreads>>>(out);
  RC_CHECK_LAUNCH(fill_and_read);
  RC_CHECK(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int i = 0; i < kThreads; ++i) wrong += host[i] != 42;
  if (wrong) RC_FINISH("wrong-results", "%d of %d threads read something other than 42", wrong, kThreads);
  RC_FINISH("correct-results", "all %d threads read 42", kThreads);
}
