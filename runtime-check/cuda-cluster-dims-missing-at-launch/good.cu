// runtime-check cuda-cluster-dims-missing-at-launch, good: the same kernel launched through
// cudaLaunchKernelEx with cudaLaunchAttributeClusterDimension = (2, 1, 1).
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
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(kBlocks);
  config.blockDim = dim3(128);
  config.dynamicSmemBytes = 0;
  config.stream = nullptr;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 2;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  RC_CHECK(cudaLaunchKernelEx(&config, record_cluster, sizes));
  RC_CHECK_LAUNCH(record_cluster);
  verify(sizes, 2);
}
