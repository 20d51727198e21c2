// Opened in cuda-lint-clangd by clangd-lsp.test: CUDA 13 keeps libcu++, CUB
// and Thrust in <cuda>/include/cccl, which nvcc adds and clang does not.
#include <cuda/std/type_traits>

static_assert(cuda::std::is_same_v<int, int>, "libcu++ is usable");

__global__ void __launch_bounds__(128) correct1(int *p) { p[threadIdx.x] = 0; }
