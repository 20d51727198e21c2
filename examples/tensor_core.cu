// A 16x16x16 tensor-core tile product, with a planted divergent mma_sync.
#include <mma.h>
using namespace nvcuda;

__global__ void tile_product(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  if (warp == 0) { // warp-uniform: fine
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
  }
  int lane = threadIdx.x % 32;
  // Planted: only lanes 0-15 execute the warp-collective mma_sync.
  if (lane < 16)
    wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
