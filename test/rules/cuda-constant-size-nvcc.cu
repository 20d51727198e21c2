// nvcc 13.0 and cuda-lint agree at the byte: 40000 + 25537 bytes of
// __constant__ data fail in ptxas ("File uses too much global constant data
// (0x10001 bytes, 0x10000 max)") and are reported; 40000 + 25536 (exactly
// 64 KiB) build and are not reported.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-constant-size-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-constant-size-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-QUIET --allow-empty
// RUN: not %cuda-lint --checks='-*,cuda-constant-size' %S/Inputs/cuda-constant-size-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-constant-size' %S/Inputs/cuda-constant-size-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC: ptxas error   : File uses too much global constant data (0x10001 bytes, 0x10000 max)
// NVCC-QUIET-NOT: {{warning|error}}
// LINT: bad.cu:2:19: error: the __constant__ variables of this translation unit total 65537 bytes, more than the 65536 bytes of constant memory (2 variables; ptxas rejects the file)
// QUIET: cuda-lint: 1 file, 0 findings
