// RUN: %check-cuda-lint %s cuda-constant-write %t
// Device code (kernels, __device__ and __host__ __device__ functions,
// templates) storing to a __constant__ variable, directly or through a local
// pointer or reference derived from it. nvcc 13.0 warns on each of these
// lines ("Cannot store to pointer that points to constant memory space");
// clang 22 is silent. Host code writing the variable is
// cuda-device-variable-host-access's business, not this rule's.
#include <cuda_runtime.h>

__constant__ float coef[16];
__constant__ int limit;
struct Params { int n; float scale[4]; };
__constant__ Params params;
__constant__ unsigned counters[4];
__device__ float scratch[16];

// Direct stores: an element, a member, a compound assignment.
__global__ void fail1(float *out) {
  coef[threadIdx.x] = out[threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device code stores to __constant__ variable 'coef': constant memory is read-only on the device; write it from the host (cudaMemcpyToSymbol) or make it a __device__ variable [cuda-constant-write]
  params.scale[1] *= 2.0f;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device code stores to __constant__ variable 'params': {{.*}} [cuda-constant-write]
  params.n++;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device code stores to __constant__ variable 'params': {{.*}} [cuda-constant-write]
}
// Through pointers and references derived from the variable.
__device__ void fail2(float v) {
  float *p = coef;
  p[2] = v;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device code stores through 'p', which points into __constant__ variable 'coef': {{.*}} [cuda-constant-write]
  float *q = &coef[3] + 1;
  *q += v;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device code stores through 'q', which points into __constant__ variable 'coef': {{.*}} [cuda-constant-write]
  Params &r = params;
  r.n = 1;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device code stores through 'r', which points into __constant__ variable 'params': {{.*}} [cuda-constant-write]
  float *later;
  later = (float *)&params.scale[0];
  later[1] = v;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device code stores through 'later', which points into __constant__ variable 'params': {{.*}} [cuda-constant-write]
}
// An atomic on constant memory.
__global__ void fail3() {
  atomicAdd(&counters[threadIdx.x % 4], 1u);
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: device code stores to __constant__ variable 'counters': {{.*}} [cuda-constant-write]
}
// __host__ __device__ and templates (reported once, at the template).
__host__ __device__ void fail4(float v) {
  coef[0] = v;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device code stores to __constant__ variable 'coef': {{.*}} [cuda-constant-write]
}
template <int I> __global__ void fail5(float v) {
  coef[I] = v;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device code stores to __constant__ variable 'coef': {{.*}} [cuda-constant-write]
}
template __global__ void fail5<1>(float);
template __global__ void fail5<2>(float);
// In a lambda inside a kernel.
__global__ void fail6(float v) {
  auto set = [&](int i) { coef[i] = v; };
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: device code stores to __constant__ variable 'coef': {{.*}} [cuda-constant-write]
  set(threadIdx.x);
}

// Negatives: reads (direct, through const and non-const pointers), stores
// to __device__ and shared memory, a pointer into constant memory that is
// only read, atomics on device memory, host code.
__global__ void correct1(float *out) {
  const float *ro = coef;
  float *rw = coef;
  __shared__ float tile[16];
  tile[threadIdx.x] = coef[threadIdx.x] + ro[1] + rw[2] + params.scale[0] + limit;
  scratch[threadIdx.x] = tile[threadIdx.x];
  float *d = scratch;
  d[1] = out[0];
  atomicAdd(&out[0], coef[0]);
  float local = coef[3];
  local += 1.0f;
  out[threadIdx.x] = local;
}
void correct2_host() {
  float h[16] = {};
  cudaMemcpyToSymbol(coef, h, sizeof h);
}
