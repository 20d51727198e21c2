// runtime-check cuda-launch-dynamic-shared-limit, bad: 240 KiB of dynamic shared memory, above
// sm_90's opt-in maximum (227 KiB), fails even with the attribute raised as far as the device
// allows. Asking the attribute for 240 KiB is itself refused; the program records that refusal
// in the detail and goes on to the launch, which is what the rule is about.
#include "../common/runtime_check.cuh"

constexpr size_t kSmemBytes = 240 * 1024;

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
  int optin = 0;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  RC_CHECK(cudaMalloc(&out, n * sizeof(float)));
  // Checked, but its failure is an expected part of the demonstration, not the end of it.
  cudaError_t ask = cudaFuncSetAttribute(reverse_through_smem,
                                         cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(kSmemBytes));
  // A refused request also becomes the last error: clear it (and only it) before the launch.
  cudaError_t left = cudaGetLastError();
  if (left != cudaSuccess && left != ask) RC_CHECK(left);
  RC_CHECK(cudaFuncSetAttribute(reverse_through_smem, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                optin));
  std::printf("attribute at 240 KiB: %s; opt-in maximum: %d bytes\n", cudaGetErrorName(ask), optin);
  reverse_through_smem<<<1, 256, kSmemBytes>>>(out, n);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    RC_FINISH(cudaGetErrorName(err),
              "launch with 240 KiB failed: %s (attribute request for 240 KiB: %s; attribute set "
              "to the opt-in maximum %d bytes)",
              cudaGetErrorString(err), cudaGetErrorName(ask), optin);
  RC_CHECK(cudaDeviceSynchronize());
  verify(out, n, "240 KiB with the attribute at the opt-in maximum");
}
