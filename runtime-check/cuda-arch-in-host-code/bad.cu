// runtime-check cuda-arch-in-host-code, bad: a host function picks the block size with
// `#if __CUDA_ARCH__ >= 900` ("1024 threads on Hopper"). A host function is compiled by the host
// compilation alone, where __CUDA_ARCH__ is not defined: on an sm_90 GPU it still takes the
// fallback branch (128 threads). The kernel counts the threads it ran with.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include "../common/runtime_check.cuh"

int pick_block_size() {
#if __CUDA_ARCH__ >= 900
  return 1024;
#else
  return 128;
#endif
}

__global__ void kernel(int *count) { atomicAdd(count, 1); }

int main() {
  int *count = nullptr, threads = 0;
  cudaDeviceProp prop;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaGetDeviceProperties(&prop, 0));
  RC_CHECK(cudaMalloc(&count, sizeof(int)));
  RC_CHECK(cudaMemset(count, 0, sizeof(int)));
  int block = pick_block_size();
  kernel<<<1, block>>>(count);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(&threads, count, sizeof(int), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(count));
  int wanted = prop.major >= 9 ? 1024 : 128;
  if (threads != wanted)
    RC_FINISH("wrong-results", "sm_%d%d GPU: the __CUDA_ARCH__ >= 900 branch was meant to give %d threads, the host took the other path: %d",
              prop.major, prop.minor, wanted, threads);
  RC_FINISH("correct-results", "sm_%d%d GPU: %d threads", prop.major, prop.minor, threads);
}
