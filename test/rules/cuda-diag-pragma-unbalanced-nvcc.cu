// What cuda-diag-pragma-unbalanced warns about, shown with nvcc 13.0: a suppression a header
// never restores silences the same warning in the file that includes it (nvcc is silent on the
// bad file's unused variables), while a header that restores its state leaves the includer's
// warnings alone (nvcc reports #177 twice on the good file). The checker reports the leaking
// header and nothing in the good file.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-diag-pragma-unbalanced-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-BAD --allow-empty
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-diag-pragma-unbalanced-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-GOOD
// RUN: not %cuda-lint --checks='-*,cuda-diag-pragma-unbalanced' %S/Inputs/cuda-diag-pragma-unbalanced-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-diag-pragma-unbalanced' %S/Inputs/cuda-diag-pragma-unbalanced-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'

// NVCC-BAD-NOT: warning
// NVCC-GOOD-DAG: good.cu(6): warning #177-D: variable "unused_in_kernel" was declared but never referenced
// NVCC-GOOD-DAG: good.cu(4): warning #177-D: variable "unused_after_header" was declared but never referenced
// LINT: cuda-diag-pragma-unbalanced-leak.h:2:1: warning: '#pragma nv_diag_suppress 177' is never restored in this file {{.*}} [cuda-diag-pragma-unbalanced]
// QUIET: cuda-lint: 1 file, 0 findings
