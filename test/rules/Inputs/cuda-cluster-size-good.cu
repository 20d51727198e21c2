// A 4-block cluster on a kernel whose __launch_bounds__ sets no cluster limit,
// and a 16-block cluster that nvcc accepts (non-portable: allowed at run time
// on sm_90 after cudaFuncAttributeNonPortableClusterSizeAllowed).
#include <cuda_runtime.h>
__global__ void __launch_bounds__(256) __cluster_dims__(4, 1, 1) k(float *x) {
  x[threadIdx.x] = 0.0f;
}
__global__ void __cluster_dims__(16, 1, 1) k16(float *x) { x[threadIdx.x] = 1.0f; }
void setup() { cudaFuncSetAttribute(k16, cudaFuncAttributeNonPortableClusterSizeAllowed, 1); }
