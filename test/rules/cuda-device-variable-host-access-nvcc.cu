// nvcc 13.0 and cuda-lint agree on the reads and writes by name: nvcc warns
// #20091 (read, also in the __host__ __device__ function) and #20092 (write),
// and the checker reports each. On `&counter` given to cudaMemcpy nvcc is
// silent; the checker reports it (the copy reads the host's shadow). The good
// file (the symbol API, __managed__, sizeof) is quiet for both.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-device-variable-host-access-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC --implicit-check-not='bad.cu(7)'
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-device-variable-host-access-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-QUIET --allow-empty
// RUN: not %cuda-lint --checks='-*,cuda-device-variable-host-access' %S/Inputs/cuda-device-variable-host-access-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-device-variable-host-access' %S/Inputs/cuda-device-variable-host-access-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(4): warning #20091-D: a __constant__ variable "coef" cannot be directly read in a host function
// NVCC: bad.cu(6): warning #20092-D: a __device__ variable "counter" cannot be directly written in a host function
// NVCC: bad.cu(8): warning #20091-D: a __device__ variable "counter" cannot be directly read in a host function
// NVCC-QUIET-NOT: {{warning|error}}
// LINT: bad.cu:4:{{[0-9]+}}: warning: host code reads __constant__ variable 'coef' by name
// LINT: bad.cu:6:{{[0-9]+}}: warning: host code writes __device__ variable 'counter' by name
// LINT: bad.cu:7:{{[0-9]+}}: warning: host code takes the address of __device__ variable 'counter'
// LINT: bad.cu:8:{{[0-9]+}}: warning: host code reads __device__ variable 'counter' by name
// QUIET: cuda-lint: 1 file, 0 findings
