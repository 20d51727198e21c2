// A clean kernel and launch: cuda-lint reports nothing here.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int run_saxpy(int n, float *x, float *y) {
  const int threads = 256;
  saxpy<<<(n + threads - 1) / threads, threads>>>(n, 2.0f, x, y);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    std::fprintf(stderr, "saxpy: %s\n", cudaGetErrorString(err));
    return 1;
  }
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
