// RUN: %check-cuda-lint %s 'cuda-cluster-dims-missing-at-launch,cuda-*' %t
// A kernel declared __cluster_dims__() takes its cluster dimensions at launch.
// nvcc accepts `__cluster_dims__()`; clang 22 rejects it ("takes at least 1
// argument"): cuda-lint analyses the file without that error (all cuda-*
// rules run here; the summary shows no compiler error).
#include <cuda_runtime.h>

__global__ void __cluster_dims__() at_launch(float *x) {}
template <int N> __global__ void __cluster_dims__() at_launch_t(float *x) {}
#define CUDA_CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) return; } while (0)

void fail1(float *x) {
  at_launch<<<8, 128>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:3: error: kernel 'at_launch' is declared __cluster_dims__() and takes its cluster dimensions at launch, which this launch cannot give; launch it with cudaLaunchKernelEx and cudaLaunchAttributeClusterDimension [cuda-cluster-dims-missing-at-launch]
  // CHECK-NOTES: :8:17: note: __cluster_dims__() is given here
  at_launch_t<4><<<8, 128>>>(x);
  // CHECK-NOTES: :[[@LINE-1]]:3: error: kernel 'at_launch_t' is declared __cluster_dims__()
  // CHECK-NOTES: :9:34: note: __cluster_dims__() is given here
  CUDA_CHECK(cudaGetLastError());
}

void fail2(float *x) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = 8;
  cfg.blockDim = 128;
  CUDA_CHECK(cudaLaunchKernelEx(&cfg, at_launch, x));
  // CHECK-NOTES: :[[@LINE-1]]:3: error: kernel 'at_launch' is declared __cluster_dims__() and takes its cluster dimensions at launch, but this cudaLaunchKernelEx sets no cudaLaunchAttributeClusterDimension; the launch fails
  // CHECK-NOTES: :8:17: note: __cluster_dims__() is given here
}

// Negatives: the attribute is set, or not known at compile time.
void correct1(float *x) {
  cudaLaunchConfig_t config = {0};
  config.gridDim = dim3(8);
  config.blockDim = dim3(128);
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 2;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  CUDA_CHECK(cudaLaunchKernelEx(&config, at_launch, x));
}

void correct2(float *x, const cudaLaunchConfig_t *cfg, cudaLaunchAttribute *attrs, unsigned n) {
  CUDA_CHECK(cudaLaunchKernelEx(cfg, at_launch, x));
  cudaLaunchConfig_t local = *cfg;
  local.attrs = attrs;
  local.numAttrs = n;
  CUDA_CHECK(cudaLaunchKernelEx(&local, at_launch_t<2>, x));
}
// CHECK-NOTES: cuda-lint: 1 file, 3 findings (3 errors, 0 warnings), 0 compiler errors
