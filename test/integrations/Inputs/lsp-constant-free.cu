#include "lsp-constant-free.cuh"

__constant__ float A[10000];
__constant__ float B[8000];

__global__ void k(float *o) {
  o[0] = A[0] + B[0] + DeviceTable[0] + Scratch<4>[0];
}
