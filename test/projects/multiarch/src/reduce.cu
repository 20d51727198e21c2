#include "multiarch/api.h"
#include "multiarch/common.cuh"
#include <cub/block/block_reduce.cuh>

namespace {

template <typename Op>
__global__ void __launch_bounds__(MULTIARCH_BLOCK)
    reduceKernel(const float *Data, unsigned long long N, float *Out, Op Combine) {
  using BlockReduce = cub::BlockReduce<float, MULTIARCH_BLOCK>;
  __shared__ typename BlockReduce::TempStorage Temp;
  unsigned long long I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = I < N ? Data[I] : 0.0f;
  float Block = BlockReduce(Temp).Reduce(V, Combine);
  if (threadIdx.x == 0)
    atomicAdd(Out, Block);
}

} // namespace

float sumOnDevice(const float *Data, std::size_t N) {
  float *Out = nullptr;
  cudaMalloc(&Out, sizeof(float));
  cudaMemset(Out, 0, sizeof(float));
  // A device lambda in host code: needs --extended-lambda with nvcc.
  auto Plus = [] __device__(float A, float B) { return A + B; };
  reduceKernel<<<multiarch::blocksFor(N), MULTIARCH_BLOCK>>>(
      Data, static_cast<unsigned long long>(N), Out, Plus);
  float Sum = 0.0f;
  cudaMemcpy(&Sum, Out, sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(Out);
  // The header's kernel, instantiated for another type in this unit.
  multiarch::scaleKernel<<<1, MULTIARCH_BLOCK>>>(static_cast<double *>(nullptr), 0ull, 1.0);
  return Sum;
}
