// Input of cuda-wmma-arch-nvcc.cu: code nvcc 13.0 rejects and cuda-wmma-arch reports.
// TODO: the bad code (until then nvcc accepts this file and the test fails).
__global__ void bad(float *x) {}
