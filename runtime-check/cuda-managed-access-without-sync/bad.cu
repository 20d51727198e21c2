// runtime-check cuda-managed-access-without-sync, bad: a kernel spins for about 100 ms and then
// stores 42 in a __managed__ int; the host reads the variable right after the launch, with no
// synchronization. On an H200 (concurrent managed access) the read is allowed and sees the stale
// value; on a device without concurrent managed access it would fault.
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
  RC_CHECK(cudaGetLastError());
  int seen = result;                    // no synchronization before this read
  RC_CHECK(cudaDeviceSynchronize());
  if (seen == 42) RC_FINISH("correct-results", "the host read 42 without synchronizing");
  RC_FINISH("wrong-results", "the host read %d right after the launch; %d after cudaDeviceSynchronize",
            seen, result);
}
