// nvcc 13.0 rejects a register count that is not positive.
template <int N> __global__ void __maxnreg__(N) capped(float *x) {}
template __global__ void capped<0>(float *);
