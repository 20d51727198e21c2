// An nvcc command without --extended-lambda: the findings.
// RUN: %check-cuda-lint %s cuda-extended-lambda %t -- -- -arch=sm_90 -std=c++17
// With the flag (either spelling), or on a clang command (clang accepts extended lambdas
// without a flag: a portability case of nvcc's), nothing (no CHECK lines of their own).
// RUN: %check-cuda-lint -check-suffix=FLAG %s cuda-extended-lambda %t -- -- -arch=sm_90 -std=c++17 --extended-lambda
// RUN: %check-cuda-lint -check-suffix=FLAG %s cuda-extended-lambda %t -- -- -arch=sm_90 -std=c++17 --expt-extended-lambda
// RUN: %check-cuda-lint -check-suffix=FLAG %s cuda-extended-lambda %t -- -- --cuda-gpu-arch=sm_90 -std=c++17
// Both sides see the lambdas; each finding is reported once.
#include <cuda_runtime.h>

template <typename F, typename T> __global__ void apply(F f, T *out) { out[threadIdx.x] = f(threadIdx.x); }

void fail1(int *out) {
  auto twice = [] __device__ (int i) { return 2 * i; };
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: __device__ lambda requires nvcc's --extended-lambda flag, which the compile command lacks [cuda-extended-lambda]
  apply<<<1, 32>>>(twice, out);
}

void fail2(int *out) {
  apply<<<1, 32>>>([=] __host__ __device__ (int i) { return i + 1; }, out);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: __host__ __device__ lambda requires nvcc's --extended-lambda flag, which the compile command lacks [cuda-extended-lambda]
}

template <typename T> void fail3(T *out) {
  auto f = [] __device__ (int i) { return T(i); };
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: __device__ lambda {{.*}} [cuda-extended-lambda]
  apply<<<1, 32>>>(f, out);
}
template void fail3<int>(int *);
template void fail3<float>(float *);

struct Host {
  void fail4(int *out) {
    auto f = [this] __device__ (int i) { return i; };
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: __device__ lambda {{.*}} [cuda-extended-lambda]
    (void)f;
  }
};

// Nested in a plain lambda of a host function (which clang makes implicitly __host__ __device__):
// still host code for nvcc.
void fail5() {
  auto outer = [] {
    auto inner = [] __device__ (int i) { return i; };
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: __device__ lambda {{.*}} [cuda-extended-lambda]
    (void)inner;
  };
  outer();
}

// In device code too: nvcc 13.0 rejects the annotation wherever the lambda is (checked with
// nvcc; the catalog row says "in host code", nvcc is stricter).
__global__ void fail6(int *out) {
  auto f = [] __device__ (int i) { return i; };
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: __device__ lambda {{.*}} [cuda-extended-lambda]
  auto outer = [=] {
    auto inner = [] __device__ (int i) { return i; };
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: __device__ lambda {{.*}} [cuda-extended-lambda]
    out[1] = inner(1);
  };
  outer();
  out[0] = f(1);
}
__device__ int fail7() {
  auto f = [] __host__ __device__ () { return 3; };
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: __host__ __device__ lambda {{.*}} [cuda-extended-lambda]
  return f();
}

// Negatives: lambdas without annotations, in host and in device code.
void correct1(int *out) {
  auto f = [](int i) { return i; };
  auto g = [&] { return f(1); };
  (void)g;
}
__global__ void correct2(int *out) {
  auto g = [] (int i) { return i; };
  out[0] = g(2);
}
