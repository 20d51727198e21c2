// Cross-side findings (cuda-host-device-layout-mismatch: the host side's facts
// against a device side's, compared when the unit's sides are merged) obey
// NOLINT, NOLINTNEXTLINE, NOLINTBEGIN/NOLINTEND, the header filter and
// baselines exactly as per-side findings do.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu && cp %S/Inputs/cross-side/layout.cuh %t/
// RUN: cd %t && %expect-exit 1 %cuda-lint --no-cache --checks='-*,cuda-host-device-layout-mismatch,cuda-shared-initializer' k.cu > %t/all.txt 2>&1
// RUN: FileCheck %s --implicit-check-not='error:' < %t/all.txt
// CHECK-DAG: layout.cuh:9:{{[0-9]+}}: error: the layout of 'HeaderParams'{{.*}} [cuda-host-device-layout-mismatch]
// CHECK-DAG: k.cu:[[@LINE+31]]:{{[0-9]+}}: error: the layout of 'Params', type of parameter 'p' of kernel 'reported'{{.*}} [cuda-host-device-layout-mismatch]
// CHECK-DAG: k.cu:[[@LINE+31]]:{{[0-9]+}}: error: the layout of 'Params', type of parameter 'p' of kernel 'other_rule_nolint'{{.*}} [cuda-host-device-layout-mismatch]
// CHECK-DAG: k.cu:[[@LINE+48]]:{{[0-9]+}}: error: __shared__ variable 's'{{.*}} [cuda-shared-initializer]
// CHECK: 4 findings (4 errors, 0 warnings)
//
// The header filter: a header it does not select has no finding, per-side or
// cross-side; the main file always has.
// RUN: cd %t && %expect-exit 1 %cuda-lint --no-cache --checks='-*,cuda-host-device-layout-mismatch' --header-filter='^$' k.cu > %t/filtered.txt 2>&1
// RUN: FileCheck %s --check-prefix=FILTER --implicit-check-not='error:' < %t/filtered.txt
// FILTER-DAG: k.cu:[[@LINE+22]]:{{[0-9]+}}: error: {{.*}}'reported'{{.*}} [cuda-host-device-layout-mismatch]
// FILTER-DAG: k.cu:[[@LINE+22]]:{{[0-9]+}}: error: {{.*}}'other_rule_nolint'{{.*}} [cuda-host-device-layout-mismatch]
// FILTER: 2 findings
//
// Baselines: the findings recorded are not reported again, a new one is.
// RUN: cd %t && %expect-exit 1 %cuda-lint --no-cache --quiet --checks='-*,cuda-host-device-layout-mismatch' --write-baseline=%t/base.json k.cu
// RUN: cd %t && %cuda-lint --no-cache --checks='-*,cuda-host-device-layout-mismatch' --baseline=%t/base.json k.cu 2>&1 | FileCheck %s --check-prefix=BASE --implicit-check-not='error:'
// BASE: 0 findings
// RUN: sed -i 's/^__global__ void fresh(int n) {}$/__global__ void fresh(Params p) {}/' %t/k.cu
// RUN: cd %t && %expect-exit 1 %cuda-lint --no-cache --checks='-*,cuda-host-device-layout-mismatch' --baseline=%t/base.json k.cu 2>&1 | FileCheck %s --check-prefix=NEW --implicit-check-not='error:'
// NEW: k.cu:[[@LINE+23]]:{{[0-9]+}}: error: {{.*}}'fresh'{{.*}} [cuda-host-device-layout-mismatch]
// NEW: 1 finding

#include "layout.cuh"

struct Params {
  int n;
#ifdef __CUDA_ARCH__
  int scratch;
#endif
  float scale;
};
__global__ void reported(Params p) {}
__global__ void other_rule_nolint(Params p) {} // NOLINT(cuda-shared-initializer)
__global__ void nolint(Params p) {} // NOLINT
__global__ void nolint_rule(Params p) {} // NOLINT(cuda-host-device-layout-mismatch)
// NOLINTNEXTLINE(cuda-host-device-layout-mismatch)
__global__ void nolint_next(Params p) {}
// NOLINTBEGIN(cuda-host-device-layout-*)
__global__ void in_block1(Params p) {}
__global__ void in_block2(int n,
                          Params p) {}
// NOLINTEND(cuda-host-device-layout-*)
__global__ void fresh(int n) {}

// A per-side finding beside them, for comparison.
struct Counter {
  int v;
  __device__ Counter() : v(0) {}
};
__global__ void per_side(int *out) {
  __shared__ Counter s;
  out[0] = s.v;
}
