// nvcc 13.0 accepts these without a word, and neither the default member
// initializer nor the vtable pointer is ever set: the PTX of this kernel
// stores nothing to out[0] (d.n reads memory that was never written).
struct Defaults { int n = 3; };
struct Shape { virtual __device__ int sides() const { return 4; } };

__global__ void count(int *out) {
  __shared__ Defaults d;
  __shared__ Shape s;
  out[0] = d.n;
  out[1] = s.sides();
}
