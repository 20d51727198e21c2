// Input of harness.test: CHECK-NOTES, one note not expected.
__global__ void __launch_bounds__(128) __maxnreg__(32) fail1() {}
// CHECK-NOTES: :[[@LINE-1]]:40: error: kernel 'fail1' has both __launch_bounds__ and __maxnreg__
