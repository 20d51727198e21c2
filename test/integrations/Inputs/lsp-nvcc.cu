// Opened in cuda-lint-clangd by clangd-lsp.test with an nvcc command in
// compile_commands.json: its -D and -arch must reach the parse.
#include <cuda_runtime.h>

#if defined(CUDA_LINT_TEST_MAXNREG) && __CUDA_ARCH__ == 800
__global__ void __launch_bounds__(128) __maxnreg__(32) fail1(float *x) {}
#endif

__global__ void __launch_bounds__(128) correct1(float *x) {}
