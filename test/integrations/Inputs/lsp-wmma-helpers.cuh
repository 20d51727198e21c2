// Opened in cuda-lint-clangd by clangd-lsp.test: a project header whose
// __device__ helpers lsp-wmma.cu calls. clangd builds it into the preamble.
#pragma once
#include <mma.h>
using namespace nvcuda;
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> FragC;
__device__ inline unsigned lane_id() { return threadIdx.x % 32; }
__device__ inline void clear_acc(FragC &acc) {
  wmma::fill_fragment(acc, 0.0f);
}
