// RUN: %check-cuda-lint %s cuda-tile-space-conflict %t
// Variables marked both __device__ and __tile__ (no compiler confirms the rule: nvcc 13.0 and
// clang 22 accept them). Namespace-scope declarations: both sides see them, one finding.

__device__ __tile__ int fail1;
// CHECK-MESSAGES: :[[@LINE-1]]:25: error: variable 'fail1' is marked both __device__ and __tile__; a variable belongs to one memory space [cuda-tile-space-conflict]
// CHECK-SIDES: :[[@LINE-2]]:25: {{.*}} sides=host,sm_90{{$}}

#define TILE_VAR __tile__
TILE_VAR __device__ float fail2[4];
// CHECK-MESSAGES: :[[@LINE-1]]:27: error: variable 'fail2' is marked both __device__ and __tile__; {{.*}} [cuda-tile-space-conflict]

// Across declarations: reported once.
extern __tile__ int fail3;
__device__ int fail3;
// CHECK-MESSAGES: :[[@LINE-1]]:16: error: variable 'fail3' is marked both __device__ and __tile__; {{.*}} [cuda-tile-space-conflict]

// Negatives: one space each, __constant__ and __shared__ ones.
__tile__ int correct1;
__device__ int correct2;
__constant__ int correct3;
__tile__ float correct4[8];
__global__ void correct5() { __shared__ int s; s = 1; (void)s; }
