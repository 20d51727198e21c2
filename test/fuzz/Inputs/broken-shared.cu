__global__ void k(float *o) {
  __shared__ float s[32][];
  __shared__ float t[][32];
  __shared__ float u[0][0];
  __shared__ float v[-1][32];
  s[threadIdx.x][0] = t[threadIdx.x][0] + u[threadIdx.x][0] + v[threadIdx.x][0];
  __syncthreads(
}
