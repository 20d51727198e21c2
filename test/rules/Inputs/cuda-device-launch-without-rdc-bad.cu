// Input of cuda-device-launch-without-rdc-nvcc.cu: code nvcc 13.0 rejects and cuda-device-launch-without-rdc reports.
// TODO: the bad code (until then nvcc accepts this file and the test fails).
__global__ void bad(float *x) {}
