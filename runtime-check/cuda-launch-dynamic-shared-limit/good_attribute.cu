// runtime-check cuda-launch-dynamic-shared-limit, good: the same 64 KiB launch after
// cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 KiB).
#include "../common/runtime_check.cuh"

constexpr size_t kSmemBytes = 64 * 1024;

// Reverses a block-sized array through dynamic shared memory of `bytes` bytes: out[i] = n-1-i.
__global__ void reverse_through_smem(float *out, int n) {
  extern __shared__ float buf[];
  for (int i = threadIdx.x; i < n; i += blockDim.x) buf[i] = float(i);
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) out[i] = buf[n - 1 - i];
}

// Copies the result back and checks it; ends the program.
static void verify(float *dev, int n, const char *what) {
  float *host = static_cast<float *>(std::malloc(n * sizeof(float)));
  RC_CHECK(cudaMemcpy(host, dev, n * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != float(n - 1 - i);
  std::free(host);
  RC_CHECK(cudaFree(dev));
  if (wrong) RC_FINISH("wrong-results", "%s: %d of %d elements wrong", what, wrong, n);
  RC_FINISH("cudaSuccess", "%s: launch succeeded, %d elements right", what, n);
}

int main() {
  const int n = int(kSmemBytes / sizeof(float));
  float *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&out, n * sizeof(float)));
  RC_CHECK(cudaFuncSetAttribute(reverse_through_smem, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                int(kSmemBytes)));
  reverse_through_smem<<<1, 256, kSmemBytes>>>(out, n);
  RC_CHECK_LAUNCH(reverse_through_smem);
  verify(out, n, "64 KiB with the attribute");
}
