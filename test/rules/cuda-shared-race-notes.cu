// RUN: %check-cuda-lint %s cuda-shared-race %t
// The notes of a cuda-shared-race finding: the other access, and the
// instantiation a template's finding comes from. A race between a helper's
// access and its caller's is not looked for (each body is its own interval
// sequence), nor one through a pointer into the array: see the docs page.
#include <cuda_runtime.h>

template <int N> __global__ void fail1(int *o) {
  __shared__ int s[N];
  s[threadIdx.x] = o[threadIdx.x];
  o[threadIdx.x] = s[threadIdx.x + 1];
}
// CHECK-NOTES: :[[@LINE-2]]:20: warning: shared-memory race on 's': this read of 's[threadIdx.x + 1]' and the write of 's[threadIdx.x]' at line 10 {{.*}} [cuda-shared-race]
// CHECK-NOTES: :10:3: note: the other thread's write of 's[threadIdx.x]' is here
// CHECK-NOTES: :[[@LINE+1]]:26: note: in instantiation of 'fail1<64>' requested here
template __global__ void fail1<64>(int *);

// One thread publishes a value; the others read it before the barrier.
__global__ void fail2(int *o) {
  __shared__ int total;
  if (threadIdx.x == 0)
    total = o[0];
  int mine = total;
  __syncthreads();
  o[threadIdx.x] = mine;
}
// CHECK-NOTES: :[[@LINE-4]]:14: warning: shared-memory race on 'total': this read of 'total' and the write of 'total' at line 22 {{.*}} [cuda-shared-race]
// CHECK-NOTES: :22:5: note: the other thread's write of 'total' is here

// The same, correct.
__global__ void correct1(int *o) {
  __shared__ int total;
  if (threadIdx.x == 0)
    total = o[0];
  __syncthreads();
  o[threadIdx.x] = total;
}
