// runtime-check cuda-cluster-dims-missing-at-launch, bad: a __cluster_dims__() kernel (cluster
// shape left to the launch) launched with <<<>>>, which cannot give one: the launch fails.
#include "../common/runtime_check.cuh"

constexpr int kBlocks = 4;

// A kernel whose cluster shape is chosen at launch time: __cluster_dims__ with no arguments.
// Each block records the number of blocks in its cluster: sizes[blockIdx.x] = cluster size.
__global__ void __cluster_dims__() record_cluster(unsigned *sizes) {
  if (threadIdx.x == 0) sizes[blockIdx.x] = runtime_check::cluster_block_count();
}

// Zeroed per-block slots on the device.
static unsigned *make_sizes() {
  unsigned *sizes = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&sizes, kBlocks * sizeof(unsigned)));
  RC_CHECK(cudaMemset(sizes, 0, kBlocks * sizeof(unsigned)));
  return sizes;
}

// Checks that every block ran in a cluster of `expected` blocks; ends the program.
static void verify(unsigned *sizes, unsigned expected) {
  unsigned host[kBlocks];
  RC_CHECK(cudaMemcpy(host, sizes, sizeof host, cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(sizes));
  int wrong = 0;
  for (int b = 0; b < kBlocks; ++b) wrong += host[b] != expected;
  if (wrong) RC_FINISH("wrong-results", "%d of %d blocks did not run in a cluster of %u", wrong, kBlocks, expected);
  RC_FINISH("cudaSuccess", "%d blocks ran in clusters of %u", kBlocks, expected);
}

int main() {
  unsigned *sizes = make_sizes();
  record_cluster<<<kBlocks, 128>>>(sizes);
  RC_CHECK_LAUNCH(record_cluster);
  verify(sizes, 1);
}
