// Input of harness.test: CHECK-SIDES, a finding of the device side alone and one of both sides.
#ifdef __CUDA_ARCH__
__global__ void __launch_bounds__(128) __maxnreg__(32) fail1() {}
#endif
// CHECK-MESSAGES: :[[@LINE-2]]:40: error: kernel 'fail1' has both
// CHECK-SIDES: :[[@LINE-3]]:40: error: kernel 'fail1' {{.*}} sides=sm_90{{$}}
__global__ void __launch_bounds__(128) __maxnreg__(32) fail2() {}
// CHECK-MESSAGES: :[[@LINE-1]]:40: error: kernel 'fail2' has both
// CHECK-SIDES: :[[@LINE-2]]:40: error: kernel 'fail2' {{.*}} sides=host,sm_90{{$}}
// CHECK-SIDES-WRONG: :[[@LINE-3]]:40: error: kernel 'fail2' {{.*}} sides=sm_90{{$}}
