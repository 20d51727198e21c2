// Shared by every runtime-check program: checked CUDA calls and the one result line.
//
// Each program prints exactly one line of the form
//
//   RUNTIME-CHECK outcome=<token> detail=<free text up to the end of the line>
//
// and exits. <token> is a CUDA error name (cudaErrorInvalidValue, ...), cudaSuccess (every call
// succeeded and the kernel's output was verified), correct-results or wrong-results (for pairs
// whose point is the values the kernel computed). run_gpu.py parses that line; anything else the
// program prints is ignored. The exit status is 0 when the outcome is cudaSuccess or
// correct-results and 1 otherwise; the runner does not rely on it.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

namespace runtime_check {

/// Prints the result line and ends the program. `outcome` is one of the tokens above; `fmt`
/// and its arguments form the free-text detail (newlines are replaced by spaces).
[[noreturn]] inline void finish(const char *outcome, const char *fmt, ...) {
  char detail[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  for (char *c = detail; *c; ++c)
    if (*c == '\n' || *c == '\r') *c = ' ';
  std::printf("RUNTIME-CHECK outcome=%s detail=%s\n", outcome, detail);
  std::fflush(stdout);
  const bool ok = std::strcmp(outcome, "cudaSuccess") == 0 ||
                  std::strcmp(outcome, "correct-results") == 0;
  std::exit(ok ? 0 : 1);
}

/// Ends the program with the error's name as the outcome when `err` is not cudaSuccess.
/// `what` is the source text of the call, `line` its line.
inline void check(cudaError_t err, const char *what, int line) {
  if (err != cudaSuccess)
    finish(cudaGetErrorName(err), "%s failed at line %d: %s", what, line, cudaGetErrorString(err));
}

/// Checks a launch that just happened: the launch error (cudaGetLastError) first, then the
/// kernel's execution (cudaDeviceSynchronize). Either failure ends the program with its name.
inline void check_launch(const char *what, int line) {
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    finish(cudaGetErrorName(err), "launch of %s failed at line %d: %s", what, line,
           cudaGetErrorString(err));
  err = cudaDeviceSynchronize();
  if (err != cudaSuccess)
    finish(cudaGetErrorName(err), "execution of %s failed (line %d): %s", what, line,
           cudaGetErrorString(err));
}

/// The number of blocks in the calling block's cluster (PTX %cluster_nctarank; sm_90 and up).
/// What cooperative_groups::this_cluster().num_blocks() returns, spelled so that clang parses it
/// too: CUDA 13's cooperative_groups hides the cluster group from compilers other than nvcc.
__device__ inline unsigned cluster_block_count() {
  unsigned n;
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(n));
  return n;
}

} // namespace runtime_check

/// Every CUDA runtime call in these programs goes through RC_CHECK (or RC_CHECK_LAUNCH right
/// after a launch), except where a program deliberately shows an unchecked call.
#define RC_CHECK(call) ::runtime_check::check((call), #call, __LINE__)
#define RC_CHECK_LAUNCH(kernel) ::runtime_check::check_launch(#kernel, __LINE__)
#define RC_FINISH(outcome, ...) ::runtime_check::finish((outcome), __VA_ARGS__)
