// runtime-check cuda-wmma-fragment-element-mapping, bad: the accumulator of a 16x16 tile
// M[r][c] = 16 * r + c is loaded with load_matrix_sync, then lane 0 alone reads acc.x[0..7]
// as if it held the first 8 elements of row 0 (a row-major mapping the code assumes; the
// Programming Guide leaves the mapping unspecified).
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include <mma.h>
#include <vector>
#include "../common/runtime_check.cuh"
using namespace nvcuda;

__global__ void kernel(const float *m, float *out) {
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(acc, m, 16, wmma::mem_row_major);
  if (threadIdx.x % 32 == 0)
    for (int t = 0; t < 8; ++t)
      out[t] = acc.x[t];                 // assumes element (0, t)
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
  if (wrong)
    RC_FINISH("wrong-results", "%d of 8 elements not (0, t): got %g %g %g %g %g %g %g %g", wrong,
              res[0], res[1], res[2], res[3], res[4], res[5], res[6], res[7]);
  RC_FINISH("correct-results", "lane 0 held elements (0, 0..7)");
}
