// nvcc 13.0 and cuda-lint agree: the bad file (a __float128 local in a kernel) is rejected for
// sm_90 and reported, the good one accepted and not reported. nvcc accepts the bad file for
// sm_100, where cuda-lint, on a project built with nvcc, reports nothing either.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-float128-arch-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_100 -c -o /dev/null %S/Inputs/cuda-float128-arch-bad.cu
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-float128-arch-good.cu
// RUN: not %cuda-lint --checks='-*,cuda-float128-arch' %S/Inputs/cuda-float128-arch-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-float128-arch' %S/Inputs/cuda-float128-arch-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// An nvcc project for sm_100: neither a finding nor clang's own error.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %S/Inputs/cuda-float128-arch-bad.cu %t/bad.cu
// RUN: printf '[{"directory":"%%s","file":"bad.cu","command":"nvcc -arch=sm_100 -c bad.cu -o bad.o"}]' %t > %t/compile_commands.json
// RUN: %cuda-lint -p %t --checks='-*,cuda-float128-arch' %t/bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu({{[0-9]+}}): error: "__float128" is a 128-bit floating-point, which is not supported in device code
// LINT: bad.cu:4:14: error: variable 'x' has type '__float128': device code supports the 128-bit floating-point type from compute capability 10.0 only, not on sm_90 [cuda-float128-arch]
// QUIET: cuda-lint: 1 file, 0 findings
