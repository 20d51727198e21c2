// RUN: %check-cuda-lint %s cuda-grid-constant-ignored,cuda-grid-constant-invalid %t
// RUN: %check-cuda-lint -check-suffixes=IGN %s cuda-grid-constant-ignored %t-ign
// RUN: %check-cuda-lint -check-suffixes=INV %s cuda-grid-constant-invalid %t-inv
// __grid_constant__ on __tile_global__ parameters, with both rules that own clang's message
// "__grid_constant__ is only allowed on const-qualified kernel parameters" (which clang gives on
// both sides, since __tile_global__ is unknown to it): a valid tile parameter is
// cuda-grid-constant-ignored's (with both rules, with that rule alone), and never
// cuda-grid-constant-invalid's (with that rule alone, nothing at all: no clang error either);
// an invalid one (non-const, reference) and a host function's are cuda-grid-constant-invalid's.

struct Params { float scale[4]; int n; };

__tile_global__ void fail1(const __grid_constant__ Params p) {}
// CHECK-MESSAGES: :[[@LINE-1]]:34: warning: __grid_constant__ on parameter 'p' of __tile_global__ function 'fail1' is ignored; tile kernels take no __grid_constant__ parameters [cuda-grid-constant-ignored]
// CHECK-MESSAGES-IGN: :[[@LINE-2]]:34: warning: __grid_constant__ on parameter 'p' of __tile_global__ function 'fail1' is ignored; {{.*}} [cuda-grid-constant-ignored]
// CHECK-SIDES: :[[@LINE-3]]:34: {{.*}} sides=host,sm_90{{$}}

#define GRID_CONST __grid_constant__
__tile_global__ void fail2(int n, const GRID_CONST int k) {}
// CHECK-MESSAGES: :[[@LINE-1]]:41: warning: __grid_constant__ on parameter 'k' of __tile_global__ function 'fail2' is ignored; {{.*}} [cuda-grid-constant-ignored]
// CHECK-MESSAGES-IGN: :[[@LINE-2]]:41: warning: __grid_constant__ on parameter 'k' {{.*}} [cuda-grid-constant-ignored]

template <class T> __tile_global__ void fail3(const __grid_constant__ T p) {}
// CHECK-MESSAGES: :[[@LINE-1]]:53: warning: __grid_constant__ on parameter 'p' of __tile_global__ function 'fail3<Params>' is ignored; {{.*}} [cuda-grid-constant-ignored]
// CHECK-MESSAGES-IGN: :[[@LINE-2]]:53: warning: __grid_constant__ on parameter 'p' of __tile_global__ function 'fail3<Params>' {{.*}} [cuda-grid-constant-ignored]
template __tile_global__ void fail3<Params>(const Params p);

// Invalid on a tile kernel too (nvcc 13.0 rejects these): cuda-grid-constant-invalid's.
__tile_global__ void fail4(__grid_constant__ Params p) {}
// CHECK-MESSAGES: :[[@LINE-1]]:28: error: __grid_constant__ parameter 'p' of kernel 'fail4' has type 'Params', which is not const-qualified [cuda-grid-constant-invalid]
// CHECK-MESSAGES-INV: :[[@LINE-2]]:28: error: __grid_constant__ parameter 'p' of kernel 'fail4' has type 'Params', which is not const-qualified [cuda-grid-constant-invalid]
__tile_global__ void fail5(const __grid_constant__ Params &p) {}
// CHECK-MESSAGES: :[[@LINE-1]]:34: error: __grid_constant__ parameter 'p' of kernel 'fail5' has reference type 'const Params &'{{.*}} [cuda-grid-constant-invalid]
// CHECK-MESSAGES-INV: :[[@LINE-2]]:34: error: __grid_constant__ parameter 'p' of kernel 'fail5' has reference type {{.*}} [cuda-grid-constant-invalid]
// With cuda-grid-constant-ignored alone, clang's error there is a disabled rule's: it stays,
// as the project's compiler error, under cuda-grid-constant-invalid's id.
// CHECK-MESSAGES-IGN: :29:28: error: __grid_constant__ is only allowed on const-qualified kernel parameters [cuda-grid-constant-invalid]
// CHECK-MESSAGES-IGN: :32:34: error: __grid_constant__ is only allowed on const-qualified kernel parameters [cuda-grid-constant-invalid]

// A host function's: cuda-grid-constant-invalid's, unchanged.
void fail6(const __grid_constant__ Params p) {}
// CHECK-MESSAGES: :[[@LINE-1]]:18: error: __grid_constant__ on parameter 'p' of 'fail6', which is not a __global__ function [cuda-grid-constant-invalid]
// CHECK-MESSAGES-INV: :[[@LINE-2]]:18: error: __grid_constant__ on parameter 'p' of 'fail6', which is not a __global__ function [cuda-grid-constant-invalid]
// CHECK-MESSAGES-IGN: :[[@LINE-3]]:18: error: __grid_constant__ is only allowed on const-qualified kernel parameters [cuda-grid-constant-invalid]

// Negatives: a __global__ kernel's const parameter, a tile kernel without the annotation.
__global__ void correct1(const __grid_constant__ Params p) {}
__tile_global__ void correct2(const Params p) {}
template <class T> __global__ void correct3(const __grid_constant__ T p) {}
template __global__ void correct3<Params>(const Params p);
