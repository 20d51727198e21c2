// A cluster of 4 blocks on a kernel whose __launch_bounds__ allows 2 per cluster.
__global__ void __launch_bounds__(256, 1, 2) __cluster_dims__(4, 1, 1) k(float *x) {
  x[threadIdx.x] = 0.0f;
}
