// Input of harness.test: strict notes that hold.
__global__ void __launch_bounds__(128) __maxnreg__(32) fail1() {}
// CHECK-NOTES: :[[@LINE-1]]:40: error: kernel 'fail1' has both __launch_bounds__ and __maxnreg__{{.*}} [cuda-launch-bounds-with-maxnreg]
// CHECK-NOTES: :[[@LINE-2]]:17: note: __launch_bounds__ is given here

__global__ void __launch_bounds__(128) correct1() {}
