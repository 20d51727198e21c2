// The libcu++ pattern of the CUDA samples: nvcc 13.0 accepts it (warning
// #20054), clang 22 rejects it; cuda-lint reports portability warnings only.
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>

__global__ void stage(float *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  bar.arrive_and_wait();
  auto pipe = cuda::make_pipeline(cooperative_groups::this_thread_block(), &state);
  (void)pipe;
  out[threadIdx.x] = 1.0f;
}
