// nvcc 13.0 and cuda-lint agree. Without relocatable device code nvcc only
// warns (#20044) and makes each declaration a static shared variable: the
// checker reports them as errors. With -rdc=true nvcc is silent, and so is the
// checker (clang 22 with -fgpu-rdc accepts them too). The good file is quiet
// everywhere.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-dynamic-shared-declaration-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -rdc=true -c -o /dev/null %S/Inputs/cuda-dynamic-shared-declaration-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-QUIET --allow-empty
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-dynamic-shared-declaration-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-QUIET --allow-empty
// RUN: not %cuda-lint --checks='-*,cuda-dynamic-shared-declaration' %S/Inputs/cuda-dynamic-shared-declaration-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-dynamic-shared-declaration' %S/Inputs/cuda-dynamic-shared-declaration-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// An nvcc -rdc=true compile database: no finding, no compiler error.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %S/Inputs/cuda-dynamic-shared-declaration-bad.cu %t/bad.cu
// RUN: printf '[{"directory": "%t", "file": "bad.cu", "command": "nvcc -arch=sm_90 -rdc=true -c bad.cu"}]' > %t/compile_commands.json
// RUN: %cuda-lint --checks='-*,cuda-dynamic-shared-declaration' -p %t %t/bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(3): warning #20044-D: extern declaration of the entity p is treated as a static definition
// NVCC: bad.cu(4): warning #20044-D: extern declaration of the entity s is treated as a static definition
// NVCC: bad.cu(5): warning #20044-D: extern declaration of the entity sized is treated as a static definition
// NVCC-QUIET-NOT: {{warning|error}}
// LINT: bad.cu:3:{{[0-9]+}}: error: extern __shared__ variable 'p' {{.*}} [cuda-dynamic-shared-declaration]
// LINT: bad.cu:4:{{[0-9]+}}: error: extern __shared__ variable 's' {{.*}} [cuda-dynamic-shared-declaration]
// LINT: bad.cu:5:{{[0-9]+}}: error: extern __shared__ variable 'sized' {{.*}} [cuda-dynamic-shared-declaration]
// clang also reports each use of a declaration it rejected (as a host variable):
// LINT: bad.cu:6:{{[0-9]+}}: error: reference to __host__ variable 'p' in __global__ function
// LINT: bad.cu:6:{{[0-9]+}}: error: reference to __host__ variable 's' in __global__ function
// LINT: bad.cu:6:{{[0-9]+}}: error: reference to __host__ variable 'sized' in __global__ function
// QUIET: cuda-lint: 1 file, 0 findings
