// Input of cuda-float128-arch-nvcc.cu: code nvcc 13.0 rejects for sm_90 (and accepts for sm_100)
// and cuda-float128-arch reports: a __float128 local in a kernel.
__global__ void bad(double *out, double a) {
  __float128 x = a;
  out[0] = (double)(x * x);
}
