// Input of cuda-float128-arch-nvcc.cu: code nvcc 13.0 accepts and cuda-float128-arch does not
// report: the same computation in double, and __float128 in host code.
__global__ void good(double *out, double a) {
  double x = a;
  out[0] = x * x;
}
__float128 host_square(__float128 x) { return x * x; }
