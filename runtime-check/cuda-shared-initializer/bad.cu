// runtime-check cuda-shared-initializer, bad (compile tier): a __shared__ variable with an
// initializer. nvcc 13.0 rejects it ("initializer not allowed for __shared__ variable").
#include "../common/runtime_check.cuh"

constexpr int kThreads = 128;

__global__ void read_shared(int *out) {
  __shared__ int answer = 42;
  out[threadIdx.x] = answer;
}

int main() {
  int *out = nullptr, host[kThreads];
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&out, sizeof host));
  RC_CHECK(cudaMemset(out, 0, sizeof host));
  read_shared<<<1, kThreads>>>(out);
  RC_CHECK_LAUNCH(read_shared);
  RC_CHECK(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int i = 0; i < kThreads; ++i) wrong += host[i] != 42;
  if (wrong)
    RC_FINISH("wrong-results", "%d of %d threads read something other than 42 (thread 0 read %d)",
              wrong, kThreads, host[0]);
  RC_FINISH("correct-results", "all %d threads read 42", kThreads);
}
