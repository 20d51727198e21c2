// RUN: %check-cuda-lint %s cuda-syncthreads-divergent %t
// CuTe's shape queries (cute::size, shape, rank, depth, cosize, and Tensor's own) of a
// thread's partition of a tensor are block-uniform: every thread's partition has the same
// layout, the thread index moving only its data pointer. A loop bounded by
// `size<3>(tAgA)`, as CuTe's GEMM tutorials write it, keeps its barrier. The same query
// outside namespace cute is an ordinary function of thread-varying data.
#include <cuda_runtime.h>

namespace cute {
template <class T> struct Tensor {
  T *ptr;
  int extent;
  __device__ int size() const { return extent + int(ptr - ptr); }
};
template <int I, class T> __device__ int size(const Tensor<T> &t) { return t.extent + int(t.ptr - t.ptr); }
template <class T> __device__ Tensor<T> local_partition(Tensor<T> t, int thread) {
  return {t.ptr + thread, t.extent + thread % 2};
}
} // namespace cute

namespace mine {
template <int I, class T> __device__ int size(const cute::Tensor<T> &t) { return t.extent; }
} // namespace mine

__global__ void correct_cute(float *p, int n) {
  cute::Tensor<float> g{p, n};
  auto part = cute::local_partition(g, threadIdx.x);
  int k_tiles = cute::size<3>(part);
  while (k_tiles > 0) {
    __syncthreads();
    --k_tiles;
  }
  for (int i = 0; i < part.size(); ++i)
    __syncthreads();
}

__global__ void fail_not_cute(float *p, int n) {
  cute::Tensor<float> g{p, n};
  auto part = cute::local_partition(g, threadIdx.x);
  int k_tiles = mine::size<3>(part);
  while (k_tiles > 0) {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached in a loop whose condition 'k_tiles > 0' varies across the block {{.*}}[cuda-syncthreads-divergent]
    --k_tiles;
  }
}
