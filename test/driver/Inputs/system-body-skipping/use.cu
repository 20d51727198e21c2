#include <c++/12/helpers.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void fill(float *p) { p[threadIdx.x] = 0; }

void launch_all(float **ptrs, int n) {
  // Instantiated from call_each's body only: still analysed.
  call_each(n, [&](auto i) { fill<<<1, 2048>>>(ptrs[i]); });
}

__global__ void group_sync(float *p) {
  cg::thread_block block = cg::this_thread_block();
  // cooperative_groups keeps its bodies: the barrier is still found.
  if (threadIdx.x < 16)
    block.sync();
  p[threadIdx.x] = 1;
}
