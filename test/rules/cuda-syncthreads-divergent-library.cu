// RUN: %check-cuda-lint %s cuda-syncthreads-divergent %t
// Library functions that synchronize the block inside (CUB's block
// primitives, cooperative_groups' wait on a thread_block) are barriers for
// cuda-syncthreads-divergent: the finding is at the call in this file's code
// (in the helper that makes it, for a helper called under divergent
// control). Warp-level primitives (WarpReduce,
// cooperative_groups::reduce on a tile) are not block barriers.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

using Reduce = cub::BlockReduce<float, 256>;
using Scan = cub::BlockScan<int, 256>;

// A block reduction that only some warps reach.
__global__ void fail1(const float *in, float *out) {
  __shared__ Reduce::TempStorage tmp;
  float v = in[threadIdx.x], total = 0.0f;
  if (threadIdx.x < 128)
    total = Reduce(tmp).Sum(v);
  // CHECK-NOTES: :[[@LINE-1]]:13: warning: 'cub::BlockReduce<float, 256>::Sum' synchronizes the block and is reached under the condition 'threadIdx.x < 128', which varies between the warps of the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: the divergent condition is here
  if (threadIdx.x == 0)
    out[blockIdx.x] = total;
}

// A block scan after a thread-varying early return.
__global__ void fail2(const int *in, int *out, int n) {
  __shared__ Scan::TempStorage tmp;
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i >= n)
    return;
  int pre;
  Scan(tmp).ExclusiveSum(in[i], pre);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 'cub::BlockScan<int, 256>::ExclusiveSum' synchronizes the block and is reached after a divergent 'return' under the condition 'i >= n', which varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
  // CHECK-NOTES: :[[@LINE-5]]:7: note: the divergent condition is here
  // CHECK-NOTES: :[[@LINE-5]]:5: note: threads that take this 'return' never arrive at the barrier
  out[i] = pre;
}

// Through a helper of this file.
__device__ float block_sum(Reduce::TempStorage &tmp, float v) {
  return Reduce(tmp).Sum(v);
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: 'cub::BlockReduce<float, 256>::Sum' synchronizes the block and is reached under the condition 'in[threadIdx.x] > 0.0f', which varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
}
__global__ void fail3(const float *in, float *out) {
  __shared__ Reduce::TempStorage tmp;
  if (in[threadIdx.x] > 0.0f)
    out[0] = block_sum(tmp, in[threadIdx.x]);
  // CHECK-NOTES: :[[@LINE-2]]:7: note: the divergent condition is here
  // CHECK-NOTES: :[[@LINE-2]]:14: note: through the call to 'block_sum' here
}

// Every thread calls, or the condition is block-uniform: quiet.
__global__ void correct1(const float *in, float *out, int n) {
  __shared__ Reduce::TempStorage tmp;
  int i = blockIdx.x * 256 + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  float total = Reduce(tmp).Sum(v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = total;
  if (blockIdx.x < n)
    out[n + blockIdx.x] = Reduce(tmp).Sum(v, n - blockIdx.x * 256);
}

// Warp-level primitives under a warp-uniform or lane-varying condition are
// not block barriers.
__global__ void correct2(const int *in, int *out) {
  __shared__ cub::WarpReduce<int>::TempStorage tmp[8];
  int warp = threadIdx.x / 32;
  if (warp < 4)
    out[warp] = cub::WarpReduce<int>(tmp[warp]).Sum(in[threadIdx.x]);
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  if (tile.meta_group_rank() == 0)
    out[8] = cg::reduce(tile, in[threadIdx.x], cg::plus<int>());
}

// Host code.
void correct3() {}
