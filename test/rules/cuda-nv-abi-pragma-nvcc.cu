// nvcc 13.0 and cuda-lint agree: every pragma of the bad file is rejected by nvcc and reported,
// at the same line; the good file is accepted and not reported.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-nv-abi-pragma-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-nv-abi-pragma-good.cu
// RUN: not %cuda-lint --checks='-*,cuda-nv-abi-pragma' %S/Inputs/cuda-nv-abi-pragma-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-nv-abi-pragma' %S/Inputs/cuda-nv-abi-pragma-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(4): error: #pragma nv_abi must appear immediately before a function declaration, function definition, or an expression statement
// NVCC: bad.cu(6): error: #pragma nv_abi contains an invalid option
// NVCC: bad.cu(8): error: #pragma nv_abi argument value must be a positive value
// NVCC: bad.cu(10): error: #pragma nv_abi contains a duplicate argument
// NVCC: bad.cu(14): error: #pragma nv_abi requires an argument
// LINT: bad.cu:4:1: error: '#pragma nv_abi' before a declaration statement: {{.*}} [cuda-nv-abi-pragma]
// LINT: bad.cu:6:16: error: '#pragma nv_abi' has an option nvcc does not know, 'preserve_n_foo' {{.*}} [cuda-nv-abi-pragma]
// LINT: bad.cu:8:33: error: '#pragma nv_abi' preserve_n_data(-1): the value must be positive [cuda-nv-abi-pragma]
// LINT: bad.cu:10:36: error: '#pragma nv_abi' names 'preserve_n_data' twice [cuda-nv-abi-pragma]
// LINT: bad.cu:14:1: error: '#pragma nv_abi' without an argument: {{.*}} [cuda-nv-abi-pragma]
// QUIET: cuda-lint: 1 file, 0 findings
