// runtime-check cuda-syncthreads-divergent, bad: the barriers sit in two branches that split
// the block by warp (warp-uniform, not block-uniform), and the branches do not agree: the
// producer warps 4-7 run two phases with a barrier after each, the consumer warps 0-3 wait at
// one barrier and then read both phases. The consumers pass the barrier at the end of phase 1
// and read phase 2 before the producers wrote it (a reader passing a barrier its writer never
// reached). On an H200 an exited thread does not block __syncthreads(), so the producers'
// second barrier does not hang once the consumers have exited: the bug shows as wrong results.
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
  __shared__ int phase1[kHalf], phase2[kHalf];
  unsigned warp = threadIdx.x / 32;
  if (threadIdx.x < kHalf) phase2[threadIdx.x] = 0;
  __syncthreads();
  if (warp >= 4) {                       // producers
    int j = threadIdx.x - kHalf;
    phase1[j] = 1000 + j;
    __syncthreads();
    spin(200000);                        // phase 2 takes a while
    phase2[j] = 2000 + j;
    __syncthreads();
  } else {                               // consumers: one barrier for both phases
    __syncthreads();
    out[blockIdx.x * kHalf + threadIdx.x] = phase1[threadIdx.x] + phase2[threadIdx.x];
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
  for (int i = 0; i < n; ++i) wrong += host[i] != 3000 + 2 * (i % kHalf);
  if (wrong) RC_FINISH("wrong-results", "%d of %d sums wrong (first: %d, expected %d)", wrong, n, host[0], 3000);
  RC_FINISH("correct-results", "%d of %d sums right", n, n);
}
