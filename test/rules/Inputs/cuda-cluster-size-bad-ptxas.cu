// __cluster_dims__ within __launch_bounds__'s maxBlocksPerCluster: nvcc 13.0's
// front end accepts it, its ptxas rejects the two directives together.
__global__ void __launch_bounds__(256, 1, 4) __cluster_dims__(2, 1, 1) k(float *x) {
  x[threadIdx.x] = 0.0f;
}
