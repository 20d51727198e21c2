// runtime-check cuda-symbol-copy-size, good: cudaMemcpyToSymbol of sizeof(coef) bytes, read
// back with cudaMemcpyFromSymbol.
#include "../common/runtime_check.cuh"

__constant__ float coef[16];

int main() {
  float host[16], back[16] = {};
  for (int i = 0; i < 16; ++i) host[i] = float(i);
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMemcpyToSymbol(coef, host, sizeof(coef)));
  RC_CHECK(cudaMemcpyFromSymbol(back, coef, sizeof(coef)));
  for (int i = 0; i < 16; ++i)
    if (back[i] != host[i]) RC_FINISH("wrong-results", "element %d read back as %f", i, back[i]);
  RC_FINISH("cudaSuccess", "64 bytes copied and read back");
}
