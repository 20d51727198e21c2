// The clang-tidy plugin: the installed clang-tidy-22 loads
// build/lib/CudaLintTidyPlugin.so and runs the same cuda-* checks, including
// ones that need the kept CUDA attributes (maxnreg) registered by the plugin.
//
// The plugin carries no copy of clang-tidy: its registries and classes are
// the loading clang-tidy's.
// RUN: llvm-nm -D --defined-only -C %cuda-lint-plugin | FileCheck %s \
// RUN:   --check-prefix=NM \
// RUN:   --implicit-check-not='llvm::Registry<clang::tidy::ClangTidyModule>' \
// RUN:   --implicit-check-not='clang::tidy::ClangTidyCheck::diag(' \
// RUN:   --implicit-check-not='clang::tidy::ClangTidyContext::'
// NM: cuda_lint::createLaunchBoundsWithMaxnregCheck
//
// RUN: %clang-tidy --load=%cuda-lint-plugin --list-checks --checks='-*,cuda-*' \
// RUN:   | FileCheck %s --check-prefix=LIST
// LIST: cuda-launch-bounds-with-maxnreg
//
// Device side (clang-tidy runs the first offload job: sm_90).
// RUN: not %clang-tidy --load=%cuda-lint-plugin --checks='-*,cuda-*' %s -- \
// RUN:   -x cuda --cuda-path=%cuda-path --cuda-gpu-arch=sm_90 \
// RUN:   -Wno-unknown-cuda-version 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}: {{.*}}[cuda-'
// Host side.
// RUN: not %clang-tidy --load=%cuda-lint-plugin --checks='-*,cuda-*' %s -- \
// RUN:   -x cuda --cuda-path=%cuda-path --cuda-gpu-arch=sm_90 --cuda-host-only \
// RUN:   -Wno-unknown-cuda-version 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}: {{.*}}[cuda-'
//
// Without the plugin, clang-tidy knows no cuda-* check: nothing is reported.
// RUN: %clang-tidy --allow-no-checks --checks='-*,cuda-*' %s -- -x cuda --cuda-path=%cuda-path \
// RUN:   --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN-NOT: [cuda-launch-bounds-with-maxnreg]

#include <cuda_runtime.h>

__global__ void __launch_bounds__(128) __maxnreg__(32) fail1() {}
// CHECK: clang-tidy-plugin.cu:[[@LINE-1]]:40: error: kernel 'fail1' has both __launch_bounds__ and __maxnreg__{{.*}} [cuda-launch-bounds-with-maxnreg{{(,-warnings-as-errors)?}}]
// CHECK: clang-tidy-plugin.cu:[[@LINE-2]]:17: note: __launch_bounds__ is given here

__global__ void __launch_bounds__(256) correct2() {}
__global__ void __maxnreg__(64) correct3() {}
