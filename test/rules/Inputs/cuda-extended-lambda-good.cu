// Input of cuda-extended-lambda-nvcc.cu: code nvcc 13.0 accepts and cuda-extended-lambda does not report.
// TODO: the close variants of the bad file that are correct.
__global__ void good(float *x) {}
