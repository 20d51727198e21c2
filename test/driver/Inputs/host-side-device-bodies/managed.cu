// cuda-managed-access-without-sync reads on the host side which kernels name
// a __managed__ variable: once one is declared, the host side parses the
// device bodies that follow. The host-only main() is seen by the host alone.
#include <cuda_runtime.h>
__managed__ int counter;
__global__ void bump() { counter++; }
__global__ void other(int *p) { p[0] = 1; }
#ifndef __CUDA_ARCH__
int main() {
  counter = 0;
  other<<<1, 1>>>(nullptr);
  int before = counter; // not a finding: 'other' never names it
  bump<<<1, 1>>>();
  return counter + before;
}
#endif
