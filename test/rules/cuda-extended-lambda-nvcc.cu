// nvcc 13.0 and cuda-lint agree: the bad file is rejected without --extended-lambda and
// reported on that nvcc command, accepted with the flag and then not reported; the good file
// is accepted and not reported. On a clang command (clang accepts it) nothing is reported.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-extended-lambda-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 --extended-lambda -c -o /dev/null %S/Inputs/cuda-extended-lambda-bad.cu
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-extended-lambda-good.cu
// RUN: %expect-exit 1 %cuda-lint --checks='-*,cuda-extended-lambda' %S/Inputs/cuda-extended-lambda-bad.cu -- -arch=sm_90 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-extended-lambda' %S/Inputs/cuda-extended-lambda-bad.cu -- -arch=sm_90 --extended-lambda 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-extended-lambda' %S/Inputs/cuda-extended-lambda-bad.cu -- --cuda-gpu-arch=sm_90 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-extended-lambda' %S/Inputs/cuda-extended-lambda-good.cu -- -arch=sm_90 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(5): error: __host__ or __device__ annotation on lambda requires --extended-lambda nvcc flag
// LINT: bad.cu:5:16: warning: __device__ lambda requires nvcc's --extended-lambda flag, which the compile command lacks [cuda-extended-lambda]
// QUIET: cuda-lint: 1 file, 0 findings
