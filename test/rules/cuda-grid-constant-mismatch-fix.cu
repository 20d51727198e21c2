// The fix-it of cuda-grid-constant-mismatch adds __grid_constant__ to the
// declarations lacking it; afterwards the rule finds nothing and nvcc 13.0
// accepts the fixed declarations. Applied through the clang-tidy plugin
// (clang-tidy's own fix-it machinery).
// REQUIRES: nvcc
// RUN: cp %S/Inputs/cuda-grid-constant-mismatch-fix.cu %t.cu
// RUN: %clang-tidy --load=%cuda-lint-plugin --checks='-*,cuda-grid-constant-mismatch' --fix-errors \
// RUN:   %t.cu -- -x cuda --cuda-path=%cuda-path --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version > %t.log 2>&1 || true
// RUN: FileCheck %s --input-file=%t.cu --check-prefix=FIXED
// RUN: not %cuda-lint --checks='-*,cuda-grid-constant-mismatch' %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AFTER --implicit-check-not='{{warning|error}}:'
// RUN: grep -v nonconst %t.cu > %t-nvcc.cu
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %t-nvcc.cu

// FIXED: __global__ void redecl(const __grid_constant__ Params p, int n);
// FIXED-NEXT: __global__ void redecl(__grid_constant__ const Params p, int n) {}
// FIXED: template <typename T> __global__ void spec(__grid_constant__ const T p) {}
// FIXED-NEXT: template <> __global__ void spec<Params>(const __grid_constant__ Params p) {}
// FIXED: template <typename T> __global__ void inst(const __grid_constant__ T p) {}
// FIXED-NEXT: template __global__ void inst<Params>(__grid_constant__ const Params p);
// FIXED: __global__ void nonconst(const __grid_constant__ Params p);
// FIXED-NEXT: __global__ void nonconst(Params p) {}

// Only the case without a fix-it is left.
// AFTER: :15:{{[0-9]+}}: error: parameter 'p' of kernel 'nonconst' is not __grid_constant__
