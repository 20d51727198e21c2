#include <mma.h>
using namespace nvcuda;

__global__ void satf(int *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
  wmma::fill_fragment(a, 1);
  wmma::fill_fragment(b, 1);
  wmma::fill_fragment(c, 0);
  wmma::mma_sync(c, a, b, c, threadIdx.x % 2 == 0);
  wmma::store_matrix_sync(out, c, 16, wmma::mem_row_major);
}
