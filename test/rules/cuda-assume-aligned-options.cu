// The option RequireLiteral (default false) of cuda-assume-aligned, from .cuda-lint.yaml: with
// it, an alignment that is not an integer literal is a finding too (at warning severity), also
// when it is a power of two; without it, only values that are not powers of two are.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: printf 'CheckOptions:\n  cuda-assume-aligned.RequireLiteral: true\n' > %t/.cuda-lint.yaml
// RUN: not %cuda-lint --checks='-*,cuda-assume-aligned' %t/k.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=COMMON,ON --implicit-check-not='{{warning|error}}:'
// RUN: printf 'CheckOptions:\n  cuda-assume-aligned.RequireLiteral: false\n' > %t/.cuda-lint.yaml
// RUN: not %cuda-lint --checks='-*,cuda-assume-aligned' %t/k.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMMON --implicit-check-not='{{warning|error}}:'

constexpr int kAlign = 16;
template <int A> __device__ const float *aligned(const float *p) {
  return (const float *)__builtin_assume_aligned(p, A);
  // ON: k.cu:[[@LINE-1]]:53: warning: alignment given to '__builtin_assume_aligned' is not an integer literal [cuda-assume-aligned]
}
__global__ void k(const float *p, float *out) {
  const float *a = (const float *)__builtin_assume_aligned(p, 16);
  const float *b = (const float *)__builtin_assume_aligned(p, kAlign);
  // ON: k.cu:[[@LINE-1]]:63: warning: alignment given to '__builtin_assume_aligned' is not an integer literal [cuda-assume-aligned]
  const float *c = (const float *)__builtin_assume_aligned(p, sizeof(float4));
  // ON: k.cu:[[@LINE-1]]:63: warning: alignment given to '__builtin_assume_aligned' is not an integer literal [cuda-assume-aligned]
  const float *d = (const float *)__builtin_assume_aligned(p, kAlign * 3);
  // COMMON: k.cu:[[@LINE-1]]:63: error: alignment 48 given to '__builtin_assume_aligned' is not a power of two [cuda-assume-aligned]
  out[0] = a[0] + b[0] + c[0] + d[0] + aligned<8>(p)[0];
}
