// runtime-check cuda-shared-race, bad_matmul: the tiled matrix product that drops its second
// __syncthreads(). A warp that finishes the inner product of one tile goes on to store the next
// tile into As/Bs while other warps of the block still read the current one.
#include <vector>
#include "../common/runtime_check.cuh"

constexpr int kTile = 32, kN = 512, kRuns = 20;

__global__ void matmul(const float *A, const float *B, float *C) {
  __shared__ float As[kTile][kTile], Bs[kTile][kTile];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  float sum = 0.0f;
  for (int m = 0; m < kN / kTile; ++m) {
    As[ty][tx] = A[row * kN + m * kTile + tx];
    Bs[ty][tx] = B[(m * kTile + ty) * kN + col];
    __syncthreads();
    for (int k = 0; k < kTile; ++k)
      sum += As[ty][k] * Bs[k][tx];
    // missing: __syncthreads(); before the next iteration overwrites the tiles
  }
  C[row * kN + col] = sum;
}

int main() {
  const int n2 = kN * kN;
  std::vector<float> a(n2), b(n2), ref(n2, 0.0f), c(n2);
  // Small integers: every sum is exact in float, so any difference is a wrong value.
  for (int i = 0; i < n2; ++i) {
    a[i] = float((i * 7 + 1) % 4);
    b[i] = float((i * 13 + 3) % 4);
  }
  for (int i = 0; i < kN; ++i)
    for (int k = 0; k < kN; ++k) {
      const float aik = a[i * kN + k];
      for (int j = 0; j < kN; ++j) ref[i * kN + j] += aik * b[k * kN + j];
    }
  float *da = nullptr, *db = nullptr, *dc = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&da, n2 * sizeof(float)));
  RC_CHECK(cudaMalloc(&db, n2 * sizeof(float)));
  RC_CHECK(cudaMalloc(&dc, n2 * sizeof(float)));
  RC_CHECK(cudaMemcpy(da, a.data(), n2 * sizeof(float), cudaMemcpyHostToDevice));
  RC_CHECK(cudaMemcpy(db, b.data(), n2 * sizeof(float), cudaMemcpyHostToDevice));
  long wrong = 0;
  for (int run = 0; run < kRuns; ++run) {
    RC_CHECK(cudaMemset(dc, 0xff, n2 * sizeof(float)));
    matmul<<<dim3(kN / kTile, kN / kTile), dim3(kTile, kTile)>>>(da, db, dc);
    RC_CHECK_LAUNCH(matmul);
    RC_CHECK(cudaMemcpy(c.data(), dc, n2 * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n2; ++i) wrong += c[i] != ref[i];
  }
  RC_CHECK(cudaFree(da));
  RC_CHECK(cudaFree(db));
  RC_CHECK(cudaFree(dc));
  if (wrong) RC_FINISH("wrong-results", "%ld of %ld values wrong (%d runs of a %dx%d product, %dx%d tiles)", wrong, long(n2) * kRuns, kRuns, kN, kN, kTile, kTile);
  RC_FINISH("correct-results", "all %ld values right (%d runs of a %dx%d product, %dx%d tiles)", long(n2) * kRuns, kRuns, kN, kN, kTile, kTile);
}
