// Committed to a scratch repository by pre-commit.test: a finding only with
// the -D of the project's compile_commands.json.
#ifdef CUDA_LINT_TEST_MAXNREG
__global__ void __launch_bounds__(128) __maxnreg__(32) scale(float *x) {
#else
__global__ void __launch_bounds__(128) scale(float *x) {
#endif
  x[threadIdx.x] *= 2.0f;
}
