// RUN: %check-cuda-lint %s cuda-shared-bank-conflict %t
// TODO: what this file tests. cuda-lint analyses the host side and the device side (sm_90
// unless the RUN line gives `-- -- --cuda-gpu-arch=sm_XX`) and merges them: say where the sides
// differ (code under #ifdef __CUDA_ARCH__; CHECK-SIDES lines check it), and add a RUN line with
// -check-suffixes=,SM80 and CHECK-MESSAGES-SM80 lines where an architecture changes the findings.
#include <cuda_runtime.h>

// TODO: the cases the rule reports, each with a CHECK-MESSAGES line under it
// (CHECK-NOTES lines instead where its notes matter; CHECK-FIXES for its fix-it).
__global__ void fail1(float *x) {
  // TODO: code that cuda-shared-bank-conflict reports
}
// CHECK-MESSAGES: :[[@LINE-3]]:17: warning: TODO the message of the finding [cuda-shared-bank-conflict]

// Negatives: close variants the rule must not report. No CHECK line: any finding fails.
__global__ void correct1(float *x) {
  // TODO: the correct version of fail1
}
