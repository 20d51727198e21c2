// Kernels nvcc 13.0 accepts: one register annotation per kernel.
__global__ void __launch_bounds__(128) bounds(float *x) {}
__global__ void __maxnreg__(32) capped(float *x) {}
__global__ void __maxnreg__(32) split(float *x);
__global__ void split(float *x) {}
__global__ void __launch_bounds__(128) overload(float *x) {}
__global__ void __maxnreg__(32) overload(double *x) {}
template <typename T> __global__ void __maxnreg__(32) spec(T *x) {}
template <> __global__ void __maxnreg__(64) spec<float>(float *x) {}
template __global__ void spec<int>(int *);
