// RUN: %check-cuda-lint %s cuda-dynamic-shared-declaration,cuda-dynamic-shared-conflict,cuda-constant-write,cuda-constant-size,cuda-device-variable-host-access,cuda-symbol-copy-size,cuda-managed-access-without-sync %t
// A pure negative for the memory-space rules on code that uses CUB block
// primitives and cooperative groups the way their documentation does: CUB's
// TempStorage in static shared memory, one dynamic shared byte array reused by
// a template instantiated for int and double, a __constant__ table written
// with cudaMemcpyToSymbol, a __managed__ counter read after
// cudaDeviceSynchronize. nvcc 13.0 accepts it without a warning.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__managed__ int total;
__constant__ float weights[256];

template <int Threads> __global__ void block_sum(const float *in, float *out) {
  using Reduce = cub::BlockReduce<float, Threads>;
  __shared__ typename Reduce::TempStorage temp;
  float v = in[blockIdx.x * Threads + threadIdx.x] * weights[threadIdx.x % 256];
  float s = Reduce(temp).Sum(v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
}

template <typename T> __global__ void scan(T *data) {
  using Scan = cub::BlockScan<T, 128>;
  extern __shared__ __align__(16) unsigned char raw[];
  auto &temp = *reinterpret_cast<typename Scan::TempStorage *>(raw);
  T v = data[threadIdx.x];
  Scan(temp).ExclusiveSum(v, v);
  cg::this_thread_block().sync();
  data[threadIdx.x] = v;
}

__global__ void count(const int *in) { atomicAdd(&total, in[threadIdx.x]); }

int run(float *d, float *o, int *i, double *dd) {
  float h[256] = {};
  cudaMemcpyToSymbol(weights, h, sizeof(weights));
  block_sum<128><<<8, 128>>>(d, o);
  scan<int><<<1, 128, sizeof(typename cub::BlockScan<int, 128>::TempStorage)>>>(i);
  scan<double><<<1, 128, sizeof(typename cub::BlockScan<double, 128>::TempStorage)>>>(dd);
  total = 0;
  count<<<1, 128>>>(i);
  cudaDeviceSynchronize();
  return total;
}
