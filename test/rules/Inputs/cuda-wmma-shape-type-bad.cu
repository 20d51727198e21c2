#include <mma.h>
using namespace nvcuda;

__global__ void bad(const half *p) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, half, wmma::row_major> a;
  wmma::load_matrix_sync(a, p, 16);
}
