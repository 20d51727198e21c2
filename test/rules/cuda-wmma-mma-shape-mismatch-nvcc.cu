// nvcc 13.0 and cuda-lint agree: an mma_sync of a 32x8x16 matrix_a with
// 16x16x16 fragments is rejected and reported, the matching one accepted and
// not reported. A thread-varying satf is accepted by nvcc without a word
// (the -satf.cu input): only cuda-lint reports it.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-wmma-mma-shape-mismatch-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-wmma-mma-shape-mismatch-good.cu
// RUN: not %cuda-lint --checks='-*,cuda-wmma-mma-shape-mismatch' %S/Inputs/cuda-wmma-mma-shape-mismatch-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-wmma-mma-shape-mismatch-satf.cu
// RUN: not %cuda-lint --checks='-*,cuda-wmma-mma-shape-mismatch' %S/Inputs/cuda-wmma-mma-shape-mismatch-satf.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SATF --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-wmma-mma-shape-mismatch' %S/Inputs/cuda-wmma-mma-shape-mismatch-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(8): error: no instance of overloaded function "nvcuda::wmma::mma_sync" matches the argument list
// LINT: bad.cu:8:3: error: the fragments of 'mma_sync' disagree in shape: d is 16x16x16, a is 32x8x16{{.*}} [cuda-wmma-mma-shape-mismatch]
// SATF: satf.cu:11:30: error: the satf argument of 'mma_sync' varies across the warp{{.*}} [cuda-wmma-mma-shape-mismatch]
// QUIET: cuda-lint: 1 file, 0 findings
