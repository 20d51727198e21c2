// RUN: %check-cuda-lint %s cuda-pragma-unroll %t
// #pragma unroll that nvcc 13.0 ignores or rejects, or that the host compiler sees. Both sides
// (host, sm_90) parse the device functions: one finding each; the host-only case is the host
// side's alone. clang's own errors on these lines (and its -Wcuda-compat warnings on the
// constant forms) never appear.
#include <cuda_runtime.h>

__device__ void fail1(float *p, int n) {
#pragma unroll -2
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma unroll -2' is ignored: nvcc 13.0 ignores a count that is not positive (warning #20168) and clang 22 rejects it [cuda-pragma-unroll]
  for (int i = 0; i < 8; ++i) p[i] = 0;
#pragma unroll (0)
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma unroll (0)' is ignored by nvcc 13.0 (warning #20168; the count must be positive), while clang 22 takes it as 'do not unroll': write '#pragma unroll 1' to keep the loop rolled [cuda-pragma-unroll]
  for (int i = 0; i < 8; ++i) p[i] = 1;
#pragma unroll n
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: the count of '#pragma unroll n' is not an integral constant expression: nvcc 13.0 rejects it (#20169); use a constant, a constexpr value or a template argument [cuda-pragma-unroll]
  for (int i = 0; i < 8; ++i) p[i] = 2;
#pragma unroll 4
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma unroll 4' is not followed by a for, while or do loop: nvcc 13.0 ignores it (warning #20058) and clang 22 rejects it [cuda-pragma-unroll]
  p[0] = 3;
}

#define UNROLL_NEG _Pragma("unroll -1")
__global__ void fail2(float *p) {
  UNROLL_NEG
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '#pragma unroll -1' is ignored: {{.*}} [cuda-pragma-unroll]
  for (int i = 0; i < 8; ++i) p[i] = 0;
}

void fail3(float *p) {
#pragma unroll 4
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma unroll 4' in a host function: the host compiler does not know it (gcc -Wall warns -Wunknown-pragmas); guard it with '#ifdef __CUDA_ARCH__' or move the loop into device code [cuda-pragma-unroll]
  // CHECK-SIDES: :[[@LINE-2]]:1: {{.*}} sides=host{{$}}
  for (int i = 0; i < 8; ++i) p[i] = 0;
}

// Negatives: the Programming Guide's constant forms, in templates and kernels, from a macro,
// a guarded host pragma, loops of every kind.
struct MyStruct { static constexpr int value = 4; };
constexpr int kCount = 2;
template <int Count> __global__ void correct1(float *p) {
#pragma unroll (Count + 1)
  for (int i = 0; i < 8; ++i) p[i] = 0;
#pragma unroll MyStruct::value
  for (int i = 0; i < 8; ++i) p[i] = 1;
#pragma unroll Count
  for (int i = 0; i < 8; ++i) p[i] = 2;
#pragma unroll kCount
  for (int i = 0; i < 8; ++i) p[i] = 3;
#pragma unroll 1
  for (int i = 0; i < 8; ++i) p[i] = 4;
#pragma unroll
  for (int i = 0; i < 8; ++i) p[i] = 5;
  int i = 0;
#pragma unroll 2
  while (i < 8) p[i++] = 6;
#pragma unroll 2
  do { p[--i] = 7; } while (i > 0);
  float v[4] = {1, 2, 3, 4};
#pragma unroll
  for (float x : v) p[0] += x;
}
template __global__ void correct1<3>(float *);

#define UNROLL4 _Pragma("unroll 4")
__host__ __device__ void correct2(float *p) {
  UNROLL4
  for (int i = 0; i < 8; ++i) p[i] = 0;
}

void correct3(float *p) {
#ifdef __CUDA_ARCH__
#pragma unroll 4
#endif
  for (int i = 0; i < 8; ++i) p[i] = 0;
}
