// The option CheckFunctions of cuda-kernel-launch-unchecked: functions and
// macros that check the last launch although their bodies are in another
// translation unit.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: not %cuda-lint --checks='-*,cuda-kernel-launch-unchecked' %t/k.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,NOOPT --implicit-check-not='{{warning|error}}:'
// RUN: printf 'CheckOptions:\n  cuda-kernel-launch-unchecked.CheckFunctions: "KERNEL_LAUNCH_CHECK; check_last, proj::verify"\n' > %t/.cuda-lint.yaml
// RUN: not %cuda-lint --checks='-*,cuda-kernel-launch-unchecked' %t/k.cu 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
#include <cuda_runtime.h>

// Defined in another translation unit of the project.
void check_last(const char *file, int line);
void report_failure(const char *file, int line);
namespace proj { void verify(); }
#define KERNEL_LAUNCH_CHECK() report_failure(__FILE__, __LINE__)

__global__ void k(float *x) {}

static void configured1(float *x) {
  k<<<1, 32>>>(x);
  // NOOPT: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'configured1'
  check_last(__FILE__, __LINE__);
}
static void configured2(float *x) {
  k<<<1, 32>>>(x);
  // NOOPT: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'configured2'
  KERNEL_LAUNCH_CHECK();
}
static void configured3(float *x) {
  k<<<1, 32>>>(x);
  // NOOPT: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'configured3'
  proj::verify();
}
// Named neither as a function nor as a macro: still unchecked.
static void fail1(float *x) {
  k<<<1, 32>>>(x);
  // CHECK: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'fail1' calls cudaGetLastError() [cuda-kernel-launch-unchecked]
  report_failure(__FILE__, __LINE__);
}
// The configured check before the launch does not check it.
static void fail2(float *x) {
  check_last(__FILE__, __LINE__);
  k<<<1, 32>>>(x);
  // CHECK: :[[@LINE-1]]:3: warning: launch of 'k' is not checked for errors: nothing after it in 'fail2'
}
