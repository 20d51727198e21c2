// The nvcc macros come before the command's own flags, so a -U on the command
// wins over them; and an error in the nvcc branch is still shown, as nvcc
// shows it.
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory": "%t.d", "command": "/usr/local/cuda/bin/nvcc -arch=sm_90 -U__CUDACC_VER_MAJOR__ -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint -p . k.cu > %t.txt 2>&1
// RUN: FileCheck %s < %t.txt
// CHECK: k.cu:[[@LINE+8]]:2: error: "built without nvcc" [clang-diagnostic-error]
// RUN: %expect-exit 1 %cuda-lint %s > %t.plain.txt 2>&1
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain.txt
// PLAIN: nvcc-compat-macros-rejected.cu:[[@LINE+7]]:{{[0-9]+}}: error: use of undeclared identifier 'undeclared_in_nvcc_branch' [clang-diagnostic-error]
//
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c %s -o /dev/null
#ifndef __CUDACC_VER_MAJOR__
#error "built without nvcc"
#else
int f() { return undeclared_in_nvcc_branch; }
#endif
