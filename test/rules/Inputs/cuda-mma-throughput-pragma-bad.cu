// Input of cuda-mma-throughput-pragma-nvcc.cu: the pragma at file scope and in a __device__
// function, outside any kernel.
#pragma nv_mma_throughput
__device__ void helper(float *p) {
#pragma nv_mma_throughput
  p[0] = 1.0f;
}
