// cooperative_groups::this_cluster() and cluster_group exist in CUDA 13 only
// under nvcc (_CG_HAS_CLUSTER_GROUP needs __NVCC__, or
// _CG_CLUSTER_INTRINSICS_AVAILABLE, whose intrinsics clang 22 has). cuda-lint's
// compatibility header defines the latter, so real thread-block-cluster code
// (Programming Guide, "Thread Block Clusters") parses on both sides, as nvcc
// compiles it, instead of showing compiler errors.
// RUN: %cuda-lint %s -- --cuda-gpu-arch=sm_90 --cuda-gpu-arch=sm_100 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// CHECK: cuda-lint: 1 file, 0 findings (0 errors, 0 warnings), 0 compiler errors
// nvcc agrees that the file is valid:
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) exchange(int *out) {
  __shared__ int slot[32];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  slot[threadIdx.x % 32] = static_cast<int>(rank);
  cluster.sync();
  int *peer = cluster.map_shared_rank(slot, rank ^ 1);
  out[blockIdx.x] = peer[threadIdx.x % 32] + static_cast<int>(cluster.num_blocks());
  cluster.sync();
}
