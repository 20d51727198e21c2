// runtime-check cuda-arch-in-host-code, good: the host asks the runtime for the device's
// compute capability (cudaGetDeviceProperties) instead of testing __CUDA_ARCH__.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include "../common/runtime_check.cuh"

int pick_block_size(const cudaDeviceProp &prop) { return prop.major >= 9 ? 1024 : 128; }

__global__ void kernel(int *count) { atomicAdd(count, 1); }

int main() {
  int *count = nullptr, threads = 0;
  cudaDeviceProp prop;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaGetDeviceProperties(&prop, 0));
  RC_CHECK(cudaMalloc(&count, sizeof(int)));
  RC_CHECK(cudaMemset(count, 0, sizeof(int)));
  int block = pick_block_size(prop);
  kernel<<<1, block>>>(count);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(&threads, count, sizeof(int), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(count));
  int wanted = prop.major >= 9 ? 1024 : 128;
  if (threads != wanted)
    RC_FINISH("wrong-results", "sm_%d%d GPU: wanted %d threads, ran %d", prop.major, prop.minor, wanted, threads);
  RC_FINISH("correct-results", "sm_%d%d GPU: %d threads", prop.major, prop.minor, threads);
}
