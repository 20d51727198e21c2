// runtime-check cuda-assert-side-effect, bad: each thread counts its element inside assert().
// Built as is (asserts on) every element is counted once; built with -DNDEBUG (the bad-ndebug
// variant, the same file) the assert and its increment are gone and nothing is counted.
#include <cassert>
#include "../common/runtime_check.cuh"

constexpr int kThreads = 256;

__global__ void count(int *counts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(counts[i]++ == 0);   // the increment is the code's real work
}

int main() {
  int *counts = nullptr, host[kThreads];
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&counts, sizeof host));
  RC_CHECK(cudaMemset(counts, 0, sizeof host));
  count<<<1, kThreads>>>(counts);
  RC_CHECK_LAUNCH(count);
  RC_CHECK(cudaMemcpy(host, counts, sizeof host, cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(counts));
  int wrong = 0;
  for (int i = 0; i < kThreads; ++i) wrong += host[i] != 1;
  if (wrong)
    RC_FINISH("wrong-results", "%d of %d elements not counted (element 0 is %d)", wrong, kThreads,
              host[0]);
  RC_FINISH("correct-results", "all %d elements counted once", kThreads);
}
