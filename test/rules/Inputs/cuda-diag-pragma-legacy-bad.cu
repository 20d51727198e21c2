// Input of cuda-diag-pragma-legacy-nvcc.cu: code nvcc 13.0 rejects and cuda-diag-pragma-legacy reports.
// TODO: the bad code (until then nvcc accepts this file and the test fails).
__global__ void bad(float *x) {}
