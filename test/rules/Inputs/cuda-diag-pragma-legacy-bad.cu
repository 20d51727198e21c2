// Input of cuda-diag-pragma-legacy-nvcc.cu: legacy diagnostic pragmas, which nvcc 13.0 no
// longer honours. At file scope it ignores the pragma silently, inside a kernel it warns
// #20199; in both places the warning #177 the pragma meant to suppress is still reported.
#pragma diag_suppress 177
static int unused_at_file_scope;

__global__ void bad(int *p) {
#pragma diag_suppress 177
  int unused_in_kernel;
  p[0] = 1;
}
