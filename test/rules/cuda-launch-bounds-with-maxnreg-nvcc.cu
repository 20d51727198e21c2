// nvcc 13.0 and cuda-lint agree: the bad file is rejected and reported, the
// good one accepted and not reported.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-launch-bounds-with-maxnreg-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-launch-bounds-with-maxnreg-good.cu
// RUN: not %cuda-lint --checks='-*,cuda-launch-bounds-with-maxnreg' %S/Inputs/cuda-launch-bounds-with-maxnreg-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-launch-bounds-with-maxnreg' %S/Inputs/cuda-launch-bounds-with-maxnreg-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu(2): error: The __launch_bounds__ and __maxnreg__ qualifiers cannot be applied to the same kernel
// NVCC: bad.cu(5): error: The __launch_bounds__ and __maxnreg__ qualifiers cannot be applied to the same kernel
// NVCC: bad.cu(8): error: The __launch_bounds__ and __maxnreg__ qualifiers cannot be applied to the same kernel

// LINT: bad.cu:2:{{[0-9]+}}: error: kernel 'both' has both __launch_bounds__ and __maxnreg__
// LINT: bad.cu:5:{{[0-9]+}}: error: kernel 'split' has both __launch_bounds__ and __maxnreg__
// LINT: bad.cu:8:{{[0-9]+}}: error: kernel 'spec<float>' has both __launch_bounds__ and __maxnreg__
// QUIET: cuda-lint: {{[0-9]+}} file{{s?}}, 0 findings
