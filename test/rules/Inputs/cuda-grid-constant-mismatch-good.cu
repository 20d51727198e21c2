// Declarations nvcc 13.0 accepts: they agree on __grid_constant__.
struct Params { float scale[16]; int n; };

__global__ void redecl(const __grid_constant__ Params p);
__global__ void redecl(const __grid_constant__ Params p) {}

template <typename T> __global__ void spec(const T p) {}
template <> __global__ void spec<Params>(const Params p) {}

template <typename T> __global__ void inst(const __grid_constant__ T p) {}
template __global__ void inst<Params>(const __grid_constant__ Params p);
