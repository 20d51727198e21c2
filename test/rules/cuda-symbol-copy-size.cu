// RUN: %check-cuda-lint %s cuda-symbol-copy-size %t
// cudaMemcpyToSymbol / cudaMemcpyFromSymbol (and the Async forms) whose
// constant byte count plus offset exceed sizeof the symbol: the call returns
// cudaErrorInvalidValue. Host code; both sides see it, one finding.
#include <cuda_runtime.h>

__constant__ float coef[16];
__device__ int counter;
struct Params { int n; float s[3]; };
__device__ Params params;

void fail1(const float *src, float *dst, cudaStream_t stream) {
  cudaMemcpyToSymbol(coef, src, 17 * sizeof(float));
// CHECK-MESSAGES: :[[@LINE-1]]:33: error: cudaMemcpyToSymbol copies 68 bytes into 'coef', which is 64 bytes: the call fails with cudaErrorInvalidValue and copies nothing [cuda-symbol-copy-size]
  cudaMemcpyToSymbol(coef, src, 8 * sizeof(float), 9 * sizeof(float));
// CHECK-MESSAGES: :[[@LINE-1]]:33: error: cudaMemcpyToSymbol copies 32 bytes at offset 36 into 'coef', which is 64 bytes: {{.*}} [cuda-symbol-copy-size]
  cudaMemcpyFromSymbol(dst, counter, sizeof(long long));
// CHECK-MESSAGES: :[[@LINE-1]]:38: error: cudaMemcpyFromSymbol copies 8 bytes out of 'counter', which is 4 bytes: {{.*}} [cuda-symbol-copy-size]
  cudaMemcpyToSymbolAsync(params, src, sizeof(Params) + 4, 0, cudaMemcpyHostToDevice, stream);
// CHECK-MESSAGES: :[[@LINE-1]]:40: error: cudaMemcpyToSymbolAsync copies 20 bytes into 'params', which is 16 bytes: {{.*}} [cuda-symbol-copy-size]
  cudaMemcpyFromSymbolAsync(dst, coef, 4, 64, cudaMemcpyDeviceToHost, stream);
// CHECK-MESSAGES: :[[@LINE-1]]:40: error: cudaMemcpyFromSymbolAsync copies 4 bytes at offset 64 out of 'coef', {{.*}} [cuda-symbol-copy-size]
  cudaMemcpyToSymbol((const void *)&counter, src, 2 * sizeof(int));
// CHECK-MESSAGES: :[[@LINE-1]]:51: error: cudaMemcpyToSymbol copies 8 bytes into 'counter', {{.*}} [cuda-symbol-copy-size]
  constexpr size_t kBytes = 100;
  cudaMemcpyToSymbol(coef, src, kBytes);
// CHECK-MESSAGES: :[[@LINE-1]]:33: error: cudaMemcpyToSymbol copies 100 bytes into 'coef', {{.*}} [cuda-symbol-copy-size]
}
template <int N> void fail2(const float *src) {
  cudaMemcpyToSymbol(coef, src, N * sizeof(float));
// CHECK-MESSAGES: :[[@LINE-1]]:33: error: cudaMemcpyToSymbol copies 80 bytes into 'coef', {{.*}} [cuda-symbol-copy-size]
}
template void fail2<20>(const float *);

// Negatives: the whole symbol, a part at an offset that fits, sizeof the
// symbol, a count known only at run time, a template instantiated with a size
// that fits.
template void fail2<16>(const float *);
void correct1(const float *src, float *dst, size_t n, cudaStream_t stream) {
  cudaMemcpyToSymbol(coef, src, sizeof(coef));
  cudaMemcpyToSymbol(coef, src, 8 * sizeof(float), 8 * sizeof(float));
  cudaMemcpyFromSymbol(dst, counter, sizeof counter);
  cudaMemcpyToSymbolAsync(params, src, sizeof(Params), 0, cudaMemcpyHostToDevice, stream);
  cudaMemcpyFromSymbolAsync(dst, coef, 4, 60, cudaMemcpyDeviceToHost, stream);
  cudaMemcpyToSymbol(coef, src, n);
  cudaMemcpyToSymbol(coef, src, 4, n);
  cudaMemcpyToSymbol(coef, src, 0, 64);
}
