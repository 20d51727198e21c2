// nvcc 13.0 and cuda-lint agree: a __nv_bfloat16 fragment compiled for sm_75
// is rejected (crt/mma.h declares bf16 fragments only from sm_80 on) and
// reported; the same file for sm_80 is accepted and not reported. (nvcc 13.0
// compiles for sm_75 and newer only: the sm_70 and sm_60 cases of this rule
// are clang's alone.)
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_75 -c -o /dev/null %S/Inputs/cuda-wmma-arch-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_80 -c -o /dev/null %S/Inputs/cuda-wmma-arch-good.cu
// RUN: not %cuda-lint --checks='-*,cuda-wmma-arch' --device-archs=sm_75 %S/Inputs/cuda-wmma-arch-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-wmma-arch' --device-archs=sm_80 %S/Inputs/cuda-wmma-arch-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(6): error: incomplete type "nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, __nv_bfloat16, nvcuda::wmma::row_major>" is not allowed
// LINT: bad.cu:6:78: error: __nv_bfloat16 fragments need sm_80 or newer; compiled for an older architecture, crt/mma.h does not declare 'fragment<matrix_a, 16, 16, 16, __nv_bfloat16, row_major>' [cuda-wmma-arch]
// QUIET: cuda-lint: 1 file, 0 findings
