// RUN: %check-cuda-lint %s cuda-tile-unsupported %t
// 128-bit types and the built-in index variables in tile code (no compiler confirms the rule;
// docs/rules/cuda-tile-unsupported.md).

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

// The built-in index variables in tile code: clang drops them from the AST
// (its own two errors are the rule's, at the finding), so they are found in
// the function's text.
__tile_global__ void fail5(float *out, int n) {
  out[blockIdx.x] = gridDim.x;
// CHECK-MESSAGES: :[[@LINE-1]]:7: error: 'blockIdx' is not available in tile code: use cuda::tiles::bid() [cuda-tile-unsupported]
// CHECK-MESSAGES: :[[@LINE-2]]:21: error: 'gridDim' is not available in tile code: use cuda::tiles::num_blocks() [cuda-tile-unsupported]
  for (int i = threadIdx.x; i < n; i += blockDim.x)
// CHECK-MESSAGES: :[[@LINE-1]]:16: error: 'threadIdx' is not available in tile code: tile code has no individual threads [cuda-tile-unsupported]
// CHECK-MESSAGES: :[[@LINE-2]]:41: error: 'blockDim' is not available in tile code: tile code has no individual threads [cuda-tile-unsupported]
    out[i] = 0.0f;
}
#define MY_TID (threadIdx.x + 1)
#define MY_WRAP MY_TID
#define UNUSED_TID threadIdx.y
#define TAKE(x) (x)
__tile__ int fail6() {
  int a = MY_WRAP;
// CHECK-MESSAGES: :[[@LINE-1]]:11: error: 'threadIdx' (through macro 'MY_WRAP') is not available in tile code: tile code has no individual threads [cuda-tile-unsupported]
  int b = TAKE(MY_TID);
// CHECK-MESSAGES: :[[@LINE-1]]:16: error: 'threadIdx' (through macro 'MY_TID') is not available in tile code: {{.*}} [cuda-tile-unsupported]
  auto l = [] { return (int)blockIdx.y; };
// CHECK-MESSAGES: :[[@LINE-1]]:29: error: 'blockIdx' is not available in tile code: {{.*}} [cuda-tile-unsupported]
  return a + b + l();
}
template <typename T> __tile__ T fail7(T v) { return v + (T)gridDim.z; }
// CHECK-MESSAGES: :[[@LINE-1]]:61: error: 'gridDim' is not available in tile code: {{.*}} [cuda-tile-unsupported]
int use7() { return fail7(1) + fail7(2L); }

// Negatives: the names in SIMT and host code, in comments and strings, as
// members and qualified names, in a macro that tile code does not expand, in
// skipped code and directives, and as local names of the tile function.
struct Launch { int threadIdx, blockIdx; };
namespace mine { inline int gridDim = 3; }
__device__ int correct5() { return UNUSED_TID + MY_TID; }
__global__ void correct6(int *p) { p[threadIdx.x] = TAKE(blockDim.x) + warpSize; }
__tile__ int correct7(Launch s, Launch *q) {
  // threadIdx.x, blockIdx and gridDim in a comment
  /* blockDim.x */
  const char *text = "threadIdx.x blockIdx";
  int v = s.threadIdx + q->blockIdx + mine::gridDim + (int)sizeof(text);
#if 0
  v += threadIdx.x;
#endif
#define INSIDE_TILE blockIdx.x
#undef INSIDE_TILE
  int blockDim = 4;
  auto simt = [] __device__ (int *p) { p[threadIdx.x] = blockIdx.x; };
  (void)simt;
  return v + blockDim;
}
__tile__ int correct8(int threadIdx) { return threadIdx * 2; }
