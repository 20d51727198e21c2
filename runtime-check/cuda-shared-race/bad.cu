// runtime-check cuda-shared-race, bad: each block reverses its slice through shared memory, with
// no barrier between a thread's write and another thread's read of the same element.
#include <vector>
#include "../common/runtime_check.cuh"

constexpr int kThreads = 1024, kBlocks = 200;

__global__ void reverse_block(const int *in, int *out) {
  __shared__ int tile[kThreads];
  const int t = threadIdx.x, base = blockIdx.x * kThreads;
  tile[t] = in[base + t];
  out[base + t] = tile[kThreads - 1 - t];   // reads another thread's element: no barrier
}

int main() {
  const int n = kBlocks * kThreads;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = i * 7 + 3;
  int *din = nullptr, *dout = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&din, n * sizeof(int)));
  RC_CHECK(cudaMalloc(&dout, n * sizeof(int)));
  RC_CHECK(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  RC_CHECK(cudaMemset(dout, 0xff, n * sizeof(int)));
  reverse_block<<<kBlocks, kThreads>>>(din, dout);
  RC_CHECK_LAUNCH(reverse_block);
  std::vector<int> out(n);
  RC_CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(din));
  RC_CHECK(cudaFree(dout));
  long wrong = 0;
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < kThreads; ++t)
      wrong += out[b * kThreads + t] != in[b * kThreads + kThreads - 1 - t];
  if (wrong) RC_FINISH("wrong-results", "%ld of %d values wrong (%d blocks of %d threads)", wrong, n, kBlocks, kThreads);
  RC_FINISH("correct-results", "all %d values right (%d blocks of %d threads)", n, kBlocks, kThreads);
}
