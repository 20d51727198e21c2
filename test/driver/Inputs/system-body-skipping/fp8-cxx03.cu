// Under C++03 the toolkit's fp8 type has a user-provided empty constructor,
// in a leaf header: its body is kept, so it is still empty.
#include <cuda_fp8.h>
__device__ __nv_fp8_e4m3 g8;
__global__ void k(char *p) {
  __shared__ __nv_fp8_e4m3 s8;
  p[threadIdx.x] = s8.__x + g8.__x;
}
