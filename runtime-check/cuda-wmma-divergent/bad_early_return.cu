// runtime-check cuda-wmma-divergent, bad-early-return: lanes 16-31 of the warp return before the
// WMMA calls, so lanes 0-15 alone execute load_matrix_sync, mma_sync and store_matrix_sync
// (warp-collective operations) on 16x16x16 half matrices; the result is compared with a host
// reference.
#include <cmath>
#include <ctime>
#include <random>
#include <vector>
#include <cuda_fp16.h>
#include <mma.h>
#include "../common/runtime_check.cuh"

using namespace nvcuda;

constexpr int kM = 16, kN = 16, kK = 16;
constexpr int kMatrices = 64;   // one warp (one block of 32 threads) per 16x16x16 product

// One 16x16x16 product per block: C[m] = A[m] * B[m], computed and stored by half a warp.
__global__ void mma16(const half *a, const half *b, float *c) {
  const size_t m = blockIdx.x;
  const int lane = threadIdx.x % 32;
  if (lane >= 16) return;   // divergent: the rest of the kernel runs on half a warp
  wmma::fragment<wmma::matrix_a, kM, kN, kK, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, kM, kN, kK, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, kM, kN, kK, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a + m * kM * kK, kK);
  wmma::load_matrix_sync(fb, b + m * kK * kN, kK);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c + m * kM * kN, fc, kN, wmma::mem_row_major);
}

int main() {
  const unsigned seed = unsigned(std::time(nullptr));
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> small(-3, 3);   // exact in half, sums exact in float
  const size_t na = size_t(kMatrices) * kM * kK, nb = size_t(kMatrices) * kK * kN,
               nc = size_t(kMatrices) * kM * kN;
  std::vector<half> a(na), b(nb);
  std::vector<float> fa(na), fb(nb);
  for (size_t i = 0; i < na; ++i) fa[i] = float(small(rng)), a[i] = __float2half(fa[i]);
  for (size_t i = 0; i < nb; ++i) fb[i] = float(small(rng)), b[i] = __float2half(fb[i]);

  half *da = nullptr, *db = nullptr;
  float *dc = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&da, na * sizeof(half)));
  RC_CHECK(cudaMalloc(&db, nb * sizeof(half)));
  RC_CHECK(cudaMalloc(&dc, nc * sizeof(float)));
  RC_CHECK(cudaMemcpy(da, a.data(), na * sizeof(half), cudaMemcpyHostToDevice));
  RC_CHECK(cudaMemcpy(db, b.data(), nb * sizeof(half), cudaMemcpyHostToDevice));
  RC_CHECK(cudaMemset(dc, 0xff, nc * sizeof(float)));   // poison: every float NaN
  mma16<<<kMatrices, 32>>>(da, db, dc);
  RC_CHECK_LAUNCH(mma16);
  std::vector<float> c(nc);
  RC_CHECK(cudaMemcpy(c.data(), dc, nc * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(da));
  RC_CHECK(cudaFree(db));
  RC_CHECK(cudaFree(dc));

  // Host reference in double: C = A (row-major MxK) * B (column-major KxN), C row-major.
  long right = 0, right0 = 0;
  for (int m = 0; m < kMatrices; ++m)
    for (int i = 0; i < kM; ++i)
      for (int j = 0; j < kN; ++j) {
        double ref = 0;
        for (int k = 0; k < kK; ++k)
          ref += double(fa[size_t(m) * kM * kK + i * kK + k]) * fb[size_t(m) * kK * kN + j * kK + k];
        const float got = c[size_t(m) * kM * kN + i * kN + j];
        const bool ok = !std::isnan(got) && double(got) == ref;
        right += ok;
        if (m == 0) right0 += ok;
      }
  const char *outcome = right == long(nc) ? "correct-results" : "wrong-results";
  RC_FINISH(outcome, "%ld of %zu outputs right against the host reference (first matrix: %ld of 256); seed %u",
            right, nc, right0, seed);
}
