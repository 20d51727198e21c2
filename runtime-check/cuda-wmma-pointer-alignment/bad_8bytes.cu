// runtime-check cuda-wmma-pointer-alignment, bad: load_matrix_sync from sa + 4 of a 128-byte aligned __shared__ array (8 bytes off 32)
// One warp computes C = A * B (16x16x16, half in, float out) with A and B
// loaded by load_matrix_sync from a 32-byte aligned __shared__ tile; the
// result is compared with a host reference.
#include <cmath>
#include <vector>
#include <cuda_fp16.h>
#include <mma.h>
#include "../common/runtime_check.cuh"

using namespace nvcuda;

constexpr unsigned kLdm = 16;     // leading dimension of the shared tiles, in halves
constexpr unsigned kOffset = 4;  // elements between the tile's start and the loaded matrix
constexpr unsigned kTile = kLdm * 16 + 64;

__global__ void mma_from_shared(const half *a, const half *b, float *c) {
  __shared__ alignas(128) half sa[kTile];
  __shared__ alignas(128) half sb[kTile];
  for (unsigned i = threadIdx.x; i < kTile; i += 32) {
    sa[i] = __float2half(0.0f);
    sb[i] = __float2half(0.0f);
  }
  __syncwarp();
  // A row-major (row r at r * kLdm), B column-major (column j at j * kLdm).
  for (unsigned i = threadIdx.x; i < 256; i += 32) {
    sa[kOffset + (i / 16) * kLdm + i % 16] = a[i];
    sb[kOffset + (i / 16) * kLdm + i % 16] = b[i];
  }
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, sa + 4, 16);
  wmma::load_matrix_sync(fb, sb + 4, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}

int main() {
  std::vector<half> a(256), b(256);
  std::vector<float> fa(256), fb(256);
  for (int i = 0; i < 256; ++i) {
    fa[i] = float((i * 7) % 5 - 2);
    fb[i] = float((i * 3) % 7 - 3);
    a[i] = __float2half(fa[i]);
    b[i] = __float2half(fb[i]);
  }
  half *da = nullptr, *db = nullptr;
  float *dc = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&da, 256 * sizeof(half)));
  RC_CHECK(cudaMalloc(&db, 256 * sizeof(half)));
  RC_CHECK(cudaMalloc(&dc, 256 * sizeof(float)));
  RC_CHECK(cudaMemcpy(da, a.data(), 256 * sizeof(half), cudaMemcpyHostToDevice));
  RC_CHECK(cudaMemcpy(db, b.data(), 256 * sizeof(half), cudaMemcpyHostToDevice));
  RC_CHECK(cudaMemset(dc, 0xff, 256 * sizeof(float)));  // poison: NaN
  mma_from_shared<<<1, 32>>>(da, db, dc);
  RC_CHECK_LAUNCH(mma_from_shared);
  std::vector<float> c(256);
  RC_CHECK(cudaMemcpy(c.data(), dc, 256 * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(da));
  RC_CHECK(cudaFree(db));
  RC_CHECK(cudaFree(dc));
  // A row-major, B column-major (b[j * 16 + k] is B(k, j)), C row-major.
  int right = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      double ref = 0;
      for (int k = 0; k < 16; ++k)
        ref += double(fa[i * 16 + k]) * fb[j * 16 + k];
      right += !std::isnan(c[i * 16 + j]) && double(c[i * 16 + j]) == ref;
    }
  RC_FINISH(right == 256 ? "correct-results" : "wrong-results",
            "%d of 256 outputs right against the host reference", right);
}
