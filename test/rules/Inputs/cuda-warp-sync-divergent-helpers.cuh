// Helpers of test/rules/cuda-warp-sync-divergent.cu, in a header.
#pragma once
#define FULL_MASK 0xffffffff
template <int Width = 32> __device__ inline float warp_sum(float v) {
  for (int o = Width / 2; o > 0; o /= 2)
    v += __shfl_xor_sync(FULL_MASK, v, o, Width);
  return v;
}
