// nvcc 13.0 rejects: __grid_constant__ on a reference parameter.
struct Params { float scale[16]; int n; };
__global__ void reference(const __grid_constant__ Params &p) {}
