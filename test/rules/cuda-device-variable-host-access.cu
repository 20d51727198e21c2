// RUN: %check-cuda-lint %s cuda-device-variable-host-access %t
// Host code naming a __device__, __constant__ or __shared__ variable in an
// evaluated context: it reads, writes or takes the address of the host's
// shadow copy. Found on the host side only (code under __CUDA_ARCH__ is not
// there). nvcc 13.0 warns #20091/#20092 for the reads and writes (also in a
// __host__ __device__ function that is not a template) and is silent on the
// address given to cudaMemcpy.
#include <cuda_runtime.h>

__device__ int counter;
__constant__ float coef[4];
__shared__ int tile_count;
__managed__ int managed_total;
struct Params { int n; float s; };
__device__ Params params;

__global__ void kernel(float *out) { out[0] = coef[0] + counter + params.s + managed_total; }

// Reads and writes by name.
void fail1() {
  counter = 0;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: host code writes __device__ variable 'counter' by name: it writes the host's shadow copy, not the device's; use cudaMemcpyToSymbol [cuda-device-variable-host-access]
  float c = coef[1];
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: host code reads __constant__ variable 'coef' by name: it reads the host's shadow copy, not the device's value; use cudaMemcpyFromSymbol [cuda-device-variable-host-access]
  params.n += 2;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: host code writes __device__ variable 'params' by name: {{.*}} [cuda-device-variable-host-access]
  counter++;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: host code writes __device__ variable 'counter' by name: {{.*}} [cuda-device-variable-host-access]
  kernel<<<1, 1>>>(reinterpret_cast<float *>(counter));
// CHECK-MESSAGES: :[[@LINE-1]]:46: warning: host code reads __device__ variable 'counter' by name: {{.*}} [cuda-device-variable-host-access]
  (void)c;
}
// The address: given to cudaMemcpy, or kept.
void fail2(float *dst) {
  cudaMemcpy(dst, &counter, sizeof(int), cudaMemcpyDeviceToHost);
// CHECK-MESSAGES: :[[@LINE-1]]:20: warning: host code takes the address of __device__ variable 'counter': that is the host's shadow copy, not device memory; use cudaGetSymbolAddress, or cudaMemcpyToSymbol/cudaMemcpyFromSymbol [cuda-device-variable-host-access]
  cudaMemcpy(coef, dst, sizeof(coef), cudaMemcpyHostToDevice);
// CHECK-MESSAGES: :[[@LINE-1]]:14: warning: host code takes the address of __constant__ variable 'coef': {{.*}} [cuda-device-variable-host-access]
  Params *p = &params;
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: host code takes the address of __device__ variable 'params': {{.*}} [cuda-device-variable-host-access]
  (void)p;
}
// __shared__ at file scope.
int fail3() { return tile_count; }
// CHECK-MESSAGES: :[[@LINE-1]]:22: warning: host code names __shared__ variable 'tile_count': shared memory exists only on the device while a block runs; the host sees a shadow copy [cuda-device-variable-host-access]
// A __host__ __device__ function (nvcc warns #20091 here too), and a lambda
// of host code.
__host__ __device__ float fail4() { return coef[2]; }
// CHECK-MESSAGES: :[[@LINE-1]]:44: warning: host code reads __constant__ variable 'coef' by name: {{.*}} [cuda-device-variable-host-access]
void fail5() {
  auto get = [] { return counter; };
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: host code reads __device__ variable 'counter' by name: {{.*}} [cuda-device-variable-host-access]
  (void)get();
}
// A host function template, reported once at the template.
template <typename T> T fail6() { return T(counter); }
// CHECK-MESSAGES: :[[@LINE-1]]:44: warning: host code reads __device__ variable 'counter' by name: {{.*}} [cuda-device-variable-host-access]
template int fail6<int>();
template long fail6<long>();

// Negatives: the symbol API (by name, by address, cast), __managed__
// variables, unevaluated operands, device code, __host__ __device__ code
// under __CUDA_ARCH__, a __host__ __device__ template used by a kernel, a
// constant folded at compile time, a __device__ lambda.
__device__ const int kWidth = 16;
void correct1(float *dst) {
  cudaMemcpyToSymbol(coef, dst, sizeof(coef));
  cudaMemcpyFromSymbol(dst, counter, sizeof(counter));
  cudaMemcpyToSymbolAsync(params, dst, sizeof(Params), 0, cudaMemcpyHostToDevice, 0);
  cudaMemcpyFromSymbol(dst, (const void *)&counter, sizeof(int));
  cudaMemcpyToSymbol(&coef, dst, sizeof(coef));
  void *addr = nullptr;
  cudaGetSymbolAddress(&addr, counter);
  size_t bytes = 0;
  cudaGetSymbolSize(&bytes, coef);
  cudaGraph_t graph = nullptr;
  cudaGraphNode_t node = nullptr;
  cudaGraphAddMemcpyNodeToSymbol(&node, graph, nullptr, 0, coef, dst, sizeof(coef), 0,
                                 cudaMemcpyHostToDevice);
  managed_total = 3;
  int m = managed_total + 1;
  decltype(counter) same = sizeof(counter) + alignof(decltype(coef)) + sizeof coef[0];
  int w = kWidth;
  (void)m; (void)same; (void)w;
}
__device__ int correct2() { return counter + tile_count + int(coef[0]); }
__host__ __device__ int correct3() {
#ifdef __CUDA_ARCH__
  return counter;
#else
  return 0;
#endif
}
template <typename T> __host__ __device__ T correct4() { return T(counter); }
__global__ void correct4_user(int *out) { out[0] = correct4<int>(); }
