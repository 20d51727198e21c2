// Opened in cuda-lint-clangd by clangd-collectives.test.
#include <mma.h>
#include "lsp-collectives-helpers.cuh"
__global__ void fail1(float *out) {
  if (threadIdx.x < 64)
    __syncthreads();
  if (out[threadIdx.x] > 0)
    out[0] = lane_sum(out[threadIdx.x]);
  if (threadIdx.x % 2)
    block_barrier();
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> acc;
  nvcuda::wmma::fill_fragment(acc, 0.0f);
  out[threadIdx.x] = acc.x[threadIdx.x % 8];
}
__global__ void correct1(float *out, int n) {
  if (blockIdx.x < n)
    __syncthreads();
  out[0] = lane_sum(out[threadIdx.x]);
  block_barrier();
}
__global__ void fail2(const int *in, int *out) {
  __shared__ int tile[1024];
  int t = threadIdx.x;
  tile[t] = in[t];
  out[t] = tile[blockDim.x - 1 - t];
}
static __global__ void correct2(int *out, int n) {
  __shared__ int tile[1024];
  int t = threadIdx.x;
  if (t >= n)
    return;
  tile[t] = t;
  __syncthreads();
  out[t] = tile[n - 1 - t];
}
void launch2(int *out, int n) {
  const dim3 block(n, 1, 1);
  correct2<<<1, block>>>(out, n);
}
