// nvcc 13.0 and cuda-diag-pragma-legacy agree: the legacy `diag_suppress` has no effect. nvcc
// accepts the bad file, but still reports the warning #177 it was meant to suppress, at file
// scope (where it says nothing about the pragma) and in the kernel (where it warns #20199);
// with the nv_ prefix (the rule's fix-it) nvcc is quiet, and so is the checker.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-diag-pragma-legacy-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-diag-pragma-legacy-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-GOOD --allow-empty
// RUN: not %cuda-lint --checks='-*,cuda-diag-pragma-legacy' %S/Inputs/cuda-diag-pragma-legacy-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-diag-pragma-legacy' %S/Inputs/cuda-diag-pragma-legacy-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC-DAG: bad.cu(8): warning #20199-D: unrecognized #pragma in device code
// NVCC-DAG: bad.cu(9): warning #177-D: variable "unused_in_kernel" was declared but never referenced
// NVCC-DAG: bad.cu(5): warning #177-D: variable "unused_at_file_scope" was declared but never referenced
// NVCC-GOOD-NOT: warning
// LINT: bad.cu:4:1: warning: '#pragma diag_suppress' is not recognized by nvcc{{.*}} [cuda-diag-pragma-legacy]
// LINT: bad.cu:8:1: warning: '#pragma diag_suppress' is not recognized by nvcc{{.*}} [cuda-diag-pragma-legacy]
// QUIET: cuda-lint: 1 file, 0 findings
