// Input of cuda-grid-constant-mismatch-fix.cu: declarations that disagree.
struct Params { float scale[16]; int n; };

__global__ void redecl(const __grid_constant__ Params p, int n);
__global__ void redecl(const Params p, int n) {}

template <typename T> __global__ void spec(const T p) {}
template <> __global__ void spec<Params>(const __grid_constant__ Params p) {}

template <typename T> __global__ void inst(const __grid_constant__ T p) {}
template __global__ void inst<Params>(const Params p);

// No fix-it: the annotation alone would make a non-const parameter invalid.
__global__ void nonconst(const __grid_constant__ Params p);
__global__ void nonconst(Params p) {}
