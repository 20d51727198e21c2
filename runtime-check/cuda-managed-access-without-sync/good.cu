// runtime-check cuda-managed-access-without-sync, good: the same kernel; the host calls
// cudaDeviceSynchronize() before reading the __managed__ variable.
#include "../common/runtime_check.cuh"

__managed__ int result;

__global__ void slow_produce() {
  long long start = clock64();
  while (clock64() - start < 200000000LL) {
  }
  result = 42;
}

int main() {
  RC_CHECK(cudaSetDevice(0));
  result = 0;
  slow_produce<<<1, 1>>>();
  RC_CHECK_LAUNCH(slow_produce);
  int seen = result;
  if (seen == 42) RC_FINISH("correct-results", "the host read 42 after cudaDeviceSynchronize");
  RC_FINISH("wrong-results", "the host read %d after cudaDeviceSynchronize", seen);
}
