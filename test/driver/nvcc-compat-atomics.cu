// nvcc 12.8's atomic built-in functions (__nv_atomic_load_n, fetch_add, the
// __NV_ATOMIC_* orders and __NV_THREAD_SCOPE_* scopes), which CUTLASS's
// subbyte_reference.h calls when __CUDACC_VER_MAJOR__ says 12.8 or later:
// nvcc accepts them, clang 22 has none of them. On an nvcc command cuda-lint
// shows no compiler error and still reports the planted finding of the same
// kernel; a clang command keeps clang's errors; a wrong argument count is
// still an error, as for nvcc.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s --implicit-check-not='{{warning|error}}:' < %t.txt
// CHECK: nvcc-compat-atomics.cu:[[@LINE+23]]:{{[0-9]+}}: warning: {{.*}}[cuda-wmma-divergent]
// CHECK: 0 compiler errors
//
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory":"%t.d","file":"k.cu","command":"clang++ -x cuda --cuda-gpu-arch=sm_90 -c k.cu"}]' > %t.d/compile_commands.json
// RUN: %expect-exit 1 %cuda-lint -p %t.d %t.d/k.cu 2>&1 | FileCheck %s --check-prefix=CLANG
// CLANG: error: use of undeclared identifier '__NV_ATOMIC_RELAXED' [clang-diagnostic-error]
//
// RUN: not %nvcc -arch=sm_90 -c -DREJECTED %s -o /dev/null
// RUN: %expect-exit 1 %cuda-lint %s -- -DREJECTED 2>&1 | FileCheck %s --check-prefix=REJECTED
// REJECTED: nvcc-compat-atomics.cu:{{[0-9]+}}:{{[0-9]+}}: error: no matching function for call to '__nv_atomic_load_n' [clang-diagnostic-error]
#include <mma.h>

__global__ void count(unsigned *p, unsigned long long *q, float *c) {
  unsigned seen = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_add(q, 1ull, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(p, seen + 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK);
  unsigned expected = 0;
  __nv_atomic_compare_exchange_n(p, &expected, 1u, false, __NV_ATOMIC_ACQ_REL,
                                 __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_BLOCK);
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> acc;
  if (threadIdx.x < 16)
    nvcuda::wmma::fill_fragment(acc, 0.0f);
  nvcuda::wmma::store_matrix_sync(c, acc, 16, nvcuda::wmma::mem_row_major);
#ifdef REJECTED
  __nv_atomic_load_n(p);
#endif
}
