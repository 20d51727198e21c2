// nvcc 13.0 and cuda-lint agree: the bad file is rejected and reported, the good one
// accepted and not reported. TODO: for a rule nvcc accepts with a warning (or silently
// miscompiles), check that warning on the bad file and drop the `not` of its nvcc line.
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-device-launch-without-rdc-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC
// RUN: %nvcc -arch=sm_90 -c -o /dev/null %S/Inputs/cuda-device-launch-without-rdc-good.cu
// RUN: not %cuda-lint --checks='-*,cuda-device-launch-without-rdc' %S/Inputs/cuda-device-launch-without-rdc-bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINT --implicit-check-not='{{warning|error}}:'
// RUN: %cuda-lint --checks='-*,cuda-device-launch-without-rdc' %S/Inputs/cuda-device-launch-without-rdc-good.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='{{warning|error}}:'

// NVCC: bad.cu({{[0-9]+}}): error: TODO nvcc's message
// LINT: bad.cu:{{[0-9]+}}:{{[0-9]+}}: error: TODO the message of the finding [cuda-device-launch-without-rdc]
// QUIET: cuda-lint: 1 file, 0 findings
