// Input of cuda-diag-pragma-legacy-nvcc.cu: the same code with the nv_ prefix; nvcc 13.0
// honours both pragmas and reports nothing.
#pragma nv_diag_suppress 177
static int unused_at_file_scope;

__global__ void good(int *p) {
#pragma nv_diag_suppress 177
  int unused_in_kernel;
  p[0] = 1;
}
