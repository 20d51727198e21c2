// RUN: %check-cuda-lint %s cuda-tile-unsupported %t
// Built-in SIMT index variables and 128-bit types in tile code (no compiler confirms the rule).
// clang 22 rejects threadIdx.x in tile code (a host function to it) with two errors: they are
// this rule's finding there, reported once.

__tile_global__ void fail1(float *out) {
  out[threadIdx.x] = 1.0f;
// CHECK-MESSAGES: :[[@LINE-1]]:7: error: 'threadIdx' is not available in tile code; use cuda::tiles::bid() [cuda-tile-unsupported]
  out[blockIdx.y] = 2.0f;
// CHECK-MESSAGES: :[[@LINE-1]]:7: error: 'blockIdx' is not available in tile code; use cuda::tiles::bid() [cuda-tile-unsupported]
  out[0] = (float)gridDim.x;
// CHECK-MESSAGES: :[[@LINE-1]]:19: error: 'gridDim' is not available in tile code; use cuda::tiles::num_blocks() [cuda-tile-unsupported]
}
__tile__ unsigned fail2() { return blockDim.z; }
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: 'blockDim' is not available in tile code; use cuda::tiles::num_blocks() [cuda-tile-unsupported]

__tile__ long long fail3(long long a) {
  __int128 wide = a;
// CHECK-MESSAGES: :[[@LINE-1]]:12: error: variable 'wide' has type '__int128': tile code does not support 128-bit integer and floating-point types [cuda-tile-unsupported]
  return (long long)((unsigned __int128)wide * 3);
// CHECK-MESSAGES: :[[@LINE-1]]:22: error: a conversion has type 'unsigned __int128': tile code {{.*}} [cuda-tile-unsupported]
}
__tile__ __float128 fail4(__float128 *p) { return *p; }
// CHECK-MESSAGES: :[[@LINE-1]]:10: error: the result of 'fail4' has type '__float128': tile code {{.*}} [cuda-tile-unsupported]
// CHECK-MESSAGES: :[[@LINE-2]]:39: error: parameter 'p' has type '__float128 *': tile code {{.*}} [cuda-tile-unsupported]

// Negatives: the same in SIMT device and host code, tile code without them.
__global__ void correct1(float *out) { out[threadIdx.x + blockIdx.x * blockDim.x] = gridDim.x; }
__device__ long long correct2(long long a) { __int128 w = a; return (long long)(w * 2); }
__int128 correct3(__int128 v) { return v * v; }
__tile__ long long correct4(long long a, int bid) { long long w = a; return w * 2 + bid; }
