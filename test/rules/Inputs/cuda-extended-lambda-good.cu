// Input of cuda-extended-lambda-nvcc.cu: a function object instead of the extended lambda.
template <typename F> __global__ void apply(F f, int *out) { out[threadIdx.x] = f(threadIdx.x); }
struct Twice {
  __device__ int operator()(int i) const { return 2 * i; }
};
void run(int *out) { apply<<<1, 32>>>(Twice{}, out); }
