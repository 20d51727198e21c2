// RUN: %check-cuda-lint -check-suffix=SM80 %s cuda-cluster-dims-arch %t-sm80 -- -- --cuda-gpu-arch=sm_80
// RUN: %check-cuda-lint -check-suffix=SM90 %s cuda-cluster-dims-arch %t-sm90
// Thread block clusters below sm_90: the sm_80 side reports them (clang 22's
// own "'cluster_dims' is not supported for this GPU architecture" error does
// not appear); sm_90 (the default) is quiet. Each finding is the device side's
// (the host side compiles for no GPU architecture), the launch in host code too.
#include <cuda_runtime.h>

__global__ void __cluster_dims__(2, 1, 1) fail1(float *x) {}
// CHECK-MESSAGES-SM80: :[[@LINE-1]]:17: error: __cluster_dims__ on kernel 'fail1' compiled for sm_80; thread block clusters need sm_90 or newer [cuda-cluster-dims-arch]
// CHECK-SIDES-SM80: :[[@LINE-2]]:17: {{.*}} [cuda-cluster-dims-arch] sides=sm_80{{$}}
__global__ void __cluster_dims__() fail2(float *x) {}
// CHECK-MESSAGES-SM80: :[[@LINE-1]]:17: error: __cluster_dims__ on kernel 'fail2' compiled for sm_80

__global__ void plain(float *x) {}
void fail3(float *x) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = 4;
  cfg.blockDim = 128;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = 2;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  cudaLaunchKernelEx(&cfg, plain, x);
  // CHECK-MESSAGES-SM80: :[[@LINE-1]]:3: error: launch with a cluster dimension attribute compiled for sm_80; thread block clusters need sm_90 or newer [cuda-cluster-dims-arch]
  // CHECK-SIDES-SM80: :[[@LINE-2]]:3: {{.*}} [cuda-cluster-dims-arch] sides=sm_80{{$}}
}

// The same launch inside a do { ... } while (0) checking macro.
#define CHECK(call)                                                             \
  do {                                                                          \
    if ((call) != cudaSuccess)                                                  \
      return;                                                                   \
  } while (0)
void fail4(float *x) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = 4;
  cfg.blockDim = 128;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = 2;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  CHECK(cudaLaunchKernelEx(&cfg, plain, x));
  // CHECK-MESSAGES-SM80: :[[@LINE-1]]:3: error: launch with a cluster dimension attribute compiled for sm_80; thread block clusters need sm_90 or newer [cuda-cluster-dims-arch]
}

// Negatives: no cluster, or attributes other than a cluster dimension.
__global__ void correct1(float *x) {}
void correct2(float *x) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = 4;
  cfg.blockDim = 128;
  cudaLaunchAttribute attr;
  attr.id = cudaLaunchAttributeCooperative;
  attr.val.cooperative = 1;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  cudaLaunchKernelEx(&cfg, plain, x);
}
// CHECK-MESSAGES-SM90: cuda-lint: 1 file, 0 findings
