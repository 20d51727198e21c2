// The options of cuda-restrict-partial: SingleUnqualified also reports the
// only unqualified pointer of a function; AnyPointeeType pointers of unrelated
// types.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: printf 'CheckOptions:\n  cuda-restrict-partial.SingleUnqualified: true\n  cuda-restrict-partial.AnyPointeeType: true\n' > %t/.cuda-lint.yaml
// RUN: not %cuda-lint --checks='-*,cuda-restrict-partial' %t/k.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ON --implicit-check-not='{{warning|error}}:'
// RUN: printf 'CheckOptions:\n  cuda-restrict-partial.SingleUnqualified: false\n' > %t/.cuda-lint.yaml
// RUN: %cuda-lint --checks='-*,cuda-restrict-partial' %t/k.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --implicit-check-not='{{warning|error}}:'
#include <cuda_runtime.h>

__global__ void single(const float *a, const float *__restrict__ b, float *__restrict__ c) {
  c[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
}
// ON: k.cu:[[@LINE-3]]:37: warning: pointer parameter 'a' of 'single' is not '__restrict__' while 'b' is [cuda-restrict-partial]

__global__ void types(const int *idx, float *out, const float *__restrict__ in) {
  out[threadIdx.x] = in[idx[threadIdx.x]];
}
// ON: k.cu:[[@LINE-3]]:34: warning: pointer parameter 'idx' of 'types' is not '__restrict__' while 'in' is{{.*}}[cuda-restrict-partial]
// ON: k.cu:[[@LINE-4]]:46: warning: pointer parameter 'out' of 'types' is not '__restrict__' while 'in' is{{.*}}[cuda-restrict-partial]

// OFF: cuda-lint: 1 file, 0 findings
