// Input of cuda-extended-lambda-nvcc.cu: a __device__ lambda in a host function, compiled
// without --extended-lambda. nvcc 13.0 rejects it; cuda-lint reports it.
template <typename F> __global__ void apply(F f, int *out) { out[threadIdx.x] = f(threadIdx.x); }
void run(int *out) {
  auto twice = [] __device__ (int i) { return 2 * i; };
  apply<<<1, 32>>>(twice, out);
}
