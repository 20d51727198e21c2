// __managed__ variables: nvcc makes them __device__ variables the host may use
// too; clang 22 drops `managed` in CUDA mode (it is HIP-only there) and then
// rejects the kernel ("reference to __host__ variable 'hits' in __global__
// function"). On an nvcc command cuda-lint keeps the attribute (a __device__
// variable annotated "cuda-lint.managed", cuda_lint::isManagedVar) and the
// kernel parses: its planted finding is reported, and no compiler error.
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s --implicit-check-not='{{warning|error}}:' < %t.txt
// CHECK: nvcc-compat-managed.cu:[[@LINE+24]]:{{[0-9]+}}: error: __shared__ variable 'c'{{.*}} [cuda-shared-initializer]
// CHECK: cuda-lint: 1 file, 1 finding (1 error, 0 warnings), 0 compiler errors
//
// A clang command keeps clang's error.
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory": "%t.d", "command": "clang++ -x cuda --cuda-gpu-arch=sm_90 -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint -p . k.cu > %t.clang.txt 2>&1
// RUN: FileCheck %s --check-prefix=CLANG < %t.clang.txt
// CLANG: error: reference to __host__ variable 'hits' in __global__ function [clang-diagnostic-error]
//
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null
#include <cstdio>

struct Counter {
  int v;
  __device__ Counter() : v(0) {}
};

__managed__ int hits;
__device__ __managed__ float totals[4];
static __managed__ int later = 3;

__global__ void count() {
  __shared__ Counter c;
  atomicAdd(&hits, 1 + c.v);
  totals[threadIdx.x % 4] += 1.f;
  later = 2;
}

int main() {
  hits = 0;
  count<<<1, 32>>>();
  cudaError_t e = cudaGetLastError();
  cudaDeviceSynchronize();
  printf("%d %d %f\n", hits, later, totals[0]);
  return e == cudaSuccess ? 0 : 1;
}
