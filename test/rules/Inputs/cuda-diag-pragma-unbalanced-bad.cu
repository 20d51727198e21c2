// Input of cuda-diag-pragma-unbalanced-nvcc.cu: the header's suppression of #177 leaks into this
// file, so nvcc 13.0 says nothing about the unused variables below.
#include "cuda-diag-pragma-unbalanced-leak.h"
static int unused_after_header;
__global__ void k(int *p) {
  int unused_in_kernel;
  p[0] = 1;
}
