// Parameters nvcc 13.0 accepts as __grid_constant__.
struct Params { float scale[16]; int n; };

__global__ void by_value(const __grid_constant__ Params p) {}
__global__ void const_pointer(float *const __grid_constant__ p) {}
template <typename T> __global__ void templ(__grid_constant__ T p) {}
template __global__ void templ<const Params>(__grid_constant__ const Params p);
__device__ float helper(const Params &p) { return p.scale[0]; }
