#include <cuda_runtime.h>
__device__ int counter;
__constant__ float coef[4];
__managed__ int total;
__device__ float scaled(float x) { return x * coef[0]; }
int read_it(float *dst) {
  int one = 1, value = 0;
  cudaMemcpyToSymbol(counter, &one, sizeof one);
  cudaMemcpyFromSymbol(&value, counter, sizeof value);
  void *addr = nullptr;
  cudaGetSymbolAddress(&addr, coef);
  cudaMemcpy(dst, addr, sizeof(coef), cudaMemcpyDeviceToHost);
  total = value + int(sizeof(counter));
  return total;
}
