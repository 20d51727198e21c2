// RUN: %check-cuda-lint %s cuda-syncthreads-divergent %t -- -- -I%S/Inputs

#include <cooperative_groups.h>
#include "cuda-syncthreads-divergent-helpers.cuh"
namespace cg = cooperative_groups;

#define BARRIER() __syncthreads()

// Thread-varying conditions.
__global__ void fail1(float *out) {
  __shared__ float s[128];
  if (threadIdx.x < 64) {
    s[threadIdx.x] = 1.0f;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x < 64', which varies between the warps of the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
  }
  out[threadIdx.x] = s[127 - threadIdx.x];
}

// Warp-uniform is not enough: warps 0-3 never arrive.
__global__ void fail2(float *out) {
  __shared__ float s[256];
  unsigned warp = threadIdx.x / 32;
  if (warp >= 4) {
    s[threadIdx.x] = 2.0f;
  } else {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'warp >= 4', which varies between the warps of the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
    out[threadIdx.x] = s[threadIdx.x + 128];
  }
}

// The _count/_and/_or forms, and __barrier_sync, through a macro too.
__global__ void fail3(int *out, const int *in) {
  int v = in[threadIdx.x];
  if (v > 0) {
    out[0] = __syncthreads_count(v > 3);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: '__syncthreads_count' is reached under the condition 'v > 0', which varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
    out[1] = __syncthreads_and(v);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: '__syncthreads_and' is reached under the condition 'v > 0'
    out[2] = __syncthreads_or(v);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: '__syncthreads_or' is reached under the condition 'v > 0'
    __barrier_sync(0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__barrier_sync' is reached under the condition 'v > 0'
    BARRIER();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'v > 0'
  }
}

// A barrier after a thread-varying early return.
__global__ void fail4(float *out, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  s[threadIdx.x] = out[i];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '__syncthreads' is reached after a divergent 'return' under the condition 'i >= n', which varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
  out[i] = s[255 - threadIdx.x];
}

// A thread-varying trip count (grid-stride loop), a break, a continue, a goto.
__global__ void fail5(float *out, int n) {
  __shared__ float s[256];
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    s[threadIdx.x] = out[i];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached in a loop whose condition 'i < n' varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
    out[i] = s[0];
  }
}
__global__ void fail6(float *out, int n) {
  for (int k = 0; k < n; ++k) {
    if (out[threadIdx.x] > k)
      break;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached after a divergent 'break' under the condition 'out[threadIdx.x] > k', which varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
  }
}
__global__ void fail7(float *out, int n) {
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x == k)
      continue;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached after a divergent 'continue' under the condition 'threadIdx.x == k', which varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
  }
}
__global__ void fail8(float *out) {
  if (threadIdx.x & 1)
    goto done;
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '__syncthreads' is reached after a divergent 'goto' under the condition 'threadIdx.x & 1', which varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
done:
  out[threadIdx.x] = 0;
}

// Cooperative groups: this_thread_block().sync(), a thread_block variable and
// parameter, cg::sync(block), thread_rank().
__device__ void sync_param(cg::thread_block b) { b.sync(); }
// CHECK-MESSAGES: :[[@LINE-1]]:50: warning: 'b.sync' is reached under the condition 'threadIdx.x % 3 == 0', which varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
__global__ void fail9(float *out) {
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() < 32) {
    block.sync();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'block.sync' is reached under the condition 'block.thread_rank() < 32', which varies between the warps of the block (depends on the thread's rank in its cooperative group ('thread_rank')) [cuda-syncthreads-divergent]
    cg::sync(block);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cg::sync' is reached under the condition 'block.thread_rank() < 32'
    cg::this_thread_block().sync();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'sync' is reached under the condition 'block.thread_rank() < 32'
  }
  if (threadIdx.x % 3 == 0)
    sync_param(block);
}

// Helpers in a header: the finding is at the barrier inside, with a note at the call.
__global__ void fail10(float *out) {
  __shared__ float s[256];
  if (out[threadIdx.x] > 0.0f)
    stage_barrier(s, 1.0f);
  // (checked at the end of this file: findings in headers come last)
}

// A template, reported in its instantiation once.
template <int N> __global__ void fail11(float *out) {
  if (threadIdx.x < N)
    __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition 'threadIdx.x < N', which varies
}
template __global__ void fail11<16>(float *);
template __global__ void fail11<48>(float *);

// --- correct ---

// blockIdx, blockDim, parameters, constants: block-uniform.
__global__ void correct1(float *out, int n, bool flag) {
  __shared__ float s[256];
  if (blockIdx.x < n) {
    s[threadIdx.x] = 1.0f;
    __syncthreads();
  }
  if (blockDim.x > 64 && flag)
    __syncthreads();
  if (gridDim.x == 1)
    cg::this_thread_block().sync();
  out[threadIdx.x] = s[0];
}

// The classic reduction: the barrier is outside the thread-varying if.
__global__ void correct2(float *g, float *out) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = g[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Loops with block-uniform trip counts, uniform break/continue.
__global__ void correct3(float *out, int n) {
  __shared__ float s[256];
  for (int k = 0; k < n; ++k) {
    if (k == 3)
      continue;
    if (blockIdx.x + k > 100)
      break;
    s[threadIdx.x] = k;
    __syncthreads();
  }
  // A thread-varying loop whose barrier is after it.
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s[i % 256] += 1.0f;
  __syncthreads();
  // Values from __syncthreads_or are block-uniform.
  int any = __syncthreads_or(out[threadIdx.x] > 0);
  if (any)
    __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// A loop whose start and bound are shifted by the same thread index has a
// block-uniform trip count (ggml's wkv kernels); constexpr locals and
// constexpr calls are constants.
constexpr __device__ int warp_width() { return 32; }
__global__ void correct3b(float *out, int T, int C, int base) {
  __shared__ float s[256];
  const int tid = threadIdx.x;
  for (int t = base * C + tid; t < (base + T) * C + tid; t += C) {
    s[tid] = out[t];
    __syncthreads();
    out[t] = s[(tid + 1) % 256];
    __syncthreads();
  }
  constexpr int ws = warp_width();
  if (tid / ws == 0 || tid / warp_width() == 1)
    out[tid] += 1.0f;
  __syncthreads();
}
// The same shape with a different shift, or a loop variable changed in the
// body, keeps a thread-varying trip count.
__global__ void fail12(float *out, int T) {
  const int tid = threadIdx.x;
  for (int t = tid; t < T + 2 * tid; t += 32)
    __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached in a loop whose condition 't < T + 2 * tid' varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
  for (int t = tid; t < T + tid; t += 32) {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached in a loop whose condition 't < T + tid' varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
    t += out[t] > 0;
  }
}

// Header helpers called uniformly, the reduction step with a varying tid argument.
__global__ void correct4(float *out) {
  __shared__ float s[512];
  stage_barrier(s, 2.0f);
  for (unsigned n = 256; n > 0; n /= 2)
    out[0] = reduce_step(s, threadIdx.x, n);
}

// Tile and coalesced-group syncs are not block barriers.
__global__ void correct5(float *out) {
  cg::thread_block block = cg::this_thread_block();
  if (threadIdx.x < 64) {
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    tile.sync();
    cg::coalesced_group active = cg::coalesced_threads();
    active.sync();
    __syncwarp();
  }
}

// A thread-varying condition that only traps: not an exit.
__global__ void correct6(float *out) {
  if (out[threadIdx.x] < 0.0f)
    __trap();
  __syncthreads();
}

// Host code.
void correct7() {}

// Guards that no thread of any launch in this translation unit takes: the
// block has exactly as many threads as the bound (ggml's bitonic argsort
// launches dim3(ncols_pad, 1, 1) threads and returns at col >= ncols_pad).
static __global__ void correct8(int *out, int n_pad) {
  extern __shared__ int idx[];
  int col = threadIdx.x;
  if (col >= n_pad)
    return;
  idx[col] = col;
  __syncthreads();
  out[col] = idx[n_pad - 1 - col];
}
void launch8(int *out, int n) {
  const int n_pad = 2 * n;
  const dim3 block(n_pad, 1, 1);
  correct8<<<1, block, n_pad * sizeof(int)>>>(out, n_pad);
}

// Per specialization: the bound is the template argument where it is not 0,
// and the enclosing switch case fixes the host's k at each launch; the
// general specialization gets k itself (ggml's triangular solve).
template <int KT>
static __global__ void correct9(float *out, int k_arg) {
  __shared__ float s[32 * 32];
  const int k = KT == 0 ? k_arg : KT;
  const int col = threadIdx.y;
  if (col >= k)
    return;
  s[col * 32 + threadIdx.x] = out[col];
  __syncthreads();
  out[col] = s[threadIdx.x * 32 + col];
}
void launch9(float *out, int k) {
  dim3 threads(32, k);
  switch (k) {
  case 16:
    correct9<16><<<1, threads>>>(out, 0);
    break;
  case 4:
  case 8:
    correct9<8><<<1, threads>>>(out, 0);
    break;
  default:
    correct9<0><<<1, threads>>>(out, k);
  }
  if (k == 2)
    correct9<2><<<1, threads>>>(out, 0);
}

// Constant block sizes: the guard is always false, the condition always true.
__global__ void correct10(float *out, int n) {
  __shared__ float s[128];
  if (threadIdx.x >= n)
    return;
  if (threadIdx.x < n && n > 0) {
    s[threadIdx.x] = out[threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = s[n - 1 - threadIdx.x];
}
void launch10(float *out) {
  correct10<<<4, 128>>>(out, 128);
  correct10<<<4, dim3(64)>>>(out, 128);
  cudaFuncSetAttribute(correct10, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
}

// The same guards where a launch has more threads than the bound: findings.
__global__ void fail13(float *out, int n) {
  __shared__ float s[256];
  if (threadIdx.x >= n)
    return;
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '__syncthreads' is reached after a divergent 'return' under the condition 'threadIdx.x >= n', which varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
  out[threadIdx.x] = s[n - 1 - threadIdx.x];
}
void launch13(float *out) {
  fail13<<<1, 128>>>(out, 128);
  fail13<<<1, 256>>>(out, 200);
}

// The block's dimension changed after it was built, the kernel's address
// taken (it may be launched anywhere), a case reached by fall-through from a
// larger one, a guard on the other dimension: findings.
__global__ void fail14(float *out, int n) {
  if (threadIdx.x >= n)
    return;
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '__syncthreads' is reached after a divergent 'return' under the condition 'threadIdx.x >= n'
}
void launch14(float *out, int n) {
  dim3 block(n, 1, 1);
  block.x *= 2;
  fail14<<<1, block>>>(out, n);
}
__global__ void fail15(float *out, int n) {
  if (threadIdx.x >= n)
    return;
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '__syncthreads' is reached after a divergent 'return' under the condition 'threadIdx.x >= n'
}
void (*escaped15)(float *, int) = fail15;
void launch15(float *out) { fail15<<<1, 64>>>(out, 64); }
template <int KT>
__global__ void fail16(float *out) {
  if (threadIdx.y >= KT)
    return;
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '__syncthreads' is reached after a divergent 'return' under the condition 'threadIdx.y >= KT'
}
void launch16(float *out, int k) {
  dim3 threads(32, k);
  switch (k) {
  case 64:
    out[0] = 1.0f;
  case 16:
    fail16<16><<<1, threads>>>(out);
    break;
  }
}
__global__ void fail17(float *out, int n) {
  if (threadIdx.x >= n)
    return;
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '__syncthreads' is reached after a divergent 'return' under the condition 'threadIdx.x >= n'
}
void launch17(float *out, int n) { fail17<<<1, dim3(32, n)>>>(out, n); }

// Read through parentheses (a macro's argument): the value is the one of the
// last trip and branch, not of the first visit of the block.
#define IS_SET(x) ((x) != 0)
__global__ void fail18(int n, float *out) {
  __shared__ float s[256];
  int seen = 0, next = 0;
  for (int i = 0; i < n; ++i) {
    seen = (next);
    next = threadIdx.x & 1;
  }
  if (IS_SET(seen)) {
    s[threadIdx.x] = 1.0f;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition '(x) != 0', which varies across the block (depends on threadIdx.x) [cuda-syncthreads-divergent]
  }
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void fail19(float *out) {
  __shared__ float s[256];
  int a = 0;
  if (threadIdx.x < 5)
    a = 1;
  if (IS_SET(a)) {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__syncthreads' is reached under the condition '(x) != 0', which varies across the block (depends on 'a'
  }
  out[threadIdx.x] = s[threadIdx.x];
}
// The same through parentheses, block-uniform: no finding.
__global__ void ok_paren(int n, float *out) {
  __shared__ float s[256];
  int seen = 0, next = 0;
  for (int i = 0; i < n; ++i) {
    seen = (next);
    next = blockIdx.x & 1;
  }
  if (IS_SET(seen)) {
    s[threadIdx.x] = 1.0f;
    __syncthreads();
  }
  out[threadIdx.x] = s[threadIdx.x];
}

// The finding of fail10, in the header.
// CHECK-MESSAGES: cuda-syncthreads-divergent-helpers.cuh:5:3: warning: '__syncthreads' is reached under the condition 'out[threadIdx.x] > 0.0f', which varies across the block
