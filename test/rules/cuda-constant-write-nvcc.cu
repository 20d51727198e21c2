// nvcc 13.0 and cuda-lint agree: on each store of the bad file nvcc warns
// "Cannot store to pointer that points to constant memory space" (ptxas-time
// warning, no error) and the checker reports it. A direct store to a scalar
// __constant__ nvcc even rejects ("expression must be a modifiable lvalue"):
// reported too. The good file (reads, stores to __device__ memory) is
// accepted silently and not reported.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-constant-write-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-constant-write-scalar.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-SCALAR
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-constant-write-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-QUIET --allow-empty
// RUN: not %cuda-lint --checks='-*,cuda-constant-write' %S/Inputs/cuda-constant-write-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: not %cuda-lint --checks='-*,cuda-constant-write' %S/Inputs/cuda-constant-write-scalar.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT-SCALAR --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-constant-write' %S/Inputs/cuda-constant-write-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(5): Warning: Cannot store to pointer that points to constant memory space
// NVCC: bad.cu(6): Warning: Cannot store to pointer that points to constant memory space
// NVCC: bad.cu(8): Warning: Cannot store to pointer that points to constant memory space
// NVCC: bad.cu(10): Warning: Cannot store to pointer that points to constant memory space
// NVCC-SCALAR: scalar.cu(3): error: expression must be a modifiable lvalue
// NVCC-QUIET-NOT: {{warning|error|Warning}}
// LINT: bad.cu:5:3: warning: device code stores to __constant__ variable 'coef'
// LINT: bad.cu:6:3: warning: device code stores to __constant__ variable 'params'
// LINT: bad.cu:8:3: warning: device code stores through 'p', which points into __constant__ variable 'coef'
// LINT: bad.cu:10:3: warning: device code stores through 'r', which points into __constant__ variable 'params'
// LINT-SCALAR: scalar.cu:3:3: warning: device code stores to __constant__ variable 'limit'
// QUIET: cuda-lint: 1 file, 0 findings
