// runtime-check cuda-syncthreads-divergent, good-cub: the same block reduction called by every
// thread, with the warp-dependent choice moved into the value (1 in warps 0-3, 0 elsewhere).
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <vector>
#include <cub/block/block_reduce.cuh>
#include "../common/runtime_check.cuh"

constexpr int kThreads = 256, kBlocks = 64;
using Reduce = cub::BlockReduce<int, kThreads>;

__global__ void kernel(int *out) {
  __shared__ Reduce::TempStorage tmp;
  int total = Reduce(tmp).Sum(threadIdx.x < 128 ? 1 : 0);
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
