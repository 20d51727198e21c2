// What nvcc rejects about __managed__ is still an error on an nvcc command:
// a __managed__ local variable ("an automatic __managed__ variable declaration
// is not allowed inside a device function body") and one that needs dynamic
// initialization ("dynamic initialization is not supported for a __managed__
// variable").
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s < %t.txt
// CHECK-DAG: nvcc-compat-managed-rejected.cu:[[@LINE+14]]:{{[0-9]+}}: error: dynamic initialization is not supported for __device__, __constant__, __shared__, and __managed__ variables [clang-diagnostic-error]
// CHECK-DAG: nvcc-compat-managed-rejected.cu:[[@LINE+17]]:{{[0-9]+}}: error: __constant__, __device__, and __managed__ are not allowed on non-static local variables [clang-diagnostic-error]
//
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -DCASE=1 %s -o /dev/null
// RUN: not %nvcc -arch=sm_90 -c -DCASE=2 %s -o /dev/null
#ifndef CASE
#define CASE 0
#endif
struct Ctor {
  int v;
  __host__ __device__ Ctor() : v(1) {}
};
#if CASE == 0 || CASE == 1
__managed__ Ctor made;
#endif
__global__ void k(int *p) {
#if CASE == 0 || CASE == 2
  __managed__ int local;
  p[0] = local;
#endif
}
