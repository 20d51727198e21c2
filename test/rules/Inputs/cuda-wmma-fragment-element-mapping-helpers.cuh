// Helpers of test/rules/cuda-wmma-fragment-element-mapping.cu, in a header.
#pragma once
#include <mma.h>
template <typename Frag> __device__ inline void scale(Frag &f, float a) {
  for (int t = 0; t < f.num_elements; t++)
    f.x[t] *= a;
}
template <typename Frag> __device__ inline float first_of_lane(Frag &f) {
  unsigned lane = threadIdx.x % 32;
  return f.x[lane % f.num_elements];
}
