// Variable templates: each specialization counts once, an explicit
// specialization too (it is both a declaration of the unit and one of the
// template's specializations), one named only in sizeof counts (nvcc emits
// it), and a template never named counts nothing.
// Here lut<8192> (32768 bytes) + lut<4> (16) + sized<16> (16) + pad (32736)
// = 65536 bytes
// exactly: nvcc 13.0 builds it, and cuda-lint reports nothing. One byte more
// (-DEXTRA=1) and both fail.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=NVCC-QUIET --allow-empty
// RUN: not %nvcc -arch=sm_90 -DEXTRA=1 -c -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=NVCC
// RUN: %cuda-lint --checks='-*,cuda-constant-size' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'
// RUN: not %cuda-lint --checks='-*,cuda-constant-size' %s -- -DEXTRA=1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// NVCC-QUIET-NOT: {{warning|error}}
// NVCC: ptxas error   : File uses too much global constant data
// QUIET: cuda-lint: 1 file, 0 findings
// LINT: templates.cu:[[@LINE+11]]:19: error: the __constant__ variables of this translation unit total 65537 bytes, more than the 65536 bytes of constant memory (4 variables; ptxas rejects the file)
// LINT-DAG: note: 'lut<8192>': 32768 bytes
// LINT-DAG: note: 'pad': 32737 bytes
// LINT-DAG: note: '{{lut<4>|sized<16>}}': 16 bytes
#include <cuda_runtime.h>
#ifndef EXTRA
#define EXTRA 0
#endif
template <int N> __constant__ float lut[N];
template <> __constant__ float lut<4>[4] = {1, 2, 3, 4};
template <int N> __constant__ char sized[N];
__constant__ char pad[65536 - 8192 * 4 - 16 - 16 + EXTRA];
template <int N> __constant__ float never_named[N];

__global__ void k(float *out) {
  out[threadIdx.x] = lut<8192>[threadIdx.x] + lut<4>[threadIdx.x % 4] + pad[threadIdx.x] +
                     float(sizeof(sized<16>));
}
