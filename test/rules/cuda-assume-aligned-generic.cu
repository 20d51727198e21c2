// clang's "requested alignment is not a power of 2" is cuda-assume-aligned's only where the rule
// reports the line: for alignas(24) it stays clang's compiler error, and a disabled rule's
// finding leaves clang's error in place.
// RUN: not %cuda-lint --checks='-*,cuda-assume-aligned' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: not %cuda-lint --checks='-*,cuda-shared-initializer' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --implicit-check-not='{{warning|error}}:'

struct alignas(24) Odd { int x; };
// CHECK: cuda-assume-aligned-generic.cu:[[@LINE-1]]:8: error: requested alignment is not a power of 2 [clang-diagnostic-error]
// OFF: cuda-assume-aligned-generic.cu:[[@LINE-2]]:8: error: requested alignment is not a power of 2 [clang-diagnostic-error]

__device__ const float *f(const float *p) {
  return (const float *)__builtin_assume_aligned(p, 24);
  // CHECK: cuda-assume-aligned-generic.cu:[[@LINE-1]]:53: error: alignment 24 given to '__builtin_assume_aligned' is not a power of two [cuda-assume-aligned]
  // OFF: cuda-assume-aligned-generic.cu:[[@LINE-2]]:25: error: requested alignment is not a power of 2 [clang-diagnostic-error]
}
