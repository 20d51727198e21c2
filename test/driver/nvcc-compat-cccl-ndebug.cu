// A Release build (-DNDEBUG) that includes CCCL, as ggml's CUDA backend does:
// nvcc accepts it, and cuda-lint shows no compiler error on its nvcc command.
// (cuda-lint once defined __NVCC__ for nvcc commands; CCCL then took its
// nvcc-only path and redeclared __assert_fail as __host__ __device__, which
// clang rejects.) The planted finding shows the AST is intact.
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory": "%t.d", "command": "/usr/local/cuda/bin/nvcc -arch=sm_90 -O3 -DNDEBUG -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint -p . k.cu > %t.txt 2>&1
// RUN: FileCheck %s --implicit-check-not='{{warning|error}}:' < %t.txt
// CHECK: k.cu:[[@LINE+8]]:{{[0-9]+}}: warning: __launch_bounds__ of kernel 'k' gives 2048 threads per block{{.*}} [cuda-launch-bounds-invalid]
// CHECK: cuda-lint: 1 file, 1 finding (0 errors, 1 warning), 0 compiler errors
//
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -DNDEBUG -c %s -o /dev/null
#include <cuda/std/cassert>
#include <cub/cub.cuh>

__global__ void __launch_bounds__(2048) k(int *p) { p[0] = cuda::std::min(p[1], 2); }
