// Input of harness.test: CHECK-MESSAGES and CHECK-NOTES for one prefix.
__global__ void __launch_bounds__(128) __maxnreg__(32) fail1() {}
// CHECK-MESSAGES: :[[@LINE-1]]:40: error: kernel 'fail1'
// CHECK-NOTES: :[[@LINE-2]]:17: note: __launch_bounds__ is given here
