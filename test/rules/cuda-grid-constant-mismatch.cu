// RUN: %check-cuda-lint %s cuda-grid-constant-mismatch %t

struct Params { float scale[16]; int n; };
struct Pair { int a, b; };

// Redeclarations: the definition drops the annotation.
__global__ void fail1(const __grid_constant__ Params p, float *out);
__global__ void fail1(const Params p, float *out) {}
// CHECK-NOTES: :[[@LINE-1]]:36: error: parameter 'p' of kernel 'fail1' is not __grid_constant__ in this declaration but in an earlier one; nvcc rejects {{.*}} [cuda-grid-constant-mismatch]
// CHECK-NOTES: :[[@LINE-3]]:54: note: parameter 'p' is __grid_constant__ in the first declaration
// CHECK-NOTES: :[[@LINE-3]]:36: note: unsafe fix: adding __grid_constant__ moves the parameter from a per-thread copy into the kernel parameter space{{.*}}

// ... or adds it; the second parameter is the one that differs.
__global__ void fail2(const Params p, const Pair q);
__global__ void fail2(const Params p, __grid_constant__ const Pair q) {}
// CHECK-NOTES: :[[@LINE-1]]:68: error: parameter 'q' of kernel 'fail2' is __grid_constant__ in this declaration but not in an earlier one
// CHECK-NOTES: :[[@LINE-3]]:50: note: parameter 'q' is not __grid_constant__ in the first declaration
// CHECK-NOTES: :[[@LINE-3]]:68: note: unsafe fix: adding __grid_constant__ moves the parameter from a per-thread copy into the kernel parameter space{{.*}}

// Through a macro of the project.
#define GRID_CONST __grid_constant__
__global__ void fail3(GRID_CONST const Params p);
__global__ void fail3(const Params p);
// CHECK-NOTES: :[[@LINE-1]]:36: error: parameter 'p' of kernel 'fail3' is not __grid_constant__
// CHECK-NOTES: :[[@LINE-3]]:47: note: parameter 'p' is __grid_constant__ in the first declaration
// CHECK-NOTES: :[[@LINE-3]]:36: note: unsafe fix: adding __grid_constant__ moves the parameter from a per-thread copy into the kernel parameter space{{.*}}
__global__ void fail3(GRID_CONST const Params p) {}

// Explicit specialization against the primary template, both ways.
template <typename T> __global__ void fail4(const __grid_constant__ T p) {}
template <> __global__ void fail4<Params>(const Params p) {}
// CHECK-NOTES: :[[@LINE-1]]:56: error: parameter 'p' of kernel 'fail4<Params>' is not __grid_constant__ in this explicit specialization but in its primary template
// CHECK-NOTES: :[[@LINE-3]]:71: note: parameter 'p' is __grid_constant__ in the primary template
// CHECK-NOTES: :[[@LINE-3]]:56: note: unsafe fix: adding __grid_constant__ moves the parameter from a per-thread copy into the kernel parameter space{{.*}}
template <typename T> __global__ void fail5(const T p) {}
template <> __global__ void fail5<Params>(const __grid_constant__ Params p) {}
// CHECK-NOTES: :[[@LINE-1]]:74: error: parameter 'p' of kernel 'fail5<Params>' is __grid_constant__ in this explicit specialization but not in its primary template
// CHECK-NOTES: :[[@LINE-3]]:53: note: parameter 'p' is not __grid_constant__ in the primary template
// CHECK-NOTES: :[[@LINE-3]]:74: note: unsafe fix: adding __grid_constant__ moves the parameter from a per-thread copy into the kernel parameter space{{.*}}

// Explicit instantiation definitions and declarations.
template <typename T> __global__ void fail6(const __grid_constant__ T p, int n) {}
template __global__ void fail6<Params>(const Params p, int n);
// CHECK-NOTES: :[[@LINE-1]]:40: error: parameter 'p' of kernel 'fail6<Params>' is not __grid_constant__ in this explicit instantiation but in the template; nvcc rejects the instantiation directive
// CHECK-NOTES: :[[@LINE-3]]:71: note: parameter 'p' is __grid_constant__ in the template
// CHECK-NOTES: :[[@LINE-3]]:40: note: unsafe fix: adding __grid_constant__ moves the parameter from a per-thread copy into the kernel parameter space{{.*}}
template <typename T> __global__ void fail7(const T p) {}
extern template __global__ void fail7<Pair>(const __grid_constant__ Pair p);
// CHECK-NOTES: :[[@LINE-1]]:45: error: parameter 'p' of kernel 'fail7<Pair>' is __grid_constant__ in this explicit instantiation but not in the template
// CHECK-NOTES: :[[@LINE-3]]:53: note: parameter 'p' is not __grid_constant__ in the template
// CHECK-NOTES: :[[@LINE-3]]:45: note: unsafe fix: adding __grid_constant__ moves the parameter from a per-thread copy into the kernel parameter space{{.*}}
template <typename T, int N> __global__ void fail8(const __grid_constant__ T p) {}
template __global__ void fail8<Params, (3 > 2)>(const Params);
// CHECK-NOTES: :[[@LINE-1]]:49: error: parameter 'p' of kernel 'fail8<Params, 1>' is not __grid_constant__
// CHECK-NOTES: :[[@LINE-3]]:78: note: parameter 'p' is __grid_constant__ in the template
// CHECK-NOTES: :[[@LINE-3]]:49: note: unsafe fix: adding __grid_constant__ moves the parameter from a per-thread copy into the kernel parameter space{{.*}}

// Not a finding: every declaration agrees.
__global__ void correct1(const __grid_constant__ Params p);
__global__ void correct1(const __grid_constant__ Params p) {}
__global__ void correct2(const Params p);
__global__ void correct2(const Params p) {}
__global__ void correct3(GRID_CONST const Params p);
__global__ void correct3(__grid_constant__ const Params p) {}
template <typename T> __global__ void correct4(const __grid_constant__ T p) {}
template __global__ void correct4<Params>(const __grid_constant__ Params p);
extern template __global__ void correct4<Pair>(GRID_CONST const Pair p);
template <> __global__ void correct4<int>(const __grid_constant__ int p) {}
template <typename T> __global__ void correct5(const T p) {}
template __global__ void correct5<Params>(const Params);
template <> __global__ void correct5<int>(const int p) {}
void launch(Params p) { correct4<<<1, 1>>>(p); correct5<<<1, 1>>>(p); }
// Not a finding: overloads are different kernels.
__global__ void correct6(const __grid_constant__ Params p) {}
__global__ void correct6(const Pair p) {}
// Not a finding: a directive written by a macro, agreeing with the template.
#define INSTANTIATE(T) template __global__ void correct4<T>(const __grid_constant__ T p);
INSTANTIATE(float)
