template <int N> __global__ void k() { k<N-1><<<1,1>>>(); }
template __global__ void k<3>();
__global__ void w() { __syncwarp(0xffffffff, 1); __shfl_sync(); __shfl_sync(0, 0, 0, 0, 0); if (threadIdx.x) __syncthreads(); }
__global__ __cluster_dims__(0) void c() {}
__global__ __cluster_dims__(1,2,3,4) void d() {}
void h() { w<<<dim3(-1), 1 << 40, -5>>>(); c<<<>>>(); d<<<1>>>(); }
