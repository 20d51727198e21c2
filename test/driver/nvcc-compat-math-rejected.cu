// The host math declarations of the nvcc compatibility header are those
// nvcc's headers give, no more: a call nvcc rejects still fails (a device-only
// function such as norm3df called from host code, isfinite on a type with no
// overload), on the nvcc command as on nvcc itself.
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s < %t.txt
// CHECK-DAG: nvcc-compat-math-rejected.cu:[[@LINE+12]]:{{[0-9]+}}: error: {{.*}}'norm3df'{{.*}} [clang-diagnostic-error]
// CHECK-DAG: nvcc-compat-math-rejected.cu:[[@LINE+12]]:{{[0-9]+}}: error: no matching function for call to 'isfinite' [clang-diagnostic-error]
//
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -DCASE=1 %s -o /dev/null
// RUN: not %nvcc -arch=sm_90 -c -DCASE=2 %s -o /dev/null
#include <cmath>
#ifndef CASE
#define CASE 0
#endif
struct NotANumber {};
float host_only(float x) {
  if (CASE == 0 || CASE == 1) x += norm3df(x, x, x);
  if (CASE == 0 || CASE == 2) x += isfinite(NotANumber{}) ? 1 : 0;
  return x;
}
