// runtime-check cuda-launch-exceeds-launch-bounds, bad: a __launch_bounds__(256) kernel launched
// with 512 threads per block. The launch fails; nvcc accepts the file.
#include "../common/runtime_check.cuh"

constexpr int kMaxThreads = 256;
constexpr int kThreads = 512;   // above the kernel's maxThreadsPerBlock
constexpr int kBlocks = 4;

__global__ void __launch_bounds__(kMaxThreads) scale(float *x, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= factor;
}

int main() {
  const int n = kBlocks * kThreads;
  float *x = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&x, n * sizeof(float)));
  RC_CHECK(cudaMemset(x, 0, n * sizeof(float)));
  scale<<<kBlocks, kThreads>>>(x, 2.0f, n);
  RC_CHECK_LAUNCH(scale);
  RC_CHECK(cudaFree(x));
  RC_FINISH("cudaSuccess", "launch with %d threads per block succeeded", kThreads);
}
