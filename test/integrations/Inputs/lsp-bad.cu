// Opened in cuda-lint-clangd by clangd-lsp.test.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(128) __maxnreg__(32) fail1() {}

__global__ void __launch_bounds__(256) correct1() {}

#ifdef __CUDA_ARCH__
// Only a device-side parse sees this kernel.
__global__ void __launch_bounds__(64) __maxnreg__(16) device_only() {}
#endif

int host_function() { return 0; }
