// RUN: %check-cuda-lint %s cuda-grid-constant-invalid %t

struct Params { float scale[16]; int n; };

// Not const-qualified (clang 22 rejects these too, and keeps the attribute
// in the AST: one finding each, under the rule id).
__global__ void fail1(__grid_constant__ Params p) {}
// CHECK-NOTES: :[[@LINE-1]]:23: error: __grid_constant__ parameter 'p' of kernel 'fail1' has type 'Params', which is not const-qualified [cuda-grid-constant-invalid]
__global__ void fail2(__grid_constant__ const float *p) {}
// CHECK-NOTES: :[[@LINE-1]]:23: error: __grid_constant__ parameter 'p' of kernel 'fail2' has type 'const float *', which is not const-qualified
__global__ void fail3(int n, const float *__grid_constant__ p) {}
// CHECK-NOTES: :[[@LINE-1]]:43: error: __grid_constant__ parameter 'p' of kernel 'fail3' has type 'const float *', which is not const-qualified

// Reference types.
__global__ void fail4(const __grid_constant__ Params &p) {}
// CHECK-NOTES: :[[@LINE-1]]:29: error: __grid_constant__ parameter 'p' of kernel 'fail4' has reference type 'const Params &'

// Not a __global__ function: __device__, __host__ __device__, host.
__device__ float fail5(const __grid_constant__ Params p) { return p.scale[0]; }
// CHECK-NOTES: :[[@LINE-1]]:30: error: __grid_constant__ on parameter 'p' of 'fail5', which is not a __global__ function
__host__ __device__ void fail6(const __grid_constant__ Params p) {}
// CHECK-NOTES: :[[@LINE-1]]:38: error: __grid_constant__ on parameter 'p' of 'fail6', which is not a __global__ function
void fail7(const __grid_constant__ Params p) {}
// CHECK-NOTES: :[[@LINE-1]]:18: error: __grid_constant__ on parameter 'p' of 'fail7', which is not a __global__ function
struct Launcher {
  void run(const __grid_constant__ Params p);
// CHECK-NOTES: :[[@LINE-1]]:18: error: __grid_constant__ on parameter 'p' of 'run', which is not a __global__ function
};

auto fail_lambda = [] __device__ (const __grid_constant__ Params p) { return p.n; };
// CHECK-NOTES: :[[@LINE-1]]:41: error: __grid_constant__ on parameter 'p' of 'operator()', which is not a __global__ function

// Through a macro of the project.
#define GRID_CONST __grid_constant__
__global__ void fail8(GRID_CONST Params p) {}
// CHECK-NOTES: :[[@LINE-1]]:23: error: __grid_constant__ parameter 'p' of kernel 'fail8' has type 'Params'

// Templates: the dependent parameter is checked in each instantiation, and
// reported once at the template.
template <typename T> __global__ void fail9(__grid_constant__ T p) {}
// CHECK-NOTES: :[[@LINE-1]]:45: error: __grid_constant__ parameter 'p' of kernel 'fail9<Params>' has type 'Params', which is not const-qualified
// CHECK-NOTES: :[[@LINE+1]]:26: note: in instantiation of 'fail9<Params>' requested here
template __global__ void fail9<Params>(Params p);
void launch9(Params p) { fail9<<<1, 1>>>(p); }
template <typename T> __global__ void fail10(const __grid_constant__ T p) {}
// CHECK-NOTES: :[[@LINE-1]]:52: error: __grid_constant__ parameter 'p' of kernel 'fail10<const Params &>' has reference type 'const Params &'
// CHECK-NOTES: :[[@LINE+1]]:26: note: in instantiation of 'fail10<const Params &>' requested here
template __global__ void fail10<const Params &>(const Params &p);

// Not a finding: const-qualified by-value kernel parameters.
__global__ void correct1(const __grid_constant__ Params p) {}
__global__ void correct2(__grid_constant__ const Params p, int n) {}
__global__ void correct3(float *const __grid_constant__ p) {}
__global__ void correct4(GRID_CONST const int n) {}
// Not a finding: a template instantiated only with const types.
template <typename T> __global__ void correct5(__grid_constant__ T p) {}
template __global__ void correct5<const Params>(__grid_constant__ const Params p);
template <typename T> __global__ void correct6(const __grid_constant__ T p) {}
void launch6(Params p) { correct6<<<1, 1>>>(p); correct6<<<1, 1>>>(p.n); }
// Not a finding: an uninstantiated template.
template <typename T> __global__ void correct7(__grid_constant__ T p) {}
// Not a finding: const parameters of helpers without the annotation.
__device__ float correct8(const Params p) { return p.scale[0]; }
