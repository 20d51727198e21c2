// Input of harness.test: CHECK-MESSAGES, one finding not expected (its note is not checked).
__global__ void __launch_bounds__(128) __maxnreg__(32) fail1() {}
// CHECK-MESSAGES: :[[@LINE-1]]:40: error: kernel 'fail1' has both __launch_bounds__ and __maxnreg__
__global__ void __launch_bounds__(64) __maxnreg__(16) fail2() {}
