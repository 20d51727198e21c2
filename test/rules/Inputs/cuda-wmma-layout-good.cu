#include <mma.h>
using namespace nvcuda;

__global__ void good(const half *p, float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
}
