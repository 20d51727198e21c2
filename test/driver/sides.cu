// The host and device sides see different code; a finding only one side can
// see is reported, and a finding both sides see is reported once.
// RUN: not %cuda-lint --checks='-*,cuda-launch-bounds-with-maxnreg' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'

// Both sides: reported once.
__global__ void __launch_bounds__(128) __maxnreg__(32) both_sides() {}
// CHECK: sides.cu:[[@LINE-1]]:40: error: kernel 'both_sides' has both __launch_bounds__ and __maxnreg__; {{.*}} [cuda-launch-bounds-with-maxnreg]
// CHECK: note: __launch_bounds__ is given here

#ifdef __CUDA_ARCH__
// Device side only.
__global__ void __launch_bounds__(64) __maxnreg__(32) device_side_only() {}
// CHECK: sides.cu:[[@LINE-1]]:39: error: kernel 'device_side_only' has both
// CHECK: note: __launch_bounds__ is given here
#else
// Host side only.
__global__ void __launch_bounds__(256) __maxnreg__(64) host_side_only() {}
// CHECK: sides.cu:[[@LINE-1]]:40: error: kernel 'host_side_only' has both
// CHECK: note: __launch_bounds__ is given here
#endif
// CHECK: cuda-lint: 1 file, 3 findings (3 errors, 0 warnings), 0 compiler errors, 0 tool failures
