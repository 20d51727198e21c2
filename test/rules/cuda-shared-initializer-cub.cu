// Not a finding: CUB's block-wide primitives keep their TempStorage in
// __shared__ memory (a raw, trivially constructible buffer), and the rest of
// the annotation rules are quiet on CUB's headers too.
// RUN: %check-cuda-lint %s 'cuda-shared-initializer,cuda-grid-constant-*,cuda-launch-bounds-with-maxnreg,cuda-maxnreg-value' %t
// CHECK-MESSAGES: cuda-lint: 1 file, 0 findings

#include <cub/cub.cuh>

template <int Threads>
__global__ void __launch_bounds__(Threads) block_sum(const int *in, int *out) {
  using BlockReduce = cub::BlockReduce<int, Threads>;
  using BlockScan = cub::BlockScan<int, Threads>;
  __shared__ typename BlockReduce::TempStorage reduce_storage;
  __shared__ union {
    typename BlockScan::TempStorage scan;
    int spill[Threads];
  } scan_storage;
  int v = in[blockIdx.x * Threads + threadIdx.x];
  int sum = BlockReduce(reduce_storage).Sum(v);
  int prefix;
  BlockScan(scan_storage.scan).ExclusiveSum(v, prefix);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum + prefix;
}

template __global__ void block_sum<128>(const int *, int *);

struct Params { int scale; int bias; };
__global__ void apply(const __grid_constant__ Params p, int *data, int n) {
  __shared__ cub::BlockLoad<int, 128, 4>::TempStorage load_storage;
  int items[4];
  cub::BlockLoad<int, 128, 4>(load_storage).Load(data + blockIdx.x * 512, items);
  for (int i = 0; i < 4; ++i)
    if (blockIdx.x * 512 + threadIdx.x * 4 + i < n)
      data[blockIdx.x * 512 + threadIdx.x * 4 + i] = items[i] * p.scale + p.bias;
}
