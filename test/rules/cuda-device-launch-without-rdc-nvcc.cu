// nvcc 13.0 and cuda-lint agree: the bad file is rejected without -rdc=true and reported, and
// accepted with it (and then not reported); the good file is accepted and not reported.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-device-launch-without-rdc-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -rdc=true -c -o /dev/null %S/Inputs/cuda-device-launch-without-rdc-bad.cu
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-device-launch-without-rdc-good.cu
// RUN: not %cuda-lint --checks='-*,cuda-device-launch-without-rdc' %S/Inputs/cuda-device-launch-without-rdc-bad.cu -- -arch=sm_90 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-device-launch-without-rdc' %S/Inputs/cuda-device-launch-without-rdc-bad.cu -- -arch=sm_90 -rdc=true 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-device-launch-without-rdc' %S/Inputs/cuda-device-launch-without-rdc-good.cu -- -arch=sm_90 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'
// The rule disabled: clang's own error is still this rule's (nvcc rejects the code too).
// RUN: not %cuda-lint --checks='-*,cuda-launch-bounds-with-maxnreg' %S/Inputs/cuda-device-launch-without-rdc-bad.cu -- -arch=sm_90 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OWNED --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(4): error: kernel launch from __device__ or __global__ functions requires separate compilation mode
// LINT: bad.cu:4:39: error: kernel launch from __device__ or __global__ function requires relocatable device code (i.e. requires -fgpu-rdc) [cuda-device-launch-without-rdc]
// OWNED: bad.cu:4:{{[0-9]+}}: error: kernel launch from __device__ or __global__ function requires relocatable device code {{.*}}[cuda-device-launch-without-rdc]
// QUIET: cuda-lint: 1 file, 0 findings
