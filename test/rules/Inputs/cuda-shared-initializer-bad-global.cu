// nvcc 13.0 rejects: a file-scope __shared__ variable whose type needs
// dynamic initialization.
struct Counter { int n; __device__ Counter() : n(0) {} };
__shared__ Counter per_block;
__global__ void count(int *out) { out[0] = per_block.n; }
