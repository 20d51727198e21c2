// nvcc 13.0 and cuda-lint agree: a half fragment of shape 16x16x8 is rejected
// (an incomplete type: crt/mma.h declares no such specialization) and
// reported; the 16x16x16 one is accepted and not reported.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-wmma-shape-type-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-wmma-shape-type-good.cu
// RUN: not %cuda-lint --checks='-*,cuda-wmma-shape-type' %S/Inputs/cuda-wmma-shape-type-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-wmma-shape-type' %S/Inputs/cuda-wmma-shape-type-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(5): error: incomplete type "nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 8, half, nvcuda::wmma::row_major>"{{.*}} is not allowed
// LINT: bad.cu:5:68: error: unsupported WMMA fragment 'fragment<matrix_a, 16, 16, 8, half, row_major>': half fragments exist only as 16x16x16, 32x8x16 or 8x32x16; this one is 16x16x8 [cuda-wmma-shape-type]
// QUIET: cuda-lint: 1 file, 0 findings
