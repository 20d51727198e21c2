#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;

__global__ void bad(const __nv_bfloat16 *p) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
  wmma::load_matrix_sync(a, p, 16);
}
