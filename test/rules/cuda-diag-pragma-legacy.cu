// RUN: %check-cuda-lint %s cuda-diag-pragma-legacy %t
// The diagnostic pragmas without the `nv_` prefix, at file scope and in function bodies, on the
// host side and the device side (one finding each: the sides are merged), written as #pragma
// and as _Pragma, directly and from a macro. The fix-it inserts `nv_` in front of the name,
// also inside a _Pragma string (in the macro's definition). The header forms are in
// cuda-diag-pragma-legacy-header.cu.
#include <cuda_runtime.h>

// File scope: nvcc 13.0 ignores these silently.
#pragma diag_suppress 177
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma diag_suppress' is not recognized by nvcc: the diagnostic it names is not suppressed; use '#pragma nv_diag_suppress' [cuda-diag-pragma-legacy]
// CHECK-FIXES: {{^}}#pragma nv_diag_suppress 177{{$}}
static int fail1;

#pragma diag_warning 550
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma diag_warning' is not recognized by nvcc: the diagnostic it names is not made a warning; use '#pragma nv_diag_warning' [cuda-diag-pragma-legacy]
// CHECK-FIXES: {{^}}#pragma nv_diag_warning 550{{$}}
  #   pragma   diag_error   20
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '#pragma diag_error' is not recognized by nvcc: the diagnostic it names is not made an error; {{.*}} [cuda-diag-pragma-legacy]
// CHECK-FIXES: {{^}}  #   pragma   nv_diag_error   20{{$}}
#pragma diag_once 177
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma diag_once' is not recognized by nvcc: the diagnostic it names is not reported once; use '#pragma nv_diag_once' [cuda-diag-pragma-legacy]
// CHECK-FIXES: {{^}}#pragma nv_diag_once 177{{$}}
#pragma diag_default 177, 550
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma diag_default' is not recognized by nvcc: the diagnostic it names is not restored to its default; use '#pragma nv_diag_default' [cuda-diag-pragma-legacy]
// CHECK-FIXES: {{^}}#pragma nv_diag_default 177, 550{{$}}

// In a kernel body (nvcc 13.0: warning #20199 "unrecognized #pragma in device code") and in a
// host function.
__global__ void fail2(int *p) {
#pragma diag_suppress 177
  // CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma diag_suppress' is not recognized by nvcc{{.*}} [cuda-diag-pragma-legacy]
  // CHECK-FIXES: {{^}}#pragma nv_diag_suppress 177{{$}}
  int unused;
  p[0] = 1;
}
void fail3() {
  #pragma diag_suppress declared_but_not_referenced
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '#pragma diag_suppress' is not recognized by nvcc{{.*}} [cuda-diag-pragma-legacy]
  // CHECK-FIXES: {{^}}  #pragma nv_diag_suppress declared_but_not_referenced{{$}}
  int unused;
}

// Device-only code (under __CUDA_ARCH__): found on the device side alone.
#ifdef __CUDA_ARCH__
#pragma diag_suppress 550
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma diag_suppress' is not recognized by nvcc{{.*}} [cuda-diag-pragma-legacy]
// CHECK-FIXES: {{^}}#pragma nv_diag_suppress 550{{$}}
#endif

// _Pragma, directly and from a macro: the finding is at the use, the fix in the string.
_Pragma("diag_suppress 177")
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma diag_suppress' is not recognized by nvcc{{.*}} [cuda-diag-pragma-legacy]
// CHECK-FIXES: {{^}}_Pragma("nv_diag_suppress 177"){{$}}
#define SUPPRESS_UNUSED _Pragma("diag_suppress 177")
// CHECK-FIXES: {{^}}#define SUPPRESS_UNUSED _Pragma("nv_diag_suppress 177"){{$}}
__device__ void fail4() {
  SUPPRESS_UNUSED
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '#pragma diag_suppress' is not recognized by nvcc{{.*}} [cuda-diag-pragma-legacy]
  int unused;
}
// A _Pragma string with escapes: reported, no fix-it (the string is not copied into the buffer
// clang lexes one to one).
_Pragma("diag_suppress \x31\x37\x37")
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma diag_suppress' is not recognized by nvcc{{.*}} [cuda-diag-pragma-legacy]
// CHECK-FIXES: {{^}}_Pragma("diag_suppress \x31\x37\x37"){{$}}

// Negatives: the nv_ forms, other pragmas, names that only start like the legacy ones, code
// that is not compiled, the pragma's name in a comment or string.
#pragma nv_diag_suppress 177
#pragma nv_diag_warning 550
#pragma nv_diag_error 20
#pragma nv_diag_default 177
#pragma nv_diag_once 177
#pragma nv_diagnostic push
#pragma nv_diagnostic pop
#pragma diag_suppressed 177
#pragma my_diag_suppress 177
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma clang diagnostic ignored "-Wunused-variable"
#pragma once_only
_Pragma("nv_diag_suppress 177")
#if 0
#pragma diag_suppress 177
#endif
// #pragma diag_suppress 177
const char *correct1 = "#pragma diag_suppress 177";
__global__ void correct2(int *p) {
#pragma nv_diag_suppress 177
  int unused;
  p[0] = 1;
}
