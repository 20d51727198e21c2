// RUN: %check-cuda-lint %s cuda-cluster-dims-on-tile-kernel %t
// __cluster_dims__ on a __tile_global__ kernel, on any of its declarations.
#include <cuda_runtime.h>

__tile_global__ void __cluster_dims__(2, 1, 1) fail1(float *x) {}
// CHECK-MESSAGES: :[[@LINE-1]]:22: error: __cluster_dims__ on __tile_global__ kernel 'fail1'; tile kernels do not take cluster dimensions [cuda-cluster-dims-on-tile-kernel]

__tile_global__ void fail2(float *x);
__tile_global__ void __cluster_dims__() fail2(float *x) {}
// CHECK-MESSAGES: :[[@LINE-1]]:22: error: __cluster_dims__ on __tile_global__ kernel 'fail2'

// Negatives.
__global__ void __cluster_dims__(2, 1, 1) correct1(float *x) {}
__tile_global__ void correct2(float *x) {}
