// nvcc 13.0 accepts this, and ptxas ignores the annotation.
__global__ void __maxnreg__(300) capped(float *x) {}
