// nvcc 13.0 and cuda-lint: nvcc warns (#20168, #20058) and ignores the bad file's pragmas, and
// rejects a run-time count (#20169); cuda-lint reports each line. The good file (the
// Programming Guide's constant forms) is accepted by nvcc silently and not reported.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-pragma-unroll-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-pragma-unroll-rejected.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-REJECTED
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-pragma-unroll-good.cu 2>&1 | count 0
// RUN: not %cuda-lint --checks='-*,cuda-pragma-unroll' %S/Inputs/cuda-pragma-unroll-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: not %cuda-lint --checks='-*,cuda-pragma-unroll' %S/Inputs/cuda-pragma-unroll-rejected.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-REJECTED --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-pragma-unroll' %S/Inputs/cuda-pragma-unroll-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(3): warning #20168-D: the unroll value cannot be zero or negative, ignoring pragma for this loop
// NVCC: bad.cu(5): warning #20168-D
// NVCC: bad.cu(7): warning #20058-D: the #pragma unroll must precede a loop
// NVCC-REJECTED: rejected.cu(2): error: expression must have a constant value
// NVCC-REJECTED: rejected.cu(2): warning #20169-D
// LINT: bad.cu:3:1: warning: '#pragma unroll -1' is ignored: nvcc 13.0 ignores a count that is not positive (warning #20168) and clang 22 rejects it [cuda-pragma-unroll]
// LINT: bad.cu:5:1: warning: '#pragma unroll 0' is ignored by nvcc 13.0 {{.*}} [cuda-pragma-unroll]
// LINT: bad.cu:7:1: warning: '#pragma unroll 4' is not followed by a for, while or do loop{{.*}} [cuda-pragma-unroll]
// LINT-REJECTED: rejected.cu:2:1: warning: the count of '#pragma unroll n' is not an integral constant expression: nvcc 13.0 rejects it (#20169){{.*}} [cuda-pragma-unroll]
// QUIET: cuda-lint: 1 file, 0 findings
