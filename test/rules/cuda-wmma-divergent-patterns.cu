// RUN: %check-cuda-lint %s cuda-wmma-divergent %t

// Shapes of real tensor-core code: persistent kernels, shared-memory staging
// by lanes, warp-strided tile loops, cooperative groups.
#include <mma.h>
#include <cooperative_groups.h>
using namespace nvcuda;
namespace cg = cooperative_groups;

#define WARP_SIZE 32
#define WARPS_PER_BLOCK 8
#define TILE 16
#define TILES_PER_WARP 2

typedef wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> FragA;
typedef wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> FragB;
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> FragC;

// Cooperative groups: the rank in a warp tile varies, the tile's rank in the
// block does not.
__global__ void fail1(float *c) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  FragC acc;
  if (warp.thread_rank() < 16)
    wmma::fill_fragment(acc, 0.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fill_fragment' is reached under the condition 'warp.thread_rank() < 16', which varies across the warp (depends on the thread's rank in its cooperative group ('thread_rank')) [cuda-wmma-divergent]
  if (warp.meta_group_rank() < 2)
    wmma::fill_fragment(acc, 1.0f);
  if (block.thread_rank() / 32 == 1)
    wmma::fill_fragment(acc, 2.0f);
}

// A persistent kernel: the block walks tiles, each warp owns sub-tiles, lanes
// stage data through shared memory, barriers between phases.
__global__ void __launch_bounds__(WARPS_PER_BLOCK * WARP_SIZE)
correct1(const half *A, const half *B, float *D, unsigned tiles, unsigned kTiles) {
  extern __shared__ half smem[][TILE * TILE];
  const unsigned warpId = threadIdx.x / WARP_SIZE;
  const unsigned laneId = threadIdx.x % WARP_SIZE;
  FragA a[TILES_PER_WARP];
  FragB b[TILES_PER_WARP];
  FragC acc[TILES_PER_WARP][TILES_PER_WARP];

  for (unsigned tile = blockIdx.x;; tile += gridDim.x) {
    if (tile >= tiles)
      break;
#pragma unroll
    for (int i = 0; i < TILES_PER_WARP; i++)
#pragma unroll
      for (int j = 0; j < TILES_PER_WARP; j++)
        wmma::fill_fragment(acc[i][j], 0.0f);

    const half *src = (warpId < WARPS_PER_BLOCK / 2) ? A + tile * 256 + warpId * 16
                                                      : B + tile * 256 + (warpId % 4) * 16;
    for (unsigned k = 0; k < kTiles; ++k) {
      // Each lane copies its part.
      for (int r = 0; r < TILE * TILE / WARP_SIZE; ++r)
        smem[warpId][r * WARP_SIZE + laneId] = src[k * 1024 + r * WARP_SIZE + laneId];
      __syncthreads();
#pragma unroll
      for (int i = 0; i < TILES_PER_WARP; i++) {
        wmma::load_matrix_sync(a[i], &smem[(warpId / 2) * 2 + i][0], TILE);
#pragma unroll
        for (int j = 0; j < TILES_PER_WARP; j++) {
          if (i == 0)
            wmma::load_matrix_sync(b[j], &smem[(warpId % 2) * 2 + j][0], TILE);
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
        }
      }
      __syncthreads();
    }
    for (int i = 0; i < TILES_PER_WARP; i++)
      for (int j = 0; j < TILES_PER_WARP; j++) {
        for (int t = 0; t < acc[i][j].num_elements; t++)
          acc[i][j].x[t] *= 2.0f;
        wmma::store_matrix_sync(D + tile * 4096 + warpId * 512 + (i * 2 + j) * 16,
                                acc[i][j], 64, wmma::mem_row_major);
      }
    __syncthreads();
    if (laneId == 0)
      D[tile] = 0.0f;
  }
}

// Warp-strided tile loops and a global warp index over a 1-D grid.
__global__ void correct2(const half *A, const half *B, float *C, int numTiles) {
  const int globalWarp = (threadIdx.x + blockIdx.x * blockDim.x) >> 5;
  const int warpsInGrid = (gridDim.x * blockDim.x) / warpSize;
  const int lane = threadIdx.x - (threadIdx.x / 32) * 32;
  FragA fa; FragB fb; FragC acc;
  for (int t = globalWarp; t < numTiles; t += warpsInGrid) {
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, A + t * 256, 16);
    wmma::load_matrix_sync(fb, B + t * 256, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(C + t * 256, acc, 16, wmma::mem_row_major);
    if (lane == 0)
      C[t] += 1.0f;
  }
}

// 2-D blocks (x a multiple of 32): each warp is one row.
__global__ void correct3(const half *A, float *C, int rows) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  FragA fa; FragC acc;
  if (row >= rows)
    return;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, A + row * 256, 16);
  wmma::store_matrix_sync(C + row * 256, acc, 16, wmma::mem_row_major);
}

// The warp index broadcast from lane 0, and a vote.
__global__ void correct4(const int *work, float *C) {
  const int w = __shfl_sync(0xffffffff, (int)(threadIdx.x % 32 == 0 ? work[blockIdx.x] : 0), 0);
  FragC acc;
  if (w > 0)
    wmma::fill_fragment(acc, 0.0f);
  if (__any_sync(0xffffffff, work[threadIdx.x] != 0))
    wmma::store_matrix_sync(C, acc, 16, wmma::mem_row_major);
}

// The same row guard in a kernel the unit launches with 48 threads in x: a
// warp then spans two rows, and the guard varies across it. The launch's
// block size comes from the unit's launches (the uniformity analysis reads
// them from the translation unit's call index).
__global__ void rows48(const half *A, float *C, int rows) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  FragA fa; FragC acc;
  if (row >= rows)
    return;
  wmma::fill_fragment(acc, 0.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'fill_fragment' is reached after a divergent 'return' under the condition 'row >= rows', which varies across the warp {{.*}}[cuda-wmma-divergent]
  wmma::load_matrix_sync(fa, A + row * 256, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'load_matrix_sync' is reached after a divergent 'return' {{.*}}[cuda-wmma-divergent]
  wmma::store_matrix_sync(C + row * 256, acc, 16, wmma::mem_row_major);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'store_matrix_sync' is reached after a divergent 'return' {{.*}}[cuda-wmma-divergent]
}

void launch_rows48(const half *A, float *C, int rows) {
  rows48<<<dim3(1, (rows + 3) / 4), dim3(48, 4)>>>(A, C, rows);
}
