#include "lsp-constant-header.cuh"

__global__ void use(float *out) {
  // Coeffs<2000>: 8000 bytes, instantiated here from a template of the
  // preamble.
  out[0] = HeaderTable[0] + Coeffs<2000>[0];
}

__constant__ float MainTable[6200];      // 24800 bytes: more than 64 KiB in all
