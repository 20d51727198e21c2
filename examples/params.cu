// Kernel parameters and launches, with planted mistakes.
#include <cuda_runtime.h>

struct Params {
  const float *in;
  float *out;
  int n;
};

// Planted: the declarations disagree on __grid_constant__ (nvcc rejects it).
__global__ void apply(const __grid_constant__ Params p);
__global__ void apply(const Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n)
    p.out[i] = 2.0f * p.in[i];
}

__global__ void __launch_bounds__(256) scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 0.5f;
}

int launch_all(Params p, float *x, int n) {
  apply<<<(p.n + 255) / 256, 256>>>(p);
  // Planted: 512 threads per block for a kernel bounded to 256: the launch fails.
  scale<<<(n + 511) / 512, 512>>>(x, n);
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
