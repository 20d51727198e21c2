// A library header the unit includes itself (-isystem, as CUB and Thrust
// are): the host side leaves its kernels' bodies to the device sides, so
// the host never instantiates this one (the assertion holds on the device).
template <int N> __global__ void lib_kernel(int *p) {
#ifndef __CUDA_ARCH__
  static_assert(N < 0, "the host side instantiated lib_kernel");
#endif
  p[threadIdx.x] = N;
}
inline void lib_launch(int *p) { lib_kernel<4><<<1, 32>>>(p); }
