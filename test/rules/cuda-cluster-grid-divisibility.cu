// RUN: %check-cuda-lint %s cuda-cluster-grid-divisibility %t
// Grid dimensions against the cluster dimensions of the kernel or the launch.
#include <cuda_runtime.h>

__global__ void __cluster_dims__(2, 1, 1) pairs(float *x) {}
__global__ void __cluster_dims__(1, 2) columns(float *x) {}
__global__ void plain(float *x) {}

void fail1(float *x) {
  pairs<<<3, 128>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:11: error: grid dimension x of 3 blocks is not a multiple of the cluster dimension 2 of kernel 'pairs'; the launch fails [cuda-cluster-grid-divisibility]
  // CHECK-NOTES: :5:17: note: cluster dimensions are given here
  dim3 grid(4, 3);
  columns<<<grid, 128>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:13: error: grid dimension y of 3 blocks is not a multiple of the cluster dimension 2 of kernel 'columns'
  // CHECK-NOTES: :6:17: note: cluster dimensions are given here
}

void fail2(float *x) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = 6;
  cfg.blockDim = 128;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = 4;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  cudaLaunchKernelEx(&cfg, plain, x);
  // CHECK-NOTES: :[[@LINE-1]]:3: error: grid dimension x of 6 blocks is not a multiple of the cluster dimension 4 of kernel 'plain'
}

// Negatives.
void correct1(float *x, int n) {
  pairs<<<4, 128>>>(x);
  pairs<<<(n + 127) / 128, 128>>>(x);           // run time
  columns<<<dim3(3, 4), 128>>>(x);
  plain<<<3, 128>>>(x);                         // no cluster
}
