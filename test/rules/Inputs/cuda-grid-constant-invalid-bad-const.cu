// nvcc 13.0 rejects: __grid_constant__ on a parameter that is not const-qualified.
struct Params { float scale[16]; int n; };
__global__ void not_const(__grid_constant__ Params p) {}
