// runtime-check cuda-launch-config-limits, good: every dimension at its limit: block (16, 1, 64) = 1024 threads, grid y 65535.
#include "../common/runtime_check.cuh"

// Counts the blocks and threads that ran: counts[0] += 1 per block, counts[1] += threads per block.
__global__ void count_blocks(unsigned long long *counts) {
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    atomicAdd(&counts[0], 1ull);
    atomicAdd(&counts[1], (unsigned long long)(blockDim.x * blockDim.y * blockDim.z));
  }
}

// Two zeroed counters on the device.
static unsigned long long *make_counters() {
  unsigned long long *counts = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&counts, 2 * sizeof(unsigned long long)));
  RC_CHECK(cudaMemset(counts, 0, 2 * sizeof(unsigned long long)));
  return counts;
}

// Checks the counters after a launch of count_blocks with grid and block; ends the program.
static void verify(unsigned long long *counts, dim3 grid, dim3 block) {
  unsigned long long host[2] = {0, 0};
  RC_CHECK(cudaMemcpy(host, counts, sizeof host, cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(counts));
  const unsigned long long blocks = 1ull * grid.x * grid.y * grid.z;
  const unsigned long long threads = blocks * block.x * block.y * block.z;
  if (host[0] != blocks || host[1] != threads)
    RC_FINISH("wrong-results", "counted %llu blocks / %llu threads, expected %llu / %llu", host[0],
              host[1], blocks, threads);
  RC_FINISH("cudaSuccess", "grid (%u,%u,%u) block (%u,%u,%u): %llu blocks ran", grid.x, grid.y,
            grid.z, block.x, block.y, block.z, blocks);
}

int main() {
  dim3 grid(2, 65535, 1);
  dim3 block(16, 1, 64);
  unsigned long long *counts = make_counters();
  count_blocks<<<grid, block>>>(counts);
  RC_CHECK_LAUNCH(count_blocks);
  verify(counts, grid, block);
}
