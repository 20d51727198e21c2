// Kernels nvcc 13.0 rejects: __launch_bounds__ and __maxnreg__ on one kernel.
__global__ void __launch_bounds__(128) __maxnreg__(32) both(float *x) {}

__global__ void __launch_bounds__(128) split(float *x);
__global__ void __maxnreg__(32) split(float *x) {}

template <typename T> __global__ void __maxnreg__(32) spec(T *x) {}
template <> __global__ void __launch_bounds__(64) spec<float>(float *x) {}
