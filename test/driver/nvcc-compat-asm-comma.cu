// nvcc accepts asm operands without the comma between them
// (`:: "r"(v) "l"(p)`, as cuda-samples' conjugateGradientMultiDeviceCG
// writes); clang 22 rejects them with "expected ')'". On an nvcc command
// cuda-lint shows no compiler error and still reports the planted finding of
// the same function (the rest of its body is in the AST); on a clang command
// clang's error stays; and a missing comma that is not between asm operands
// is still an error.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s --check-prefix=NVCC --implicit-check-not='{{warning|error}}:' < %t.txt
// NVCC: nvcc-compat-asm-comma.cu:[[@LINE+18]]:{{[0-9]+}}: warning: {{.*}}[cuda-wmma-divergent]
// NVCC: 0 compiler errors
//
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory":"%t.d","file":"k.cu","command":"clang++ -x cuda --cuda-gpu-arch=sm_90 -c k.cu"}]' > %t.d/compile_commands.json
// RUN: %expect-exit 1 %cuda-lint -p %t.d %t.d/k.cu 2>&1 | FileCheck %s --check-prefix=CLANG
// CLANG: k.cu:[[@LINE+9]]:{{[0-9]+}}: error: expected ')' [clang-diagnostic-error]
//
// RUN: not %nvcc -arch=sm_90 -c -DREJECTED %s -o /dev/null
// RUN: %expect-exit 1 %cuda-lint %s -- -DREJECTED 2>&1 | FileCheck %s --check-prefix=REJECTED
// REJECTED: nvcc-compat-asm-comma.cu:[[@LINE+11]]:{{[0-9]+}}: error: {{.*}} [clang-diagnostic-error]
#include <mma.h>

__global__ void store(unsigned char *arrived, unsigned char val, float *c) {
  unsigned int reg_val = val;
  asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(reg_val) "l"(arrived) : "memory");
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> acc;
  if (threadIdx.x < 16)
    nvcuda::wmma::fill_fragment(acc, 0.0f);
  nvcuda::wmma::store_matrix_sync(c, acc, 16, nvcuda::wmma::mem_row_major);
#ifdef REJECTED
  int r = max(1 2);
#endif
}
