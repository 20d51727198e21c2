// nvcc 13.0 and cuda-lint agree. nvcc rejects one name with two element types
// (two kernels, or a template instantiated for float and double: "declaration
// is incompatible"); it only warns (#1886) about two explicit alignments,
// which the checker reports too. The good file (the negatives of
// cuda-dynamic-shared-conflict.cu) is accepted silently and not reported.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-dynamic-shared-conflict-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-dynamic-shared-conflict-bad-align.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-ALIGN
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-dynamic-shared-conflict-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-QUIET --allow-empty
// RUN: not %cuda-lint --checks='-*,cuda-dynamic-shared-conflict' %S/Inputs/cuda-dynamic-shared-conflict-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: not %cuda-lint --checks='-*,cuda-dynamic-shared-conflict' %S/Inputs/cuda-dynamic-shared-conflict-bad-align.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-ALIGN --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-dynamic-shared-conflict' %S/Inputs/cuda-dynamic-shared-conflict-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(2): error: declaration is incompatible with previous "buf"
// NVCC: bad.cu(4): error: declaration is incompatible with previous "smem"
// NVCC-ALIGN: bad-align.cu(6): warning #1886-D: specified alignment (8) is different from alignment (16)
// NVCC-QUIET-NOT: {{warning|error}}
// LINT: bad.cu:2:{{[0-9]+}}: error: extern __shared__ array 'buf' has element type 'double' here and 'float' {{.*}} [cuda-dynamic-shared-conflict]
// LINT: bad.cu:4:{{[0-9]+}}: error: extern __shared__ array 'smem' has element type 'double' here and 'float' {{.*}} [cuda-dynamic-shared-conflict]
// LINT-ALIGN: bad-align.cu:6:{{[0-9]+}}: error: extern __shared__ array 'raw' is aligned to 8 bytes here and to 16 bytes {{.*}} [cuda-dynamic-shared-conflict]
// QUIET: cuda-lint: 1 file, 0 findings
