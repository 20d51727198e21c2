// RUN: %check-cuda-lint %s cuda-cluster-size %t
// Blocks per cluster against __launch_bounds__'s maxBlocksPerCluster (error,
// nvcc rejects it) and the portable maximum of 8 (warning). clang 22 rejects
// __cluster_dims__(16,1,1) and (4,4,1); nvcc accepts them and so does cuda-lint.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256, 1, 2) __cluster_dims__(4, 1, 1) fail1(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:46: error: cluster of 4 blocks of kernel 'fail1' exceeds the maxBlocksPerCluster of 2 given by its __launch_bounds__ [cuda-cluster-size]
// CHECK-NOTES: :[[@LINE-2]]:17: note: __launch_bounds__ is given here

__global__ void __cluster_dims__(16, 1, 1) fail2(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: warning: cluster of 16 blocks of kernel 'fail2' exceeds the portable maximum of 8 and no cudaFuncSetAttribute(..., cudaFuncAttributeNonPortableClusterSizeAllowed, 1) allows it [cuda-cluster-size]
__global__ void __cluster_dims__(4, 4, 1) fail3(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: warning: cluster of 16 blocks of kernel 'fail3' exceeds the portable maximum of 8
__global__ void __cluster_dims__(32) fail4(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: warning: cluster of 32 blocks of kernel 'fail4' exceeds 16, the largest cluster any GPU supports; the launch fails

__global__ void __launch_bounds__(128, 1, 4) plain(float *x) {}
void fail5(float *x) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = 16;
  cfg.blockDim = 128;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = 8;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  cudaLaunchKernelEx(&cfg, plain, x);
  // CHECK-NOTES: :[[@LINE-1]]:3: error: cluster of 8 blocks at this launch of 'plain' exceeds the maxBlocksPerCluster of 4 given by its __launch_bounds__
  // CHECK-NOTES: :18:17: note: __launch_bounds__ is given here
}

// Within the bound, but ptxas (nvcc 13.0) refuses both directives together.
__global__ void __launch_bounds__(256, 1, 4) __cluster_dims__(2, 2, 1) fail6(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:46: error: kernel 'fail6' has both __cluster_dims__ and a maxBlocksPerCluster in __launch_bounds__; nvcc 13.0 rejects the combination [cuda-cluster-size]
// CHECK-NOTES: :[[@LINE-2]]:17: note: __launch_bounds__ is given here

// Negatives.
__global__ void __launch_bounds__(256, 2) __cluster_dims__(2, 2, 1) correct1(float *x) {}
__global__ void __cluster_dims__(8, 1, 1) correct2(float *x) {}
__global__ void __cluster_dims__(16, 1, 1) correct3(float *x) {}
void setup() {
  cudaFuncSetAttribute(correct3, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
}

// Huge cluster dimensions (issue 18): the product saturates instead of wrapping.
__global__ void __cluster_dims__(2147483647, 2147483647, 2147483647) huge(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: warning: cluster of at least 18446744073709551615 blocks of kernel 'huge' exceeds 16, the largest cluster any GPU supports; the launch fails [cuda-cluster-size]
__global__ void __launch_bounds__(256, 1, 2) __cluster_dims__(2147483647, 2147483647, 2) huge2(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:46: error: cluster of 9223372028264841218 blocks of kernel 'huge2' exceeds the maxBlocksPerCluster of 2 given by its __launch_bounds__ [cuda-cluster-size]
// CHECK-NOTES: :[[@LINE-2]]:17: note: __launch_bounds__ is given here
