// RUN: %check-cuda-lint %s cuda-shared-race %t
// cuda-shared-race on both sides (host and sm_90): every case but fail14 is
// seen by both; fail14 is under #ifdef __CUDA_ARCH__ (CHECK-SIDES). Positives:
// reversal, +1 neighbour, a single writer, the tiled matrix product without its
// second barrier (loop-carried), a barrier on some paths, continue/break past
// the second barrier, a helper, a template instantiation, a macro, lanes
// without __syncwarp, a 2-D transpose, cooperative_groups. Negatives: the same
// with barriers, the tree reduction, unrolled reduction steps, double
// buffering, atomics, warp code with __syncwarp, cooperative_groups barriers,
// a synchronizing helper, what the check does not model (it gives up).
#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Write then read of another thread's element, no barrier between.
__global__ void fail1(const int *in, int *out) {
  __shared__ int tile[1024];
  int t = threadIdx.x;
  tile[t] = in[t];
  out[t] = tile[blockDim.x - 1 - t];
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: shared-memory race on 'tile': this read of 'tile[blockDim.x - 1 - t]' and the write of 'tile[t]' at line [[#@LINE-2]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-2]], before this read [cuda-shared-race]
}

__global__ void fail2(const float *in, float *out) {
  __shared__ float s[257];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  out[tid] = s[tid + 1];
// CHECK-MESSAGES: :[[@LINE-1]]:14: warning: shared-memory race on 's': this read of 's[tid + 1]' and the write of 's[tid]' at line [[#@LINE-2]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-2]], before this read [cuda-shared-race]
}

// One thread writes, every thread reads: the readers need a barrier too.
__global__ void fail3(int *o) {
  __shared__ int v;
  if (threadIdx.x == 0)
    v = o[blockIdx.x];
  o[threadIdx.x] = v;
// CHECK-MESSAGES: :[[@LINE-1]]:20: warning: shared-memory race on 'v': this read of 'v' and the write of 'v' at line [[#@LINE-2]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-2]], before this read [cuda-shared-race]
}

// The tiled matrix product without its second __syncthreads(): the next
// iteration's stores overwrite tiles other threads still read.
#define TILE 16
__global__ void fail4(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  float sum = 0;
  for (int m = 0; m < n / TILE; ++m) {
    As[ty][tx] = A[ty * n + m * TILE + tx];
// CHECK-MESSAGES: :[[@LINE-1]]:5: warning: shared-memory race on 'As': this write of 'As[ty][tx]' in the next iteration of the loop can reach an element that another thread's read of 'As[ty][k]' at line [[#@LINE+5]] still uses, with no barrier between them; a __syncthreads() belongs after line [[#@LINE+5]], at the end of the loop body [cuda-shared-race]
    Bs[ty][tx] = B[(m * TILE + ty) * n + tx];
// CHECK-MESSAGES: :[[@LINE-1]]:5: warning: shared-memory race on 'Bs': this write of 'Bs[ty][tx]' in the next iteration of the loop can reach an element that another thread's read of 'Bs[k][tx]' at line [[#@LINE+3]] still uses, with no barrier between them; a __syncthreads() belongs after line [[#@LINE+3]], at the end of the loop body [cuda-shared-race]
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += As[ty][k] * Bs[k][tx];
  }
  C[ty * n + tx] = sum;
}

// A barrier on some paths only: a race on the others.
__global__ void fail5(const int *in, int *out, bool sync) {
  __shared__ int tile[256];
  tile[threadIdx.x] = in[threadIdx.x];
  if (sync)
    __syncthreads();
  out[threadIdx.x] = tile[255 - threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:22: warning: shared-memory race on 'tile': this read of 'tile[255 - threadIdx.x]' and the write of 'tile[threadIdx.x]' at line [[#@LINE-4]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-4]], before this read [cuda-shared-race]
}

// `continue` skips the second barrier: the next iteration's write races
// with this iteration's read.
__global__ void fail6(const float *g, float *o, int n, int skip) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < n; ++i) {
    s[tid] = g[i * 256 + tid];
// CHECK-MESSAGES: :[[@LINE-1]]:5: warning: shared-memory race on 's': this write of 's[tid]' in the next iteration of the loop can reach an element that another thread's read of 's[255 - tid]' at line [[#@LINE+2]] still uses, with no barrier between them; a __syncthreads() belongs after line [[#@LINE+2]], at the end of the loop body [cuda-shared-race]
    __syncthreads();
    acc += s[255 - tid];
    if (i == skip)
      continue;
    __syncthreads();
  }
  o[tid] = acc;
}

// `break` leaves the loop past its second barrier.
__global__ void fail7(const float *g, float *o, int n, int stop) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < n; ++i) {
    s[tid] = g[i * 256 + tid];
    __syncthreads();
    acc += s[255 - tid];
    if (i == stop)
      break;
    __syncthreads();
  }
  s[tid] = acc;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: shared-memory race on 's': this write of 's[tid]' and the read of 's[255 - tid]' at line [[#@LINE-6]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-6]], before this write [cuda-shared-race]
  __syncthreads();
  o[tid] = s[tid];
}

// A helper with its own shared array.
__device__ float fail8_helper(float x) {
  __shared__ float s[128];
  s[threadIdx.x] = x;
  return s[threadIdx.x + 1];
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: shared-memory race on 's': this read of 's[threadIdx.x + 1]' and the write of 's[threadIdx.x]' at line [[#@LINE-2]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-2]], before this read [cuda-shared-race]
}
__global__ void fail8(float *o) { o[threadIdx.x] = fail8_helper(o[threadIdx.x]); }

// A template, reported in its instantiation.
template <int N> __global__ void fail9(int *o) {
  __shared__ int s[N];
  s[threadIdx.x] = o[threadIdx.x];
  o[threadIdx.x] = s[N - 1 - threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:20: warning: shared-memory race on 's': this read of 's[N - 1 - threadIdx.x]' and the write of 's[threadIdx.x]' at line [[#@LINE-2]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-2]], before this read [cuda-shared-race]
}
template __global__ void fail9<128>(int *);

// Through a macro.
#define REVERSED(a, i) a[blockDim.x - 1 - (i)]
__global__ void fail10(int *o) {
  __shared__ int s[512];
  s[threadIdx.x] = o[threadIdx.x];
  o[threadIdx.x] = REVERSED(s, threadIdx.x);
// CHECK-MESSAGES: :[[@LINE-1]]:20: warning: shared-memory race on 's': this read of 'REVERSED(s, threadIdx.x)' and the write of 's[threadIdx.x]' at line [[#@LINE-2]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-2]], before this read [cuda-shared-race]
}

// Warp-synchronous code without __syncwarp(): lanes are not in lockstep.
__global__ void fail11(float *o) {
  __shared__ float s[32];
  if (threadIdx.x < 32) {
    s[threadIdx.x] = o[threadIdx.x];
    o[threadIdx.x] = s[31 - threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:22: warning: shared-memory race on 's': this read of 's[31 - threadIdx.x]' and the write of 's[threadIdx.x]' at line [[#@LINE-2]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-2]], before this read [cuda-shared-race]
  }
}

// A transpose through a 2-D tile with no barrier.
__global__ void fail12(const float *in, float *out) {
  __shared__ float tile[32][33];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 32 + x];
  out[y * 32 + x] = tile[x][y];
// CHECK-MESSAGES: :[[@LINE-1]]:21: warning: shared-memory race on 'tile': this read of 'tile[x][y]' and the write of 'tile[y][x]' at line [[#@LINE-2]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-2]], before this read [cuda-shared-race]
}

// cooperative_groups: the group's sync() comes before the write, not between.
__global__ void fail13(int *o) {
  __shared__ int s[256];
  cg::thread_block block = cg::this_thread_block();
  block.sync();
  s[threadIdx.x] = o[threadIdx.x];
  o[threadIdx.x] = s[(blockDim.x - 1) - threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:20: warning: shared-memory race on 's': this read of 's[(blockDim.x - 1) - threadIdx.x]' and the write of 's[threadIdx.x]' at line [[#@LINE-2]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-2]], before this read [cuda-shared-race]
}

// Only the device side sees this code.
__global__ void fail14(int *o) {
#ifdef __CUDA_ARCH__
  __shared__ int s[64];
  s[threadIdx.x] = o[threadIdx.x];
  o[threadIdx.x] = s[threadIdx.x + 2];
// CHECK-MESSAGES: :[[@LINE-1]]:20: warning: shared-memory race on 's': this read of 's[threadIdx.x + 2]' and the write of 's[threadIdx.x]' at line [[#@LINE-2]] can reach the same element from different threads with no barrier between them on some path; a __syncthreads() belongs after line [[#@LINE-2]], before this read [cuda-shared-race]
// CHECK-SIDES: :[[@LINE-2]]:20: {{.*}} sides=sm_90{{$}}
#endif
}

// Negatives.

// The barrier between the write and the read.
__global__ void correct1(const int *in, int *out) {
  __shared__ int tile[1024];
  int t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  out[t] = tile[blockDim.x - 1 - t];
}

// Each thread reads back its own element.
__global__ void correct2(float *o) {
  __shared__ float s[256];
  s[threadIdx.x] = o[threadIdx.x];
  s[threadIdx.x] *= 2.0f;
  o[threadIdx.x] = s[threadIdx.x];
}

// The classic tree reduction: the barrier is outside the `if`.
__global__ void correct3(const float *g, float *o) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = g[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    o[blockIdx.x] = sdata[0];
}

// The unrolled steps of a reduction: each reads the upper half it does not
// write.
__global__ void correct4(float *o) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = o[tid];
  __syncthreads();
  if (tid < 128)
    s[tid] += s[tid + 128];
  __syncthreads();
  if (tid < 64)
    s[tid] += s[tid + 64];
  __syncthreads();
  if (tid == 0)
    o[blockIdx.x] = s[0];
}

// The tiled matrix product with both barriers.
__global__ void correct5(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  float sum = 0;
  for (int m = 0; m < n / TILE; ++m) {
    As[ty][tx] = A[ty * n + m * TILE + tx];
    Bs[ty][tx] = B[(m * TILE + ty) * n + tx];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[ty * n + tx] = sum;
}

// Double buffering with two barriers per step.
__global__ void correct6(const float *g, float *o, int n) {
  __shared__ float buf[2][256];
  unsigned tid = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < n; ++i) {
    buf[i & 1][tid] = g[i * 256 + tid];
    __syncthreads();
    acc += buf[i & 1][255 - tid];
    __syncthreads();
  }
  o[tid] = acc;
}

// Atomics on shared memory: not modelled, the check gives up on the array.
__global__ void correct7(const int *keys, int *o) {
  __shared__ int hist[64];
  hist[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&hist[keys[threadIdx.x] & 63], 1);
  o[threadIdx.x] = hist[threadIdx.x + 1];
}

// The single writer reads its own value.
__global__ void correct8(int *o) {
  __shared__ int v;
  if (threadIdx.x == 0) {
    v = o[0];
    o[1] = v;
  }
}

// Warp-synchronous code with __syncwarp(), inside the first warp.
__global__ void correct9(float *o) {
  __shared__ float s[32];
  if (threadIdx.x < 32) {
    s[threadIdx.x] = o[threadIdx.x];
    __syncwarp();
    o[threadIdx.x] = s[31 - threadIdx.x];
  }
}

// cooperative_groups barriers: block.sync(), cg::sync(block), a parameter.
__device__ void publish(cg::thread_block b, int *s, int v) { b.sync(); }
__global__ void correct10(int *o) {
  __shared__ int s[256];
  cg::thread_block block = cg::this_thread_block();
  s[threadIdx.x] = o[threadIdx.x];
  block.sync();
  o[threadIdx.x] = s[255 - threadIdx.x];
  cg::sync(block);
  s[threadIdx.x] = 0;
  cg::this_thread_block().sync();
  o[threadIdx.x] += s[(threadIdx.x + 1) & 255];
}

// A helper that synchronizes counts as a barrier.
__device__ void block_barrier() { __syncthreads(); }
__global__ void correct11(int *o) {
  __shared__ int s[256];
  s[threadIdx.x] = o[threadIdx.x];
  block_barrier();
  o[threadIdx.x] = s[255 - threadIdx.x];
}

// Every thread stores the same flag: not reported.
__global__ void correct12(int *o) {
  __shared__ int done;
  done = 0;
  o[threadIdx.x] = done;
}

// An interleaved step: the guard `tid % 2 == 0` is not modelled, so the
// check gives up (even threads read odd elements they do not write).
__global__ void correct13(float *o) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = o[tid];
  __syncthreads();
  if (tid % 2 == 0)
    s[tid] += s[tid + 1];
  __syncthreads();
  o[tid] = s[tid];
}

// The array passed to a function, or a pointer made from it: not modelled.
__device__ void fill(int *p) { p[threadIdx.x] = 1; }
__global__ void correct14(int *o) {
  __shared__ int s[256];
  fill(s);
  o[threadIdx.x] = s[255 - threadIdx.x];
  int *p = s;
  p[threadIdx.x] = 2;
}

// Two halves of one array, one per thread each: no element is shared.
__global__ void correct15(float *o) {
  __shared__ float s[512];
  s[threadIdx.x] = o[threadIdx.x];
  s[threadIdx.x + blockDim.x] = o[threadIdx.x + 256];
  o[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + blockDim.x];
}

// Template instantiated with the barrier in place; the barrier through
// __syncthreads_count and __barrier_sync.
template <int N> __global__ void correct16(int *o) {
  __shared__ int s[N];
  s[threadIdx.x] = o[threadIdx.x];
  int c = __syncthreads_count(s[threadIdx.x] > 0);
  o[threadIdx.x] = s[N - 1 - threadIdx.x] + c;
  __barrier_sync(0);
  s[threadIdx.x] = 0;
}
template __global__ void correct16<64>(int *);

// Thread 0 fills the extra element past the block (written after the
// binomial-options pattern): with 128 threads, or with the bound that the
// in-bounds read s[tid + 1] implies, no other thread writes s[128].
__global__ void correct17(const float *in, float *out, int steps) {
  __shared__ float s[129];
  int tid = threadIdx.x;
  float mine = in[tid];
  if (tid == 0)
    s[128] = in[128];
  for (int i = steps; i > 0; --i) {
    s[tid] = mine;
    __syncthreads();
    mine += s[tid + 1];
    __syncthreads();
  }
  out[tid] = mine;
}
void launch17(const float *in, float *out) { correct17<<<1, 128>>>(in, out, 4); }
__global__ void correct18(const float *in, float *out, int steps) {
  __shared__ float s[129];
  int tid = threadIdx.x;
  float mine = in[tid];
  if (tid == 0)
    s[128] = in[128];
  for (int i = steps; i > 0; --i) {
    s[tid] = mine;
    __syncthreads();
    mine += s[tid + 1];
    __syncthreads();
  }
  out[tid] = mine;
}

// Host code with a same-named array is not device code.
int host_only() {
  int s[4] = {1, 2, 3, 4};
  s[0] = s[3];
  return s[0];
}
