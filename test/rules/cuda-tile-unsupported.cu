// RUN: %check-cuda-lint %s cuda-tile-unsupported %t
// 128-bit types in tile code (no compiler confirms the rule). The built-in index variables
// (threadIdx in tile code) are not reported yet: clang 22 rejects them itself and drops them
// from the AST (docs/rules/cuda-tile-unsupported.md).

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
