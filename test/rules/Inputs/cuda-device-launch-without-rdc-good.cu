// Input of cuda-device-launch-without-rdc-nvcc.cu: code nvcc 13.0 accepts and cuda-device-launch-without-rdc does not report.
// TODO: the close variants of the bad file that are correct.
__global__ void good(float *x) {}
