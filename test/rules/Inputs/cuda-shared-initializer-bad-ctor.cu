// nvcc 13.0 accepts these with warning #20054 and drops the constructor or
// destructor: the members are never set.
struct Counter { int n; __device__ Counter() : n(0) {} };
struct Tracked { int n; __device__ ~Tracked() { n = -1; } };

__global__ void count(int *out) {
  __shared__ Counter c;
  __shared__ Counter cs[32];
  __shared__ Tracked t;
  out[0] = c.n + cs[threadIdx.x % 32].n + t.n;
}
