__global__ void k(float *out) {
  extern __shared__ __align__(16) float buf[];
  buf[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}
