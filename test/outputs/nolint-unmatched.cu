// A NOLINTBEGIN without its NOLINTEND is reported (clang-tidy's own
// diagnostic), and suppresses nothing.
// RUN: %expect-exit 1 %cuda-lint --quiet %s > %t.txt 2>&1
// RUN: FileCheck %s < %t.txt

// NOLINTBEGIN(cuda-launch-bounds-with-maxnreg)
// CHECK-DAG: nolint-unmatched.cu:[[@LINE-1]]:4: error: unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment [clang-tidy-nolint]
__global__ void __launch_bounds__(64) __maxnreg__(32) fail1() {}
// CHECK-DAG: nolint-unmatched.cu:[[@LINE-1]]:39: error: {{.*}} [cuda-launch-bounds-with-maxnreg]
