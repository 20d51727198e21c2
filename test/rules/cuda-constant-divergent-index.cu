// RUN: %check-cuda-lint %s cuda-constant-divergent-index %t
// A __constant__ array read at an index that varies across the lanes of a
// warp (uniformity analysis). Found on the device side, which runs the code.
#include <cuda_runtime.h>

__constant__ float table[256];
__constant__ int grid2[16][32];
struct Params { float w[64]; int n; };
__constant__ Params params;

// threadIdx.x directly, through a local, the global thread index.
__global__ void fail1(float *out) {
  out[threadIdx.x] = table[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: '__constant__' array 'table' is indexed by 'threadIdx.x', which varies across the warp (depends on threadIdx.x); {{.*}} [cuda-constant-divergent-index]
  // CHECK-SIDES: :[[@LINE-2]]:22: {{.*}} sides=sm_90{{$}}
  int lane = threadIdx.x % 32;
  out[lane] += table[lane * 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: '__constant__' array 'table' is indexed by 'lane * 8', which varies across the warp (depends on threadIdx.x); {{.*}} [cuda-constant-divergent-index]
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] += table[gid & 255];
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: '__constant__' array 'table' is indexed by 'gid & 255', {{.*}} [cuda-constant-divergent-index]
}

// A value loaded at a thread-varying address (a lookup table indexed by
// data), a 2-D table's column, a member array of a __constant__ struct.
__global__ void fail2(const unsigned char *in, float *out) {
  unsigned char v = in[blockIdx.x * blockDim.x + threadIdx.x];
  out[threadIdx.x] = table[v];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: '__constant__' array 'table' is indexed by 'v', {{.*}} [cuda-constant-divergent-index]
  out[threadIdx.x] += grid2[blockIdx.x & 15][threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: '__constant__' array 'grid2' is indexed by 'threadIdx.x', {{.*}} [cuda-constant-divergent-index]
  out[threadIdx.x] += params.w[threadIdx.x & 63];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: '__constant__' array 'params.w' is indexed by 'threadIdx.x & 63', {{.*}} [cuda-constant-divergent-index]
}

// A device function called with a thread-varying argument is analysed with
// its parameters uniform: its own thread-varying sources count.
__device__ float fail3(int k) { return table[(threadIdx.x + k) & 255]; }
// CHECK-MESSAGES: :[[@LINE-1]]:40: warning: '__constant__' array 'table' is indexed by '(threadIdx.x + k) & 255', {{.*}} [cuda-constant-divergent-index]

// Negatives: block-uniform and warp-uniform indices.
__global__ void correct1(float *out, int k) {
  float acc = 0.0f;
  for (int i = 0; i < 256; ++i)                 // a loop counter
    acc += table[i];
  acc += table[blockIdx.x & 255];               // blockIdx
  acc += table[k];                              // a parameter
  acc += table[(threadIdx.x / 32) & 255];       // the warp index
  acc += grid2[threadIdx.y & 15][blockIdx.y & 31];  // threadIdx.y: warp-uniform
  acc += params.w[params.n & 63];               // a __constant__ value
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// A __device__ (not __constant__) array, a pointer to constant memory.
__device__ float global_table[256];
__global__ void correct2(float *out) {
  const float *t = table;
  out[threadIdx.x] = global_table[threadIdx.x] + t[0];
}
// A `static const __device__` table (global memory: nvcc does not make it
// __constant__, although clang marks it so implicitly) read at data-dependent
// indices, as dequantization lookup tables are.
static const __device__ signed char lut[16] = {0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12};
__global__ void correct4(const unsigned char *q, float *out) {
  unsigned char v = q[blockIdx.x * blockDim.x + threadIdx.x];
  out[threadIdx.x] = lut[v & 0x0F] + lut[v >> 4];
}
// Host code.
float correct3(int i) { return i; }
