// nvcc 13.0 and cuda-lint agree: a matrix_a fragment without a layout and an
// accumulator store without a memory layout are rejected and reported; the
// same code with the layouts is accepted and not reported.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-wmma-layout-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-wmma-layout-good.cu
// RUN: not %cuda-lint --checks='-*,cuda-wmma-layout' %S/Inputs/cuda-wmma-layout-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-wmma-layout' %S/Inputs/cuda-wmma-layout-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(5): error: incomplete type "nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, void>"{{.*}} is not allowed
// NVCC: bad.cu(7): error: no instance of overloaded function "nvcuda::wmma::store_matrix_sync" matches the argument list
// LINT: bad.cu:5:52: error: WMMA fragment 'fragment<matrix_a, 16, 16, 16, half>' has a wrong layout: matrix_a fragments need a layout{{.*}} [cuda-wmma-layout]
// LINT: bad.cu:7:3: error: 'store_matrix_sync' of an accumulator fragment needs the memory layout{{.*}} [cuda-wmma-layout]
// QUIET: cuda-lint: 1 file, 0 findings
