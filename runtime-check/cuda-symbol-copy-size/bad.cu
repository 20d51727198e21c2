// runtime-check cuda-symbol-copy-size, bad: cudaMemcpyToSymbol of 17 floats into a
// __constant__ float[16] (68 bytes into 64). Expected: cudaErrorInvalidValue.
#include "../common/runtime_check.cuh"

__constant__ float coef[16];

int main() {
  float host[17] = {};
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMemcpyToSymbol(coef, host, 17 * sizeof(float)));
  RC_FINISH("cudaSuccess", "copied 68 bytes into a 64-byte symbol");
}
