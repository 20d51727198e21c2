// runtime-check cuda-device-variable-host-access, good: the same kernel; the host reads the
// __device__ variable with cudaMemcpyFromSymbol.
#include "../common/runtime_check.cuh"

__device__ int value;

__global__ void store() { value = 42; }

int main() {
  RC_CHECK(cudaSetDevice(0));
  store<<<1, 1>>>();
  RC_CHECK_LAUNCH(store);
  int copied = -1;
  RC_CHECK(cudaMemcpyFromSymbol(&copied, value, sizeof(int)));
  if (copied == 42) RC_FINISH("correct-results", "cudaMemcpyFromSymbol read 42");
  RC_FINISH("wrong-results", "cudaMemcpyFromSymbol read %d", copied);
}
