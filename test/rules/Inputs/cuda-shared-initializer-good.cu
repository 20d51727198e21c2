// nvcc 13.0 accepts these without warning #20054, and cuda-lint is quiet.
#include <cuda/atomic>
struct Plain { int n; float w; };
struct EmptyCtor { int n; __device__ EmptyCtor() {} };
union Raw { int i; float f; };

template <typename T> __device__ T relay(T v) {
  __shared__ T slot;
  slot = v;
  __syncthreads();
  return slot;
}

__global__ void count(int *out) {
  __shared__ int total;
  __shared__ float tile[32][33];
  __shared__ Plain p;
  __shared__ EmptyCtor e;
  __shared__ Raw r;
  __shared__ cuda::atomic<int, cuda::thread_scope_block> hits;
  extern __shared__ float dynamic[];
  if (threadIdx.x == 0) { total = 0; p.n = 1; e.n = 2; r.i = 3; hits.store(0); }
  __syncthreads();
  out[0] = total + (int)tile[0][0] + p.n + e.n + r.i + (int)dynamic[0] +
           hits.load() + relay(1) + relay(Plain{1, 2.0f}).n;
}
