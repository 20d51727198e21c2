__constant__ float coef[16];
__device__ float scratch[16];
__global__ void k(float *out) {
  const float *ro = coef;
  float *rw = coef;
  scratch[threadIdx.x] = coef[threadIdx.x] + ro[1] + rw[2];
  float *d = scratch;
  d[1] = out[0];
  out[threadIdx.x] = scratch[threadIdx.x];
}
