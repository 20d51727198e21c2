// Input of harness.test: a fix-it, the fixed line, and what the re-lint still reports.
struct Params { float scale[16]; int n; };

__global__ void fail1(const __grid_constant__ Params p, int n);
__global__ void fail1(const Params p, int n) {}
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: parameter 'p' of kernel 'fail1' is not __grid_constant__ in this declaration but in an earlier one{{.*}} [cuda-grid-constant-mismatch]
// CHECK-FIXES: __global__ void fail1(__grid_constant__ const Params p, int n) {}

// No fix-it: the annotation alone would make a non-const parameter invalid.
__global__ void fail2(const __grid_constant__ Params p);
__global__ void fail2(Params p) {}
// CHECK-MESSAGES: :[[@LINE-1]]:30: error: parameter 'p' of kernel 'fail2' is not __grid_constant__
// CHECK-FIXES: __global__ void fail2(Params p) {}
// CHECK-RELINT: :[[@LINE-3]]:30: error: parameter 'p' of kernel 'fail2' is not __grid_constant__
