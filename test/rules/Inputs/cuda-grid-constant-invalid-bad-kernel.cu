// nvcc 13.0 rejects: __grid_constant__ on a parameter of a function that is not a kernel.
struct Params { float scale[16]; int n; };
__device__ float helper(const __grid_constant__ Params p) { return p.scale[0]; }
