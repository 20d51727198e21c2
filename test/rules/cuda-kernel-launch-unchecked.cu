// RUN: not %cuda-lint --checks='-*,cuda-kernel-launch-unchecked' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// A launch must be followed by a check of cudaGetLastError (or of a
// synchronization) in its function; the common checking idioms are accepted.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

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

void fail1(float *x, int n) {
  k<<<(n + 255) / 256, 256>>>(x);
  // CHECK: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'fail1' calls cudaGetLastError() or checks a synchronization [cuda-kernel-launch-unchecked]
}

void fail2(float *x) {
  CUDA_CHECK(cudaGetLastError());   // before the launch: does not check it
  k<<<1, 32>>>(x);
  // CHECK: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'fail2'
  cudaGetLastError();               // result discarded
  cudaDeviceSynchronize();          // result discarded
}

void fail3(float *x) {
  void *args[] = {&x};
  cudaLaunchKernel((const void *)k, dim3(1), dim3(32), args, 0, 0);
  // CHECK: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'fail3' calls cudaGetLastError() or checks a synchronization (2 launches unchecked)
  k<<<1, 32>>>(x);
}

// Negatives: the idioms real code uses.
void correct1(float *x) {
  k<<<1, 32>>>(x);
  CUDA_CHECK(cudaGetLastError());
}
void correct2(float *x) {
  k<<<1, 32>>>(x);
  checkCudaErrors(cudaDeviceSynchronize());
}
void correct3(float *x) {
  k<<<1, 32>>>(x);
  if (cudaPeekAtLastError() != cudaSuccess)
    exit(1);
}
void correct4(float *x) {
  k<<<1, 32>>>(x);
  gpuErrchk(cudaPeekAtLastError());
  gpuErrchk(cudaDeviceSynchronize());
}
cudaError_t correct5(float *x) {
  k<<<1, 32>>>(x);
  return cudaGetLastError();
}
void correct6(float *x, cudaStream_t s) {
  for (int i = 0; i < 4; ++i)
    k<<<1, 32, 0, s>>>(x);
  CUDA_CHECK(cudaStreamSynchronize(s));
}
void correct7(float *x) {
  k<<<1, 32>>>(x);
  getLastCudaError("k failed");
}
void correct8(float *x) {
  void *args[] = {&x};
  CUDA_CHECK(cudaLaunchKernel((const void *)k, dim3(1), dim3(32), args, 0, 0));
}
// The caller checks.
static void launch_helper(float *x) { k<<<1, 32>>>(x); }
void correct9(float *x) {
  launch_helper(x);
  CUDA_CHECK(cudaGetLastError());
}
void correct10(float *x) {
  auto run = [&] { k<<<1, 32>>>(x); };
  run();
  CUDA_CHECK(cudaPeekAtLastError());
}
