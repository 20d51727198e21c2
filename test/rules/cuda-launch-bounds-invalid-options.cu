// The option RequireWarpMultiple (default false) of cuda-launch-bounds-invalid,
// from .cuda-lint.yaml; an option name the rule does not read is a warning
// with a suggestion.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: printf 'CheckOptions:\n  cuda-launch-bounds-invalid.RequireWarpMultiple: true\n' > %t/.cuda-lint.yaml
// RUN: not %cuda-lint --checks='-*,cuda-launch-bounds-invalid' %t/k.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ON --implicit-check-not='{{warning|error}}:'
// RUN: printf 'CheckOptions:\n  cuda-launch-bounds-invalid.RequireWarpMultiple: false\n' > %t/.cuda-lint.yaml
// RUN: %cuda-lint --checks='-*,cuda-launch-bounds-invalid' %t/k.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --implicit-check-not='{{warning|error}}:'
// RUN: printf 'CheckOptions:\n  cuda-launch-bounds-invalid.RequireWarpMultple: true\n' > %t/.cuda-lint.yaml
// RUN: %cuda-lint --checks='-*,cuda-launch-bounds-invalid' %t/k.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TYPO --implicit-check-not='{{warning|error}}:'
// RUN: printf 'CheckOptions:\n  cuda-maxnreg-value.Limit: 1\n' > %t/.cuda-lint.yaml
// RUN: %cuda-lint --checks='-*,cuda-launch-bounds-invalid' %t/k.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOOPT --implicit-check-not='{{warning|error}}:'

__global__ void __launch_bounds__(100) fail1(float *x) {}
// ON: k.cu:[[@LINE-1]]:17: warning: __launch_bounds__ of kernel 'fail1' gives 100 threads per block, not a multiple of the warp size 32 [cuda-launch-bounds-invalid]

__global__ void __launch_bounds__(128) correct1(float *x) {}
__global__ void __launch_bounds__(32 * 3, 2) correct2(float *x) {}

// OFF: cuda-lint: 1 file, 0 findings
// TYPO: .cuda-lint.yaml:2:3: warning: unknown option 'RequireWarpMultple' of rule 'cuda-launch-bounds-invalid'; did you mean 'RequireWarpMultiple'?
// NOOPT: .cuda-lint.yaml:2:3: warning: unknown option 'Limit' of rule 'cuda-maxnreg-value' (the rule has no options)
