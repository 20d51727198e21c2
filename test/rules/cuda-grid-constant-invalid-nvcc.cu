// nvcc 13.0 and cuda-lint agree: each bad file is rejected and reported, the
// good one accepted and not reported. (nvcc reports the non-kernel case in an
// earlier phase than the other two and then stops: one case per bad file.)
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-grid-constant-invalid-bad-const.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-CONST
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-grid-constant-invalid-bad-ref.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-REF
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-grid-constant-invalid-bad-kernel.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-KERNEL
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-grid-constant-invalid-good.cu
// RUN: not %cuda-lint --checks='-*,cuda-grid-constant-invalid' %S/Inputs/cuda-grid-constant-invalid-bad-const.cu \
// RUN:   %S/Inputs/cuda-grid-constant-invalid-bad-ref.cu %S/Inputs/cuda-grid-constant-invalid-bad-kernel.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-grid-constant-invalid' %S/Inputs/cuda-grid-constant-invalid-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC-CONST: bad-const.cu(3): error: a parameter annotated with __grid_constant__ must have const-qualified type
// NVCC-REF: bad-ref.cu(3): error: a parameter annotated with __grid_constant__ must not have reference type
// NVCC-KERNEL: bad-kernel.cu(3): error: __grid_constant__ annotation is only allowed on a parameter of a __global__ function

// LINT-DAG: bad-const.cu:3:{{[0-9]+}}: error: __grid_constant__ parameter 'p' of kernel 'not_const' has type 'Params', which is not const-qualified [cuda-grid-constant-invalid]
// LINT-DAG: bad-ref.cu:3:{{[0-9]+}}: error: __grid_constant__ parameter 'p' of kernel 'reference' has reference type 'const Params &'
// LINT-DAG: bad-kernel.cu:3:{{[0-9]+}}: error: __grid_constant__ on parameter 'p' of 'helper', which is not a __global__ function
// QUIET: cuda-lint: {{[0-9]+}} file{{s?}}, 0 findings
