// Committed to a scratch repository by pre-commit.test: one finding.
__global__ void __launch_bounds__(128) __maxnreg__(32) scale(float *x) {
  x[threadIdx.x] *= 2.0f;
}
