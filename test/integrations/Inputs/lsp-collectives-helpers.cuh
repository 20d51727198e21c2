// Included by lsp-collectives.cu (clangd-collectives.test): helpers in the preamble.
#pragma once
__device__ inline float lane_sum(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}
__device__ inline void block_barrier() { __syncthreads(); }
