// RUN: %check-cuda-lint %s cuda-kernel-launch-unchecked %t
// RUN: %check-cuda-lint -check-suffixes=INDIRECT %s cuda-kernel-launch-unchecked %t -- --extra-arg=-DONLY_INDIRECT
// A launch must be followed by a check of cudaGetLastError in its function or
// a caller (a checked synchronization is not one); the common checking idioms
// are accepted.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <type_traits>

#ifdef ONLY_INDIRECT
// A translation unit whose only launches go through a pointer to a kernel
// (no launch names its kernel): the functions' bodies are still searched.
__global__ void kp_target(float *x) {}
static void indirect_launch(void (*kp)(float *), float *x) {
  kp<<<1, 32>>>(x);
  // CHECK-MESSAGES-INDIRECT: :[[@LINE-1]]:3: warning: launch of 'kernel' is not checked for errors: nothing after it in 'indirect_launch' calls cudaGetLastError()
}
static void indirect_checked(void (*kp)(float *), float *x) {
  kp<<<1, 32>>>(x);
  if (cudaGetLastError() != cudaSuccess)
    abort();
}
// And one whose only launch is a call of a launch function.
static void api_launch(float *x) {
  void *args[] = {&x};
  cudaLaunchKernel((const void *)kp_target, dim3(1), dim3(32), args, 0, nullptr);
  // CHECK-MESSAGES-INDIRECT: :[[@LINE-1]]:3: warning: launch of 'kp_target' is not checked for errors: nothing after it in 'api_launch' calls cudaGetLastError()
}

#else

#define CUDA_CHECK(call)                                                        \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      fprintf(stderr, "%s\n", cudaGetErrorString(err_));                        \
      exit(1);                                                                  \
    }                                                                           \
  } while (0)
#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line) {
  if (code != cudaSuccess) fprintf(stderr, "%s %s %d\n", cudaGetErrorString(code), file, line);
}
template <typename T> void check(T result, const char *func) {
  if (result) exit(1);
}
#define checkCudaErrors(val) check((val), #val)
// Modelled on the CUDA samples' helper: a macro calling a function that reads
// cudaGetLastError.
inline void reportLastError(const char *msg, const char *file, int line) {
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) { fprintf(stderr, "%s(%d): %s\n", file, line, msg); exit(1); }
}
#define getLastCudaError(msg) reportLastError(msg, __FILE__, __LINE__)

__global__ void k(float *x) {}

static void fail1(float *x, int n) {
  k<<<(n + 255) / 256, 256>>>(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'fail1' calls cudaGetLastError() [cuda-kernel-launch-unchecked]
}

static void fail2(float *x) {
  CUDA_CHECK(cudaGetLastError());   // before the launch: does not check it
  k<<<1, 32>>>(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'fail2'
  cudaGetLastError();               // result discarded
  cudaDeviceSynchronize();          // result discarded
}

static void fail3(float *x) {
  void *args[] = {&x};
  cudaLaunchKernel((const void *)k, dim3(1), dim3(32), args, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'fail3' calls cudaGetLastError() (2 launches unchecked)
  k<<<1, 32>>>(x);
}

// A caller in this translation unit that does not read cudaGetLastError: a
// checked synchronization there does not surface the launch's configuration
// error (H200, runtime-check/cuda-kernel-launch-unchecked).
void launcher(float *x) { k<<<1, 32>>>(x); }
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: launch of 'k' is not checked for errors: nothing after it in 'launcher'
// Two levels of callers, none of which checks: still reported.
static void deep_launch(float *x) { k<<<1, 32>>>(x); }
// CHECK-MESSAGES: :[[@LINE-1]]:37: warning: launch of 'k' is not checked for errors: nothing after it in 'deep_launch'
static void deep_op(float *x) { deep_launch(x); }
// A generic lambda (each instantiation is a body of its own).
static void fail5(float *x) {
  auto run = [&](auto n) { k<<<decltype(n)::value, 32>>>(x); };
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: launch of 'k' is not checked for errors: nothing after it in the lambda in 'fail5' calls
  run(std::integral_constant<int, 1>{});
}
int main() {
  // fail2 reads cudaGetLastError (before its own launch), which would check
  // whatever was launched before it: call it first.
  fail2(nullptr);
  fail3(nullptr);
  launcher(nullptr);
  fail1(nullptr, 1);
  deep_op(nullptr);
  fail5(nullptr);
  CUDA_CHECK(cudaDeviceSynchronize());
}

// Negatives: the idioms real code uses.
static void correct1(float *x) {
  k<<<1, 32>>>(x);
  CUDA_CHECK(cudaGetLastError());
}
// A checked synchronization is not a check: on an H200 it returned
// cudaSuccess after a launch that failed for its configuration.
static void fail_sync1(float *x) {
  k<<<1, 32>>>(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'fail_sync1' calls cudaGetLastError() [cuda-kernel-launch-unchecked]
  checkCudaErrors(cudaDeviceSynchronize());
}
static void correct3(float *x) {
  k<<<1, 32>>>(x);
  if (cudaPeekAtLastError() != cudaSuccess)
    exit(1);
}
static void correct4(float *x) {
  k<<<1, 32>>>(x);
  gpuErrchk(cudaPeekAtLastError());
  gpuErrchk(cudaDeviceSynchronize());
}
static cudaError_t correct5(float *x) {
  k<<<1, 32>>>(x);
  return cudaGetLastError();
}
static void fail_sync2(float *x, cudaStream_t s) {
  for (int i = 0; i < 4; ++i)
    k<<<1, 32, 0, s>>>(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: launch of 'k' is not checked for errors: nothing after it in 'fail_sync2' calls cudaGetLastError() [cuda-kernel-launch-unchecked]
  CUDA_CHECK(cudaStreamSynchronize(s));
}
static void correct7(float *x) {
  k<<<1, 32>>>(x);
  getLastCudaError("k failed");
}
static void correct8(float *x) {
  void *args[] = {&x};
  CUDA_CHECK(cudaLaunchKernel((const void *)k, dim3(1), dim3(32), args, 0, 0));
}
// The caller checks.
static void launch_helper(float *x) { k<<<1, 32>>>(x); }
static void correct9(float *x) {
  launch_helper(x);
  CUDA_CHECK(cudaGetLastError());
}
// A launcher with external linkage that no function here calls: its callers
// are in other translation units (the CUDA samples' reduce()).
void correct11(float *x) { k<<<1, 32>>>(x); }
static void correct10(float *x) {
  auto run = [&] { k<<<1, 32>>>(x); };
  run();
  CUDA_CHECK(cudaPeekAtLastError());
}

// ggml's shape: a static launcher called by an operation with external
// linkage that no function here calls; the backend's dispatcher, in another
// file, calls cudaGetLastError after every operation.
static void op_launch(float *x) { k<<<1, 32>>>(x); }
void correct12(float *x) { op_launch(x); }
// Called through a pointer: the callers are not visible.
static void table_launch(float *x) { k<<<1, 32>>>(x); }
void (*const op_table[])(float *) = {table_launch};
// A generic lambda whose enclosing function checks after calling it.
static void correct13(float *x) {
  auto run = [&](auto n) { k<<<decltype(n)::value, 32>>>(x); };
  run(std::integral_constant<int, 1>{});
  run(std::integral_constant<int, 2>{});
  CUDA_CHECK(cudaGetLastError());
}

// The idioms above are negatives on their own: this caller does not check.
void run_all(float *x, cudaStream_t s) {
  correct1(x); correct3(x); correct4(x); (void)correct5(x);
  correct7(x); correct8(x); correct9(x); correct10(x);
  correct13(x);
}
#endif
