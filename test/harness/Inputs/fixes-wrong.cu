// Input of harness.test: a CHECK-FIXES line the fix-it does not produce.
struct Params { float scale[16]; int n; };

__global__ void fail1(const __grid_constant__ Params p, int n);
__global__ void fail1(const Params p, int n) {}
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: parameter 'p' of kernel 'fail1' is not __grid_constant__
// CHECK-FIXES: __global__ void fail1(const __grid_constant__ Params p, int n) {}
