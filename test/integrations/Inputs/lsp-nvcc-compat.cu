// Opened in cuda-lint-clangd by clangd-nvcc-compat.test: code nvcc accepts
// and clang 22 rejects, which cuda-lint tolerates on nvcc commands
// (test/driver/nvcc-compat-*); the editor must do the same.
#include <cuda_runtime.h>
#include <cmath>
#include <ctime>

// (2) nvcc's version macros from the toolkit's own files.
#if !defined(__CUDACC_VER_MAJOR__) || __CUDACC_VER_MAJOR__ < 12
#error "no nvcc version macros"
#endif

// (1) inline PTX naming special registers with a single %.
__device__ unsigned lane_and_sm() {
  unsigned lane, sm;
  unsigned long long t;
  asm volatile("mov.u32 %0, %laneid;" : "=r"(lane));
  asm volatile("mov.u32 %0, %smid;" : "=r"(sm));
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  return lane + sm + (unsigned)t;
}

// (3) host math and clock() after <cmath>, device __stcs overloads.
bool host_finite(float f, double d) { return isfinite(f) && isfinite(d) && clock() >= 0; }
__device__ void stream_store(float *p, int4 v) { __stcs(reinterpret_cast<int4 *>(p), v); }

// (4) __managed__ kept: a __device__ variable host code may use too.
__managed__ int counter;
__global__ void bump() { counter += 1; }
int host_read() { return counter; }

// A planted rule finding, still published.
#ifndef CUDA_LINT_NO_PLANTED
__global__ void __launch_bounds__(128) __maxnreg__(32) planted(float *x) {}
#endif

// (5) an architecture-specific macro guards a planted finding: only the
// -gencode arch=compute_90a,code=sm_90a command compiles it.
#if defined(__CUDA_ARCH_SPECIFIC__) && __CUDA_ARCH_SPECIFIC__ == 900 && !defined(CUDA_LINT_NO_PLANTED)
__global__ void __launch_bounds__(64) __maxnreg__(32) specific(float *x) {}
#endif

// An asm error nvcc reports too (operand %1 does not exist), after a special
// register: the re-check with %% still reports it.
#ifdef CUDA_LINT_BAD_ASM
__device__ unsigned bad_asm() {
  unsigned r;
  asm volatile("mov.u32 %0, %laneid; add.u32 %0, %0, %1;" : "=r"(r));
  return r;
}
#endif

// (6) an operand number past the operands in a template never instantiated
// with the statement live: nvcc checks operand numbers only in code it
// generates, so clang's error at the definition is not published.
template <int N> __device__ unsigned latent(unsigned a) {
  unsigned r;
  asm("add.u32 %0, %1, %2;" : "=r"(r) : "r"(a));
  return r + N;
}
