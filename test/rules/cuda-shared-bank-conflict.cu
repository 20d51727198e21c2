// RUN: %check-cuda-lint %s cuda-shared-bank-conflict %t
// A 2-D __shared__ array of 4-byte elements with rows a multiple of 32 long,
// read or written at a lane-varying row and a warp-uniform column.
#include <cuda_runtime.h>
#define TILE 32

// The transpose's column read: every lane reads one bank.
__global__ void fail1(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'tile[threadIdx.x][threadIdx.y]' accesses the '__shared__' array 'tile' at a row that varies across the warp (depends on threadIdx.x) and a column that does not: its rows are 32 4-byte words long, {{.*}} [cuda-shared-bank-conflict]
  // CHECK-SIDES: :[[@LINE-2]]:43: {{.*}} sides=sm_90{{$}}
}
// CHECK-FIXES: __shared__ float tile[TILE][TILE + 1];

// A loop over the columns, rows of 64 ints, a written access.
__global__ void fail2(int *out) {
  __shared__ int acc[32][64];
  for (int k = 0; k < 64; ++k)
    acc[threadIdx.x % 32][k] = k;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'acc[threadIdx.x % 32][k]' accesses the '__shared__' array 'acc' {{.*}} its rows are 64 4-byte words long, {{.*}} [cuda-shared-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = acc[threadIdx.x % 32][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'acc[threadIdx.x % 32][0]' accesses {{.*}} [cuda-shared-bank-conflict]
}
// CHECK-FIXES: __shared__ int acc[32][64 + 1];

// Negatives.
__global__ void correct1(float *out, const float *in) {
  __shared__ float tile[TILE][TILE + 1];   // padded
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
__global__ void correct2(float *out) {
  __shared__ float s[32][32];
  __shared__ double d[32][32];             // 8-byte elements
  __shared__ float one[1024];              // 1-D
  s[threadIdx.y][threadIdx.x] = 0.0f;      // lane-varying column
  s[threadIdx.x][threadIdx.x] = 0.0f;      // both vary: distinct banks
  d[threadIdx.x][0] = 0.0;
  one[threadIdx.x * 32] = 0.0f;
  s[blockIdx.x & 31][threadIdx.y] = 1.0f;  // uniform row
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.y][threadIdx.x] + d[0][0] + one[0];
}
