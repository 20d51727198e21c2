// nvcc 13.0 accepts these and ptxas honours them.
constexpr int kCap = 64;
__global__ void __maxnreg__(kCap) capped(float *x) {}
__global__ void __maxnreg__(255) wide(float *x) {}
template <int N> __global__ void __maxnreg__(N) tuned(float *x) {}
template __global__ void tuned<32>(float *);
