// Opened in cuda-lint-clangd by clangd-lsp.test: a WMMA call inside a helper
// of a project header (in the preamble), called under a lane condition.
#include "lsp-wmma-helpers.cuh"
__global__ void fail1(float *c) {
  FragC acc;
  if (lane_id() < 16)
    clear_acc(acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
__global__ void correct1(float *c) {
  FragC acc;
  clear_acc(acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
