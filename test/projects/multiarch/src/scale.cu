#include "multiarch/api.h"
#include "multiarch/common.cuh"

void scaleOnDevice(float *Data, std::size_t N, float Factor) {
  multiarch::scaleKernel<<<multiarch::blocksFor(N), MULTIARCH_BLOCK>>>(
      Data, static_cast<unsigned long long>(N), Factor);
}

// Device-side new/delete (the device heap), in a unit built with
// --extended-lambda: clang's CUDA wrapper headers must still declare the
// device malloc/free that operator new uses.
__global__ void scratchKernel(float *Out) {
  float *Scratch = new float[4];
  Scratch[0] = Out[threadIdx.x];
  Out[threadIdx.x] = Scratch[0] * 2.0f;
  delete[] Scratch;
}
