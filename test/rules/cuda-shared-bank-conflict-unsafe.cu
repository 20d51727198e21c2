// RUN: %check-cuda-lint %s cuda-shared-bank-conflict %t
// Where the padding may change behaviour the fix-it is marked unsafe (--fix
// skips it without --unsafe-fixes): a row's element pointer escapes, the array
// is flattened, sizeof reads it, or it is declared at namespace scope. Where the
// array, its address or a row is used as a type that names the row length
// ('float (*)[32]', 'float (&)[32]'), padding would not compile (nvcc 13.0:
// argument of type "float (*)[33]" is incompatible with parameter of type
// "float (*)[32]"; found by test/fixits/): no fix-it.
#include <cuda_runtime.h>

__device__ void consume(float (*rows)[32]);
__device__ void consume_row(float *row);
__device__ void consume_ref(float (&row)[32]);
__global__ void fail1(float *out) {
  __shared__ float buf[32][32];
  buf[threadIdx.x][0] = 1.0f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 'buf[threadIdx.x][0]' accesses the '__shared__' array 'buf' {{.*}} [cuda-shared-bank-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:20: note: declared here; padding the row by one element spreads the rows over the banks, but the array or a row is used as a type that names the row length (no fix-it: code written for that length would not compile)
  consume(buf);
}

// The same through a pointer variable, the array's address, a row reference.
__global__ void fail1b(float *out) {
  __shared__ float b1[32][32];
  float (*p)[32] = b1;
  b1[threadIdx.x][0] = 1.0f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 'b1[threadIdx.x][0]' accesses {{.*}} [cuda-shared-bank-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:20: note: declared here; padding {{.*}} (no fix-it: {{.*}})
  out[0] = p[1][2];
  __shared__ float b2[32][32];
  float (*q)[32][32] = &b2;
  b2[threadIdx.x][0] = 1.0f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 'b2[threadIdx.x][0]' accesses {{.*}} [cuda-shared-bank-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:20: note: declared here; padding {{.*}} (no fix-it: {{.*}})
  out[1] = (*q)[1][2];
  __shared__ float b3[32][32];
  b3[threadIdx.x][0] = 1.0f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 'b3[threadIdx.x][0]' accesses {{.*}} [cuda-shared-bank-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:20: note: declared here; padding {{.*}} (no fix-it: {{.*}})
  consume_ref(b3[1]);
}

// A row passed on as an element pointer, the size of a row: padding compiles,
// but may change behaviour (unsafe).
__global__ void fail1c(float *out) {
  __shared__ float r[32][32];
  r[threadIdx.x][0] = 1.0f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 'r[threadIdx.x][0]' accesses {{.*}} [cuda-shared-bank-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:20: note: pad the row by one element {{.*}}
  // CHECK-NOTES: :[[@LINE-4]]:20: note: unsafe fix: the array is used other than as 'r[i][j]' {{.*}}
  consume_row(r[threadIdx.x]);
  out[0] = sizeof(r[0]);
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
