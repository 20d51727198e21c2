// nvcc 13.0 and cuda-lint agree: a register count that is not positive is
// rejected; 300 is accepted and ptxas drops it (a finding); valid counts are
// accepted without a ptxas warning and not reported.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-maxnreg-value-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-BAD
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-maxnreg-value-ignored.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-IGNORED
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-maxnreg-value-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-QUIET --allow-empty
// RUN: not %cuda-lint --checks='-*,cuda-maxnreg-value' %S/Inputs/cuda-maxnreg-value-bad.cu \
// RUN:   %S/Inputs/cuda-maxnreg-value-ignored.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-maxnreg-value' %S/Inputs/cuda-maxnreg-value-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC-BAD: bad.cu(2): error: The maximum number of registers that can be allocated per thread must be positive
// NVCC-IGNORED: ptxas warning : Too many maxnreg specified for entry {{.*}}, will be ignored

// LINT-DAG: bad.cu:2:{{[0-9]+}}: error: __maxnreg__(0) asks for a register count that is not positive
// LINT-DAG: ignored.cu:2:{{[0-9]+}}: error: __maxnreg__(300) is above the 255 registers

// NVCC-QUIET-NOT: {{warning|error}}
// QUIET: cuda-lint: {{[0-9]+}} file{{s?}}, 0 findings
