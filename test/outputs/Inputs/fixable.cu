// Input of the fix tests: cuda-grid-constant-mismatch has a fix-it (marked
// unsafe: it changes how the kernel reads the parameter).
struct Params { float scale[16]; int n; };

__global__ void redecl(const __grid_constant__ Params p, float *out);
__global__ void redecl(const Params p, float *out) { out[0] = p.scale[0]; }

template <typename T> __global__ void spec(const T p) {}
template <> __global__ void spec<Params>(const __grid_constant__ Params p) {}
