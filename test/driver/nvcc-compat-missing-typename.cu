// nvcc accepts a dependent qualified name without `typename` where the
// template reads it as an expression and the instantiation finds a type: an
// explicit template argument of a function template (`al.allocate<G::tile,
// 4>()`), a `sizeof` operand (ThunderKittens' B200 GEMM writes
// both), a functional cast. clang 22 rejects it when it instantiates the
// template ("missing 'typename' prior to dependent type name") and drops the
// instantiation's body. On an nvcc command cuda-lint shows no compiler error and
// still reports the planted finding of the same kernel (its body is in the
// AST, instantiated), at its column in the file as written (cuda-lint parses
// the side again with `typename ` written in); on a clang command clang's error stays; and where nvcc
// rejects a missing `typename` too (a declaration, a class template's
// argument) the error is still shown.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s --check-prefix=NVCC --implicit-check-not='{{warning|error}}:' < %t.txt
// NVCC: nvcc-compat-missing-typename.cu:[[@LINE+30]]:44: warning: {{.*}}[cuda-wmma-divergent]
// NVCC: 0 compiler errors
//
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory":"%t.d","file":"k.cu","command":"clang++ -x cuda --cuda-gpu-arch=sm_90 -DFEW -c k.cu"}]' > %t.d/compile_commands.json
// RUN: %expect-exit 1 %cuda-lint -p %t.d %t.d/k.cu 2>&1 | FileCheck %s --check-prefix=CLANG
// CLANG: k.cu:[[@LINE+22]]:26: error: missing 'typename' prior to dependent type name {{.*}}[clang-diagnostic-error]
// CLANG: k.cu:[[@LINE+23]]:32: error: missing 'typename' prior to dependent type name {{.*}}[clang-diagnostic-error]
//
// RUN: not %nvcc -arch=sm_90 -c -DREJECTED=1 %s -o /dev/null
// RUN: not %nvcc -arch=sm_90 -c -DREJECTED=2 %s -o /dev/null
// RUN: %expect-exit 1 %cuda-lint %s -- -DREJECTED=1 -DFEW 2>&1 | FileCheck %s --check-prefix=REJECTED1
// REJECTED1: nvcc-compat-missing-typename.cu:[[@LINE+23]]:{{[0-9]+}}: error: {{.*}} [clang-diagnostic-error]
// RUN: %expect-exit 1 %cuda-lint %s -- -DREJECTED=2 -DFEW 2>&1 | FileCheck %s --check-prefix=REJECTED2
// REJECTED2: nvcc-compat-missing-typename.cu:[[@LINE+24]]:{{[0-9]+}}: error: template argument for template type parameter must be a type{{.*}} [clang-diagnostic-error]
#include <mma.h>

struct Allocator {
  template <typename T, int N> __device__ T *allocate() { return nullptr; }
};
template <typename T> __device__ void take() {}
template <typename C> struct Globals { using tile = float; };
template <typename T, typename U> struct Pair {};

template <typename C>
__global__ void kernel(float *out, float *c) {
  using G = Globals<C>;
  Allocator al;
  float *p = al.allocate<G::tile, 4>();
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> acc;
  if (threadIdx.x < 16) { take<G::tile>(); nvcuda::wmma::fill_fragment(acc, 0.0f); }
  nvcuda::wmma::store_matrix_sync(c, acc, 16, nvcuda::wmma::mem_row_major);
  out[0] = p ? 1.f : 0.f;
  out[2] = sizeof(G::tile) + G::tile(2);
#if REJECTED == 1
  G::tile x = 1.f;
  out[1] = x;
#elif REJECTED == 2
  Pair<int, G::tile> pair;
  (void)pair;
#endif
}
template __global__ void kernel<int>(float *, float *);

// More of them than clang's error limit (20) reports in one parse: three
// instantiations of eight each. cuda-lint parses the side again while a
// parse finds more. (Not with -DFEW: clang would stop at its limit.)
#ifndef FEW
template <int N> __device__ int many() {
  using G = Globals<Pair<int, char[N]>>;
  return sizeof(G::tile) + sizeof(G::tile) + sizeof(G::tile) + sizeof(G::tile) +
         sizeof(G::tile) * 2 + G::tile(1) + G::tile(2) + G::tile(3) + G::tile(4);
}
template __device__ int many<1>();
template __device__ int many<2>();
template __device__ int many<3>();
#endif
