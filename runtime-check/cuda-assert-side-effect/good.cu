// runtime-check cuda-assert-side-effect, good: the increment happens outside assert(), which
// only checks its result; built with -DNDEBUG every element is still counted once.
#include <cassert>
#include "../common/runtime_check.cuh"

constexpr int kThreads = 256;

__global__ void count(int *counts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int before = counts[i]++;
  assert(before == 0);
  (void)before;
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
