#pragma nv_abi preserve_n_data(16) preserve_n_control(8)
__device__ int callee(int x);
__device__ int callee(int x) { return x + 1; }
template <int N>
__device__ int apply(int (*fp)(int), int x) {
  int r;
#pragma nv_abi preserve_n_data(N)
  r = fp(x);
  return r;
}
#pragma nv_abi preserve_n_control(1)
template <typename T>
__device__ T identity(T x) { return x; }
#pragma nv_abi preserve_n_control(1)
// a comment between
__host__ __device__ int both(int x) { return x; }
__global__ void kernel(int *p) { p[0] = apply<16>(callee, identity(1)) + both(2); }
