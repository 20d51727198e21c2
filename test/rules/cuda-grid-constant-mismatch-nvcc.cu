// nvcc 13.0 and cuda-lint agree: the bad file is rejected and reported, the
// good one accepted and not reported.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-grid-constant-mismatch-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-grid-constant-mismatch-good.cu
// RUN: not %cuda-lint --checks='-*,cuda-grid-constant-mismatch' %S/Inputs/cuda-grid-constant-mismatch-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-grid-constant-mismatch' %S/Inputs/cuda-grid-constant-mismatch-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(5): error: incompatible __grid_constant__ annotation for parameter p in function redeclaration
// NVCC: bad.cu(8): error: incompatible __grid_constant__ annotation for parameter p in function specialization
// NVCC: bad.cu(11): error: incompatible __grid_constant__ annotation for parameter p in instantiation directive

// LINT: bad.cu:5:{{[0-9]+}}: error: parameter 'p' of kernel 'redecl' is not __grid_constant__ in this declaration
// LINT: bad.cu:8:{{[0-9]+}}: error: parameter 'p' of kernel 'spec<Params>' is __grid_constant__ in this explicit specialization
// LINT: bad.cu:11:{{[0-9]+}}: error: parameter 'p' of kernel 'inst<Params>' is not __grid_constant__ in this explicit instantiation
// QUIET: cuda-lint: {{[0-9]+}} file{{s?}}, 0 findings
