// A template kernel with a three-argument __launch_bounds__ (a template
// argument in each position) is analysed on every side without a crash, in
// the command line, the clang-tidy plugin and cuda-lint-clangd alike (the
// attribute handler used to hand clang a nameless attribute, whose
// diagnostic crashed the formatter).
// RUN: %cuda-lint --checks='-*,cuda-launch-bounds-invalid' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang-tidy --load=%cuda-lint-plugin --checks='-*,cuda-launch-bounds-invalid' %s -- \
// RUN:   -x cuda --cuda-path=%cuda-path --cuda-gpu-arch=sm_90 --cuda-host-only -Wno-unknown-cuda-version 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TIDY
#include <cuda_runtime.h>

template <int N> __global__ void __launch_bounds__(N, N, N) correct1(float *x) {}
template <int N> __global__ void __launch_bounds__(128, 1, N) correct2(float *x) {}
template __global__ void correct1<2>(float *);
void launch(float *x) { correct2<2><<<2, 128>>>(x); }

// CHECK: cuda-lint: 1 file, 0 findings
// TIDY-NOT: Stack dump
// TIDY-NOT: PLEASE submit a bug report
