// The host side leaves device bodies to the device sides (SkipsDeviceBodies).
#include <cuda_runtime.h>

static __device__ int hits;        // read only in a kernel's body
static const int kRadius = 2;      // a host constant only device code reads
static __device__ int shifted(int x) { return x + kRadius; } // called only by the kernel

struct Counter {
  int N;
  __device__ Counter() {}          // device-only and empty: a __device__ variable may use it
};
__device__ Counter counter;

static __device__ void unused_helper() {} // unused on every side

template <int N>
__global__ void scale(float *p) {
  __shared__ float tile[N];
  if (threadIdx.x < 16)
    __syncthreads();
  tile[threadIdx.x] = p[threadIdx.x] * shifted(N);
  atomicAdd(&hits, 1);
  p[threadIdx.x] = tile[N - 1 - threadIdx.x];
}

static __global__ void touch(int *p) { p[0] = 1; } // internal, launched below

__host__ __device__ int both(int x) { return x * 2; }

int run(float *p, int *q) {
  scale<128><<<1, 2048>>>(p);
  touch<<<1, 1>>>(q);
  return both(3) + cudaGetLastError();
}

// A local class's device member keeps its body on the host side: its
// __CUDA_ARCH__ test is in device code, not in the host function around it.
void with_functor(int *q) {
  struct Twice {
    __device__ int operator()(int x) const {
#ifdef __CUDA_ARCH__
      return 2 * x;
#else
      return 0;
#endif
    }
  };
  (void)Twice();
  (void)q;
}

// A __host__ __device__ helper only a kernel calls: its use is in a skipped
// body, and the host side's "unused function" is left to the device side.
static __host__ __device__ int hd_helper(int x) { return x - 1; }
__global__ void uses_hd(int *p) { p[0] = hd_helper(p[0]); }

// A pragma in the host-only branch of a __host__ __device__ function: the
// host side parses that body and still judges it.
__host__ __device__ int hd_loop(int n) {
  int s = 0;
#ifndef __CUDA_ARCH__
#pragma unroll 0
#endif
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}
