// A legacy pragma in a header is reported once at the header (the host and device sides, and
// two inclusions, give one finding), and not at all when the header filter excludes the
// header; a macro from the header is reported where it is used.
// RUN: not %cuda-lint --checks='-*,cuda-diag-pragma-legacy' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: not %cuda-lint --checks='-*,cuda-diag-pragma-legacy' --header-filter='^$' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FILTERED --implicit-check-not='{{warning|error}}:'
#include "Inputs/cuda-diag-pragma-legacy-header.h"
#include "Inputs/cuda-diag-pragma-legacy-header.h"
// CHECK: cuda-diag-pragma-legacy-header.h:3:1: warning: '#pragma diag_suppress' is not recognized by nvcc{{.*}} [cuda-diag-pragma-legacy]

__global__ void k(int *p) {
  LEGACY_IN_HEADER_MACRO
  // CHECK: cuda-diag-pragma-legacy-header.cu:[[@LINE-1]]:3: warning: '#pragma diag_warning' is not recognized by nvcc{{.*}} [cuda-diag-pragma-legacy]
  // FILTERED: cuda-diag-pragma-legacy-header.cu:[[@LINE-2]]:3: warning: '#pragma diag_warning' is not recognized by nvcc{{.*}} [cuda-diag-pragma-legacy]
  p[0] = 1;
}
// CHECK: 1 file, 2 findings
// FILTERED: 1 file, 1 finding
