// Input of cuda-mma-throughput-pragma-nvcc.cu: the pragma in a kernel's body, where the rule
// expects it.
__global__ void kernel(float *p) {
#pragma nv_mma_throughput
  p[0] = 1.0f;
}
