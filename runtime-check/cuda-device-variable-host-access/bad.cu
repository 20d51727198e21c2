// runtime-check cuda-device-variable-host-access, bad: a kernel stores 42 into a __device__
// variable; the host then reads the variable by name (nvcc warns #20091) and, through
// cudaMemcpy from &value (nvcc is silent), copies from the address of the host's shadow copy.
// What the host actually reads is the result.
#include <cstring>
#include "../common/runtime_check.cuh"

__device__ int value;

__global__ void store() { value = 42; }

int main() {
  RC_CHECK(cudaSetDevice(0));
  store<<<1, 1>>>();
  RC_CHECK_LAUNCH(store);
  int by_name = value;                  // the host's shadow copy
  int copied = -1;
  cudaError_t err = cudaMemcpy(&copied, &value, sizeof(int), cudaMemcpyDeviceToHost);
  if (by_name == 42 && err == cudaSuccess && copied == 42)
    RC_FINISH("correct-results", "the host read 42 by name and through cudaMemcpy(&value)");
  RC_FINISH("wrong-results", "by name the host read %d; cudaMemcpy(&value) returned %s and read %d",
            by_name, cudaGetErrorName(err), copied);
}
