// runtime-check cuda-cluster-size, bad (compile tier): __cluster_dims__(4, 1, 1) on a kernel whose
// __launch_bounds__ allows at most 2 blocks per cluster. nvcc 13.0 rejects it.
#include "../common/runtime_check.cuh"

__global__ void __cluster_dims__(4, 1, 1) __launch_bounds__(256, 1, 2) record_cluster(unsigned *sizes) {
  if (threadIdx.x == 0) sizes[blockIdx.x] = runtime_check::cluster_block_count();
}

// Checks that every one of `blocks` blocks ran in a cluster of `expected`; ends the program.
static void verify(unsigned *sizes, int blocks, unsigned expected) {
  unsigned host[64];
  RC_CHECK(cudaMemcpy(host, sizes, blocks * sizeof(unsigned), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(sizes));
  int wrong = 0;
  for (int b = 0; b < blocks; ++b) wrong += host[b] != expected;
  if (wrong) RC_FINISH("wrong-results", "%d of %d blocks did not run in a cluster of %u", wrong, blocks, expected);
  RC_FINISH("cudaSuccess", "%d blocks ran in clusters of %u", blocks, expected);
}

// Zeroed per-block slots on the device.
static unsigned *make_sizes(int blocks) {
  unsigned *sizes = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&sizes, blocks * sizeof(unsigned)));
  RC_CHECK(cudaMemset(sizes, 0, blocks * sizeof(unsigned)));
  return sizes;
}

int main() {
  unsigned *sizes = make_sizes(8);
  record_cluster<<<8, 256>>>(sizes);
  RC_CHECK_LAUNCH(record_cluster);
  verify(sizes, 8, 4);
}
