// Brought in by -include, as clang's CUDA wrapper is: the shared preamble's
// part, which the host side parses whole with or without a preamble, so its
// kernel is instantiated on the host side and the assertion fails there.
template <int N> __global__ void forced_kernel(int *p) {
#ifndef __CUDA_ARCH__
  static_assert(N < 0, "the host side instantiated forced_kernel");
#endif
  p[0] = N;
}
