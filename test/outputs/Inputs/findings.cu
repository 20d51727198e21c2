// Input of the output-format tests: an error, and a warning with a note.
#include <mma.h>
using namespace nvcuda;

__global__ void __launch_bounds__(64) __maxnreg__(32) bounded() {}

__global__ void halfwarp(float *c) {
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  if (threadIdx.x < 16)
    wmma::fill_fragment(acc, 0.0f);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
