// runtime-check cuda-syncthreads-divergent, bad-matched-lanes: a branch on the lane (the odd
// and the even threads of every warp) with one __syncthreads() in each arm. Odd threads write,
// then wait at the barrier of their arm; even threads wait at the barrier of theirs, then read
// what their odd neighbour wrote. Unlike good-matched, where whole warps take each arm, the
// threads of one warp arrive at two different barrier instructions. On the H200 this hangs
// (observed 2026-12-02): the rule reports a barrier matched on both arms only when the
// condition varies within a warp.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <vector>
#include "../common/runtime_check.cuh"

constexpr int kThreads = 256, kBlocks = 64, kHalf = kThreads / 2;

__device__ void spin(long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

__global__ void kernel(int *out) {
  __shared__ int data[kThreads];
  if (threadIdx.x % 2) {
    spin(200000); // the writers come late
    data[threadIdx.x] = 1000 + threadIdx.x;
    __syncthreads();
  } else {
    __syncthreads();
    out[blockIdx.x * kHalf + threadIdx.x / 2] = data[threadIdx.x + 1];
  }
}

int main() {
  const int n = kBlocks * kHalf;
  std::vector<int> host(n, -1);
  int *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&out, n * sizeof(int)));
  RC_CHECK(cudaMemset(out, 0xff, n * sizeof(int)));
  kernel<<<kBlocks, kThreads>>>(out);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(host.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != 1000 + 2 * (i % kHalf) + 1;
  if (wrong) RC_FINISH("wrong-results", "%d of %d values wrong (first: %d, expected %d)", wrong, n, host[0], 1001);
  RC_FINISH("correct-results", "%d of %d values right", n, n);
}
