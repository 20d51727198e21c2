// RUN: %check-cuda-lint %s cuda-warp-sync-divergent %t
// Constants the uniformity analysis must see through: a template argument in a comparison with
// an aligned thread index, and an arm of a helper that is dead for the instantiation's
// constant. Both from ggml's CUDA backend (fattn-vec.cuh, common.cuh).

// ggml's fattn-vec.cuh: `tid < D` with a template argument D that is a multiple of 32 is the
// same in the 32 lanes of each warp, as `tid < 64` is; with D = 40 it is not.
template <int width = 32>
__device__ float reduce_sum_butterfly(float x) {
#pragma unroll
  for (int offset = width / 2; offset > 0; offset >>= 1)
    x += __shfl_xor_sync(0xffffffff, x, offset, width);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__shfl_xor_sync' is reached under the condition 'tid < D', which varies across the warp
  return x;
}
template <int D, int nthreads>
__global__ void tail_rows(float *p) {
  const int tid = 32 * threadIdx.y + threadIdx.x;
  if (nthreads <= D || tid < D)
    p[tid] = reduce_sum_butterfly(p[tid]);
}
template __global__ void tail_rows<64, 128>(float *);
template __global__ void tail_rows<128, 128>(float *);
template __global__ void tail_rows<40, 128>(float *);

// ggml's warp_reduce_all: the shuffle arm is dead when width is the warp size, and the helper
// returns the vote, which every lane of the warp shares.
constexpr __device__ int physical_warp_size() { return 32; }
template <int width = 32>
__device__ int reduce_all(int x) {
  if (width == physical_warp_size()) {
    return __all_sync(0xffffffff, x);
  } else {
    for (int offset = width / 2; offset > 0; offset >>= 1)
      x = __shfl_xor_sync(0xffffffff, x, offset, width) && x;
    return x;
  }
}
__global__ void vote_then_sync(const int *flags, int *out) {
  int all = reduce_all(flags[threadIdx.x]);
  if (all)
    __syncwarp();
  out[threadIdx.x] = all;
}
