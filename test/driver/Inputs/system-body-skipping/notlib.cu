#include <blockutil.cuh>
__global__ void bump(float *p) {
  if (threadIdx.x < 128)
    block_barrier();
  p[threadIdx.x] = 0;
}
