// runtime-check cuda-syncthreads-divergent, bad-cub: a CUB block reduction called by warps 0-3
// only (`threadIdx.x < 128` in a 256-thread block), while warps 4-7 call another reduction on
// the same temporary storage. cub::BlockReduce requires every thread of the block: its internal
// __syncthreads() of the two call sites are the same hardware barrier, so thread 0 sums the warp
// aggregates of both halves.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <vector>
#include <cub/block/block_reduce.cuh>
#include "../common/runtime_check.cuh"

constexpr int kThreads = 256, kBlocks = 64;
using Reduce = cub::BlockReduce<int, kThreads>;

__global__ void kernel(int *out) {
  __shared__ Reduce::TempStorage tmp;
  int total = 0;
  if (threadIdx.x < 128)
    total = Reduce(tmp).Sum(1);
  else
    total = Reduce(tmp).Sum(1000);
  if (threadIdx.x == 0)
    out[blockIdx.x] = total;
}

int main() {
  std::vector<int> host(kBlocks, -1);
  int *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&out, kBlocks * sizeof(int)));
  kernel<<<kBlocks, kThreads>>>(out);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(host.data(), out, kBlocks * sizeof(int), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int i = 0; i < kBlocks; ++i) wrong += host[i] != 128;
  if (wrong) RC_FINISH("wrong-results", "%d of %d block sums wrong (first: %d, expected 128)", wrong, kBlocks, host[0]);
  RC_FINISH("correct-results", "%d of %d block sums right", kBlocks, kBlocks);
}
