// An owned clang error: cuda-shared-initializer reports it, clangd's own copy
// ([shared_var_init]) is suppressed.
__global__ void k(int *p) {
  __shared__ int s = 1;
  p[0] = s;
}
