// Input of cuda-diag-pragma-unbalanced-nvcc.cu: the header restores what it suppresses, so
// nvcc 13.0 reports the unused variables of this file (#177).
#include "cuda-diag-pragma-unbalanced-balanced.h"
static int unused_after_header;
__global__ void k(int *p) {
  int unused_in_kernel;
  p[0] = 1;
}
