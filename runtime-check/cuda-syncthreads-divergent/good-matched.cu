// runtime-check cuda-syncthreads-divergent, good-matched: a branch on the warp index with one
// __syncthreads() in each arm (ggml's flash-attention kernels do this on purpose). Warps 4-7
// write, then wait at the barrier of their arm; warps 0-3 wait at the barrier of theirs, then
// read what warps 4-7 wrote. `bar.sync 0` counts the threads that arrive, not the instruction
// they arrive at, so the whole block meets at one barrier and the reads come after the writes.
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
  __shared__ int data[kHalf];
  unsigned warp = threadIdx.x / 32;
  if (warp >= 4) {
    spin(200000); // the writers come late
    data[threadIdx.x - kHalf] = 1000 + (threadIdx.x - kHalf);
    __syncthreads();
  } else {
    __syncthreads();
    out[blockIdx.x * kHalf + threadIdx.x] = data[threadIdx.x];
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
  for (int i = 0; i < n; ++i) wrong += host[i] != 1000 + i % kHalf;
  if (wrong) RC_FINISH("wrong-results", "%d of %d values wrong (first: %d, expected %d)", wrong, n, host[0], 1000);
  RC_FINISH("correct-results", "%d of %d values right", n, n);
}
