// A clang error that a rule owns (front matter `clang-diagnostics:`) belongs to
// the rule whether the rule is enabled or not; a disabled rule must not bring
// it back as [clang-diagnostic-error]. With the rule off, on an nvcc command,
// the error is gone unless nvcc rejects the code too (front matter
// `nvcc-rejects:`): then it is shown once, under the rule's name.
//  - `__shared__ int s = 1;`: nvcc errors "initializer not allowed for
//    __shared__ variable": shown as [cuda-shared-initializer];
//  - `__shared__ Counter c;` (a constructor): nvcc only warns (#20054): gone;
//  - a non-const __grid_constant__ parameter: nvcc errors: shown as
//    [cuda-grid-constant-invalid].
// RUN: %expect-exit 1 %cuda-lint --checks='-*,cuda-kernel-launch-unchecked' %s > %t.off.txt 2>&1
// RUN: FileCheck %s --check-prefix=OFF --implicit-check-not='{{warning|error}}:' < %t.off.txt
// OFF: owned-diagnostics-disabled.cu:[[@LINE+28]]:{{[0-9]+}}: error: initialization is not supported for __shared__ variables [cuda-shared-initializer]
// OFF: owned-diagnostics-disabled.cu:[[@LINE+32]]:{{[0-9]+}}: error: __grid_constant__ is only allowed on const-qualified kernel parameters [cuda-grid-constant-invalid]
// OFF: cuda-lint: 1 file, 2 findings (2 errors, 0 warnings), 0 compiler errors
//
// Enabled, each is the rule's own finding, once.
// RUN: %expect-exit 1 %cuda-lint --checks='-*,cuda-shared-initializer,cuda-grid-constant-invalid' %s > %t.on.txt 2>&1
// RUN: FileCheck %s --check-prefix=ON --implicit-check-not='{{warning|error}}:' < %t.on.txt
// ON-DAG: owned-diagnostics-disabled.cu:[[@LINE+26]]:{{[0-9]+}}: error: __grid_constant__ parameter 'p'{{.*}} [cuda-grid-constant-invalid]
// ON-DAG: owned-diagnostics-disabled.cu:[[@LINE+20]]:{{[0-9]+}}: error: __shared__ variable 's' has an initializer{{.*}} [cuda-shared-initializer]
// ON-DAG: owned-diagnostics-disabled.cu:[[@LINE+20]]:{{[0-9]+}}: error: __shared__ variable 'c' of type 'Counter'{{.*}} [cuda-shared-initializer]
// ON: cuda-lint: 1 file, 3 findings (3 errors, 0 warnings), 0 compiler errors
//
// On a clang command, clang is the project's compiler: a disabled rule's
// owned errors all stay, under the rule's name.
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory": "%t.d", "command": "clang++ -x cuda --cuda-gpu-arch=sm_90 -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint --checks='-*,cuda-kernel-launch-unchecked' -p . k.cu > %t.clang.txt 2>&1
// RUN: FileCheck %s --check-prefix=CLANG --implicit-check-not='{{warning|error}}:' < %t.clang.txt
// CLANG: k.cu:{{[0-9]+}}:{{[0-9]+}}: error: initialization is not supported for __shared__ variables [cuda-shared-initializer]
// CLANG: k.cu:{{[0-9]+}}:{{[0-9]+}}: error: initialization is not supported for __shared__ variables [cuda-shared-initializer]
// CLANG: k.cu:{{[0-9]+}}:{{[0-9]+}}: error: __grid_constant__ is only allowed on const-qualified kernel parameters [cuda-grid-constant-invalid]

struct Counter {
  int v;
  __device__ Counter() : v(0) {}
};

__global__ void init(int *p) {
  __shared__ int s = 1;
  __shared__ Counter c;
  p[0] = s + c.v;
}

__global__ void grid(__grid_constant__ int p, int *q) { q[0] = p; }
