#include "multiarch/api.h"
#include "multiarch/common.cuh"

void scaleOnDevice(float *Data, std::size_t N, float Factor) {
  multiarch::scaleKernel<<<multiarch::blocksFor(N), MULTIARCH_BLOCK>>>(
      Data, static_cast<unsigned long long>(N), Factor);
}
