#include "multiarch/api.h"
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

int main() {
  const std::size_t N = 1 << 20;
  std::vector<float> Host(N, 0.5f);
  float *Data = nullptr;
  if (cudaMalloc(&Data, N * sizeof(float)) != cudaSuccess)
    return 1;
  cudaMemcpy(Data, Host.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  scaleOnDevice(Data, N, 2.0f);
  clampOnDevice(Data, N);
  std::printf("sum %f\n", sumOnDevice(Data, N));
  cudaFree(Data);
  return 0;
}
