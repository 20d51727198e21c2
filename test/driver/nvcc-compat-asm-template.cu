// nvcc checks an inline asm string's operand numbers only for a statement it
// generates code for. An operand number past the operands (`%3` with three
// operands) in a template that is never instantiated, or only with the statement
// in a discarded `if constexpr` branch, compiles with nvcc; clang 22 rejects
// it at the template's definition ("invalid operand number in inline asm
// string"), as a cache-hint variant of a TMA load in a real kernel library
// showed. On an nvcc command cuda-lint shows no compiler error there and still
// reports the planted finding of the same function (the AST is intact).
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s --check-prefix=NVCC --implicit-check-not='{{warning|error}}:' < %t.txt
// NVCC: nvcc-compat-asm-template.cu:[[@LINE+36]]:{{[0-9]+}}: warning: {{.*}}[cuda-wmma-divergent]
// NVCC: 0 compiler errors
//
// An instantiation with the statement live is an error nvcc reports too ("asm
// operand index requested is larger than the number of asm operands
// provided"): it stays, once for the statement. So does a `%[name]` that
// names no operand, which nvcc rejects even in a template never instantiated.
// RUN: not %nvcc -arch=sm_90 -c -DLIVE %s -o /dev/null
// RUN: %expect-exit 1 %cuda-lint %s -- -DLIVE > %t.live 2>&1
// RUN: FileCheck %s --check-prefix=LIVE --implicit-check-not='error:' < %t.live
// RUN: not %nvcc -arch=sm_90 -c -DSYMBOLIC %s -o /dev/null
// RUN: %expect-exit 1 %cuda-lint %s -- -DSYMBOLIC 2>&1 | FileCheck %s --check-prefix=SYMBOLIC
// SYMBOLIC: nvcc-compat-asm-template.cu:[[@LINE+37]]:{{[0-9]+}}: error: unknown symbolic operand name in inline assembly string [clang-diagnostic-error]
// LIVE: nvcc-compat-asm-template.cu:[[@LINE+19]]:{{[0-9]+}}: error: invalid operand number in inline asm string [clang-diagnostic-error]
// LIVE: 1 compiler error
//
// A clang command gets clang's errors as they are.
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory":"%t.d","file":"k.cu","command":"clang++ -x cuda --cuda-gpu-arch=sm_90 -c k.cu"}]' > %t.d/compile_commands.json
// RUN: %expect-exit 1 %cuda-lint -p %t.d %t.d/k.cu 2>&1 | FileCheck %s --check-prefix=CLANG --implicit-check-not='error:'
// CLANG-DAG: k.cu:[[@LINE+12]]:{{[0-9]+}}: error: invalid operand number in inline asm string [clang-diagnostic-error]
// CLANG-DAG: k.cu:[[@LINE+22]]:{{[0-9]+}}: error: invalid operand number in inline asm string [clang-diagnostic-error]
#include <mma.h>
using namespace nvcuda;

enum class Policy { Normal, EvictFirst };

template <Policy P>
__device__ void load(unsigned *dst, unsigned a, unsigned b, float *c) {
  if constexpr (P == Policy::Normal) {
    asm volatile("add.u32 %0, %1, %2;" : "=r"(*dst) : "r"(a), "r"(b));
  } else {
    asm volatile("add.u32 %0, %1, %3;" : "=r"(*dst) : "r"(a), "r"(b));
  }
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  if (threadIdx.x < 16)
    wmma::fill_fragment(acc, 0.0f);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// Never instantiated.
template <int N> __device__ unsigned never(unsigned a) {
  unsigned r;
  asm("mov.u32 %0, %2;" : "=r"(r) : "r"(a));
  return r + N;
}

#ifdef SYMBOLIC
struct Loader {
  template <int N> __device__ void get(unsigned *d) { asm("mov.u32 %0, %[x];" : "=r"(*d)); }
};
#endif

__global__ void kernel(unsigned *d, float *c) {
  load<Policy::Normal>(d, 1, 2, c);
#ifdef LIVE
  load<Policy::EvictFirst>(d, 1, 2, c);
#endif
}
