#include "lsp-constant-extra.cuh"

__global__ void use(float *out) { out[0] = HeaderTable[0]; }

__constant__ float MainTable[6000];     // 24000 bytes: 56768 in all
