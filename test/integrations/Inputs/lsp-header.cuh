// Opened in cuda-lint-clangd by clangd-lsp.test: a CUDA header on its own.
#pragma once

template <int N>
__global__ void __launch_bounds__(N) __maxnreg__(32) fail1(float *x) {}
