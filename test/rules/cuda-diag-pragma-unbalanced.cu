// RUN: %check-cuda-lint %s cuda-diag-pragma-unbalanced %t -- -- -I%S/Inputs --cuda-gpu-arch=sm_90
// Each file (this one, every header) must restore the diagnostic state it changes: a
// `nv_diagnostic push` needs its `pop` in the same file, a `nv_diag_suppress` outside any push
// its `nv_diag_default`. Checked on the host side and the device side (merged into one
// finding); _Pragma and macros count where they are used. The state of a file is only known at
// its end, so the positives come after the negatives they would otherwise swallow, and the
// unmatched push comes last.
#include <cuda_runtime.h>

// Headers: one that balances itself (twice, no guard), one that pushes and never pops, one whose
// suppression leaks. Each is reported once, at the header (the findings in headers are listed
// after those of the main file: their CHECK lines are at the end).
#include "cuda-diag-pragma-unbalanced-balanced.h"
#include "cuda-diag-pragma-unbalanced-balanced.h"
#include "cuda-diag-pragma-unbalanced-push.h"
#include "cuda-diag-pragma-unbalanced-leak.h"
// A pop here does not balance the header's push: each file is balanced on its own, and a pop
// without a push of its own file is not a finding.
#pragma nv_diagnostic pop

// Negatives: push / suppress / pop, suppress then default (a list, one by one), other pragmas.
#pragma nv_diagnostic push
#pragma nv_diag_suppress 177
static int correct1;
#pragma nv_diagnostic pop

#pragma nv_diag_suppress 177, 550
static int correct2;
#pragma nv_diag_default 177
#pragma nv_diag_default 550

#pragma nv_diag_suppress declared_but_not_referenced
static int correct3;
#pragma nv_diag_default declared_but_not_referenced

#pragma nv_diag_warning 550
#pragma nv_diag_error 20
#pragma diag_suppress 177
#pragma GCC diagnostic push

// Nested pushes popped in order, in a kernel.
__global__ void correct4(int *p) {
#pragma nv_diagnostic push
#pragma nv_diagnostic push
#pragma nv_diag_suppress 177
  int unused;
#pragma nv_diagnostic pop
#pragma nv_diag_suppress 550
#pragma nv_diagnostic pop
  p[0] = 1;
}

// The push and the pop from macros.
#define BEGIN_QUIET _Pragma("nv_diagnostic push") _Pragma("nv_diag_suppress 177")
#define END_QUIET _Pragma("nv_diagnostic pop")
BEGIN_QUIET
static int correct5;
END_QUIET

// Positives: a suppression never restored (at file scope, in a function, from a macro, a list
// with one restored), then an unmatched push.
#pragma nv_diag_suppress 177
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma nv_diag_suppress 177' is never restored in this file (no later 'nv_diag_default' and no enclosing 'nv_diagnostic push'/'pop'): the suppression leaks into everything compiled after it, including headers included later [cuda-diag-pragma-unbalanced]
static int fail1;

#pragma nv_diag_suppress 20, 550, 1234
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma nv_diag_suppress 1234, 20' is never restored in this file {{.*}} [cuda-diag-pragma-unbalanced]
#pragma nv_diag_default 550

__global__ void fail2(int *p) {
  #pragma nv_diag_suppress set_but_not_used
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: '#pragma nv_diag_suppress set_but_not_used' is never restored in this file {{.*}} [cuda-diag-pragma-unbalanced]
  p[0] = 1;
}

#define QUIET_FOREVER _Pragma("nv_diag_suppress 611")
QUIET_FOREVER
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma nv_diag_suppress 611' is never restored in this file {{.*}} [cuda-diag-pragma-unbalanced]

// Device-only code: the device side alone finds it.
#ifdef __CUDA_ARCH__
#pragma nv_diag_suppress 2361
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma nv_diag_suppress 2361' is never restored in this file {{.*}} [cuda-diag-pragma-unbalanced]
// CHECK-SIDES: :[[@LINE-2]]:1: {{.*}} sides=sm_90{{$}}
#endif

// An unmatched push (the outer of two): the suppression inside it is part of that finding.
#pragma nv_diagnostic push
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: '#pragma nv_diagnostic push' has no matching '#pragma nv_diagnostic pop' in this file: the diagnostic state it saves is never restored [cuda-diag-pragma-unbalanced]
// CHECK-SIDES: :[[@LINE-2]]:1: {{.*}} sides=host,sm_90{{$}}
#pragma nv_diagnostic push
#pragma nv_diag_suppress 177
#pragma nv_diagnostic pop
#pragma nv_diag_suppress 550

// The headers' findings.
// CHECK-MESSAGES: cuda-diag-pragma-unbalanced-leak.h:2:1: warning: '#pragma nv_diag_suppress 177' is never restored in this file {{.*}} [cuda-diag-pragma-unbalanced]
// CHECK-MESSAGES: cuda-diag-pragma-unbalanced-push.h:2:1: warning: '#pragma nv_diagnostic push' has no matching '#pragma nv_diagnostic pop' in this file: the diagnostic state it saves is never restored [cuda-diag-pragma-unbalanced]
