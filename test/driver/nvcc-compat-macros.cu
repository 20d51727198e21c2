// nvcc's predefined macros on an nvcc command: the version macros from the toolkit's own files (version.json, the nvcc dist-info, or
// CUDA_VERSION in cuda.h), never by running nvcc. Without them clang takes the
// other branch of an #if silently, and analyses code the project never
// compiles: here the #else branch has a planted finding it must not report,
// and the nvcc branch one it must.
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s --implicit-check-not='{{warning|error}}:' < %t.txt
// CHECK: nvcc-compat-macros.cu:[[@LINE+25]]:{{[0-9]+}}: error: __shared__ variable 'seen' of type 'Counter'{{.*}} [cuda-shared-initializer]
// CHECK: cuda-lint: 1 file, 1 finding (1 error, 0 warnings), 0 compiler errors
//
// A clang command: no nvcc macro, so the #else branch (and its finding) is
// what clang compiles.
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory": "%t.d", "command": "clang++ -x cuda --cuda-gpu-arch=sm_90 -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint -p . k.cu > %t.clang.txt 2>&1
// RUN: FileCheck %s --check-prefix=CLANG --implicit-check-not='{{warning|error}}:' < %t.clang.txt
// CLANG: k.cu:{{[0-9]+}}:{{[0-9]+}}: error: __shared__ variable 'other' of type 'Counter'{{.*}} [cuda-shared-initializer]
//
// nvcc agrees (and a wrong version would stop it at the #error):
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null

#include <cuda.h>

struct Counter {
  int v;
  __device__ Counter() : v(0) {}
};

#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10 == CUDA_VERSION && \
    defined(__CUDACC_VER_BUILD__) && __CUDA_API_VER_MAJOR__ == __CUDACC_VER_MAJOR__
__global__ void k(int *p) {
  __shared__ Counter seen;
  p[0] = seen.v;
}
#elif defined(__CUDACC_VER_MAJOR__)
#error "nvcc's version macros disagree with cuda.h"
#else
__global__ void k(int *p) {
  __shared__ Counter other;
  p[0] = other.v;
}
#endif
