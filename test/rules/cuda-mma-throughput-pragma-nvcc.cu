// What nvcc 13.0 does with #pragma nv_mma_throughput: it does not recognize it anywhere. In a
// __device__ function and in a kernel alike it warns #20199 ("unrecognized #pragma in device
// code"); at file scope it is silent. The checker follows the rule's placement: it reports the
// bad file's two pragmas (file scope, __device__ function) and not the kernel's.
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-mma-throughput-pragma-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-BAD
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-mma-throughput-pragma-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC-GOOD
// RUN: not %cuda-lint --checks='-*,cuda-mma-throughput-pragma' %S/Inputs/cuda-mma-throughput-pragma-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-mma-throughput-pragma' %S/Inputs/cuda-mma-throughput-pragma-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'

// NVCC-BAD-NOT: bad.cu(3)
// NVCC-BAD: bad.cu(5): warning #20199-D: unrecognized #pragma in device code
// NVCC-GOOD: good.cu(4): warning #20199-D: unrecognized #pragma in device code
// LINT: bad.cu:3:1: warning: '#pragma nv_mma_throughput' outside the body of a __global__ function is ignored [cuda-mma-throughput-pragma]
// LINT: bad.cu:5:1: warning: '#pragma nv_mma_throughput' outside the body of a __global__ function is ignored [cuda-mma-throughput-pragma]
// QUIET: cuda-lint: 1 file, 0 findings
