// RUN: %check-cuda-lint %s cuda-shared-bank-conflict %t
// Where the padding may change behaviour the fix-it is marked unsafe (--fix
// skips it without --unsafe-fixes): the array's address or a row escapes,
// sizeof reads it, or it is declared at namespace scope.
#include <cuda_runtime.h>

__device__ void consume(float (*rows)[32]);
__global__ void fail1(float *out) {
  __shared__ float buf[32][32];
  buf[threadIdx.x][0] = 1.0f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 'buf[threadIdx.x][0]' accesses the '__shared__' array 'buf' {{.*}} [cuda-shared-bank-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:20: note: pad the row by one element {{.*}}
  // CHECK-NOTES: :[[@LINE-4]]:20: note: unsafe fix: the array is used other than as 'buf[i][j]' (its address, a row, or its size), which may depend on the row length
  consume(buf);
}

__global__ void fail2(unsigned *out) {
  __shared__ unsigned hist[8][32];
  for (int i = threadIdx.x; i < 8 * 32; i += blockDim.x) (&hist[0][0])[i] = 0;
  __syncthreads();
  atomicAdd(&hist[threadIdx.x & 7][blockIdx.x & 31], 1u);
  // CHECK-NOTES: :[[@LINE-1]]:14: warning: 'hist[threadIdx.x & 7][blockIdx.x & 31]' accesses {{.*}} [cuda-shared-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:23: note: pad the row by one element {{.*}}
  // CHECK-NOTES: :[[@LINE-6]]:23: note: unsafe fix: the array is used other than as 'hist[i][j]' {{.*}}
  out[threadIdx.x] = sizeof(hist);
}

// Used only as s[i][j]: the fix-it is safe, no unsafe note (the notes are
// checked strictly).
__global__ void fail3(float *out) {
  __shared__ float s[32][32];
  s[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x][0];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 's[threadIdx.x][0]' accesses {{.*}} [cuda-shared-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:20: note: pad the row by one element to spread the rows over the banks
}
