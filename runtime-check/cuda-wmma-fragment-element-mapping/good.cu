// runtime-check cuda-wmma-fragment-element-mapping, good: the whole warp stores the
// accumulator to shared memory with store_matrix_sync (a known row-major layout) and lane 0
// reads the first 8 elements of row 0 there.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <mma.h>
#include <vector>
#include "../common/runtime_check.cuh"
using namespace nvcuda;

__global__ void kernel(const float *m, float *out) {
  __shared__ float tile[256];
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(acc, m, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(tile, acc, 16, wmma::mem_row_major);
  __syncwarp();
  if (threadIdx.x % 32 == 0)
    for (int t = 0; t < 8; ++t)
      out[t] = tile[t];
}

int main() {
  std::vector<float> host(256), res(8, -1.0f);
  for (int i = 0; i < 256; ++i) host[i] = float(i);
  float *m = nullptr, *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&m, 256 * sizeof(float)));
  RC_CHECK(cudaMalloc(&out, 8 * sizeof(float)));
  RC_CHECK(cudaMemcpy(m, host.data(), 256 * sizeof(float), cudaMemcpyHostToDevice));
  kernel<<<1, 32>>>(m, out);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(res.data(), out, 8 * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(m));
  RC_CHECK(cudaFree(out));
  int wrong = 0;
  for (int t = 0; t < 8; ++t) wrong += res[t] != float(t);
  if (wrong) RC_FINISH("wrong-results", "%d of 8 elements wrong", wrong);
  RC_FINISH("correct-results", "elements (0, 0..7) read from the stored tile");
}
