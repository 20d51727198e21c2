// runtime-check cuda-cluster-grid-divisibility, good: the same kernel launched with a grid of 4 blocks (a multiple of 2).
#include "../common/runtime_check.cuh"

// Each block records the number of blocks in its cluster: sizes[blockIdx.x] = cluster size.
__global__ void __cluster_dims__(2, 1, 1) record_cluster(unsigned *sizes) {
  if (threadIdx.x == 0) sizes[blockIdx.x] = runtime_check::cluster_block_count();
}

// Checks that every one of `blocks` blocks ran in a cluster of 2; ends the program.
static void verify(unsigned *sizes, int blocks) {
  unsigned host[64];
  RC_CHECK(cudaMemcpy(host, sizes, blocks * sizeof(unsigned), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(sizes));
  int wrong = 0;
  for (int b = 0; b < blocks; ++b) wrong += host[b] != 2u;
  if (wrong) RC_FINISH("wrong-results", "%d of %d blocks did not run in a cluster of 2", wrong, blocks);
  RC_FINISH("cudaSuccess", "%d blocks ran in clusters of 2", blocks);
}

int main() {
  constexpr int kBlocks = 4;
  unsigned *sizes = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&sizes, kBlocks * sizeof(unsigned)));
  RC_CHECK(cudaMemset(sizes, 0, kBlocks * sizeof(unsigned)));
  record_cluster<<<kBlocks, 128>>>(sizes);
  RC_CHECK_LAUNCH(record_cluster);
  verify(sizes, kBlocks);
}
