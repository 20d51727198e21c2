// RUN: %check-cuda-lint %s cuda-launch-bounds-with-maxnreg %t

// Both annotations on one declaration.
__global__ void __launch_bounds__(128) __maxnreg__(32) fail1(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:40: error: kernel 'fail1' has both __launch_bounds__ and __maxnreg__{{.*}} [cuda-launch-bounds-with-maxnreg]
// CHECK-NOTES: :[[@LINE-2]]:17: note: __launch_bounds__ is given here

// The order of the two annotations does not matter.
__global__ void __maxnreg__(40) __launch_bounds__(256, 2) fail2(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: kernel 'fail2' has both
// CHECK-NOTES: :[[@LINE-2]]:33: note: __launch_bounds__ is given here

// Split over a declaration and the definition, either way round.
__global__ void __launch_bounds__(128) fail3(float *x);
__global__ void __maxnreg__(32) fail3(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: kernel 'fail3' has both
// CHECK-NOTES: :[[@LINE-3]]:17: note: __launch_bounds__ is given here

__global__ void __maxnreg__(32) fail4(float *x);
// CHECK-NOTES: :[[@LINE-1]]:17: error: kernel 'fail4' has both
// CHECK-NOTES: :[[@LINE+1]]:17: note: __launch_bounds__ is given here
__global__ void __launch_bounds__(128) fail4(float *x) {}

// Three declarations: one finding.
__global__ void fail5(int n);
__global__ void __maxnreg__(64) fail5(int n);
// CHECK-NOTES: :[[@LINE-1]]:17: error: kernel 'fail5' has both
// CHECK-NOTES: :[[@LINE+1]]:17: note: __launch_bounds__ is given here
__global__ void __launch_bounds__(512) fail5(int n) {}

// Through the project's own macros.
#define KERNEL_BOUNDS(n) __launch_bounds__(n)
#define REG_CAP __maxnreg__(48)
#define TUNED_KERNEL __global__ KERNEL_BOUNDS(256) REG_CAP
__global__ KERNEL_BOUNDS(128) REG_CAP void fail6(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:31: error: kernel 'fail6' has both
// CHECK-NOTES: :[[@LINE-2]]:12: note: __launch_bounds__ is given here
TUNED_KERNEL void fail7(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:1: error: kernel 'fail7' has both
// CHECK-NOTES: :[[@LINE-2]]:1: note: __launch_bounds__ is given here

// Function templates: reported once at the template, however many
// instantiations and explicit instantiations there are.
template <int Threads>
__global__ void __launch_bounds__(Threads) __maxnreg__(32) fail8(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:44: error: kernel 'fail8' has both
// CHECK-NOTES: :[[@LINE-2]]:17: note: __launch_bounds__ is given here
template __global__ void fail8<128>(float *);
template __global__ void fail8<256>(float *);
void launch8(float *x) { fail8<512><<<1, 512>>>(x); }

template <typename T>
__global__ void __launch_bounds__(256) fail9(T *x);
template <typename T>
__global__ void __maxnreg__(32) fail9(T *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: kernel 'fail9' has both
// CHECK-NOTES: :[[@LINE-4]]:17: note: __launch_bounds__ is given here
void launch9(float *x) { fail9<<<1, 256>>>(x); }

// Explicit specializations: nvcc 13.0 applies the primary template's
// annotation to them, so a specialization adding the other one conflicts
// (reported at the specialization, with a note at the template).
template <typename T> __global__ void __maxnreg__(32) spec(T *x) {}
template <> __global__ void __launch_bounds__(64) spec<float>(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:29: error: kernel 'spec<float>' has both
// CHECK-NOTES: :[[@LINE-3]]:39: note: __maxnreg__ is given here, on the primary template
template <> __global__ void __launch_bounds__(64) __maxnreg__(32) spec<double>(double *x) {}
// CHECK-NOTES: :[[@LINE-1]]:51: error: kernel 'spec<double>' has both
// CHECK-NOTES: :[[@LINE-2]]:29: note: __launch_bounds__ is given here
template <> __global__ void spec<int>(int *x) {}
template <typename T> __global__ void __launch_bounds__(128) spec2(T *x) {}
template <> __global__ void __maxnreg__(32) spec2<float>(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:29: error: kernel 'spec2<float>' has both
// CHECK-NOTES: :[[@LINE-3]]:39: note: __launch_bounds__ is given here, on the primary template

// Not a finding: one of the two only.
__global__ void __launch_bounds__(128) correct1(float *x) {}
__global__ void __maxnreg__(32) correct2(float *x) {}
__global__ void __launch_bounds__(128, 4) correct3(float *x);
__global__ void correct3(float *x) {}
__global__ void __maxnreg__(32) correct4(float *x);
__global__ void correct4(float *x) {}

// Not a finding: __maxnreg__ on two different kernels, launch bounds on a third.
__global__ void __maxnreg__(32) correct5(float *x) {}
__global__ void __maxnreg__(64) correct6(float *x) {}
__global__ void __launch_bounds__(1024) correct7(float *x) {}

// Not a finding: overloads are different kernels.
__global__ void __launch_bounds__(128) correct8(float *x) {}
__global__ void __maxnreg__(32) correct8(double *x) {}

// Not a finding: templates with one annotation, instantiated or specialized
// without adding the other.
template <int Threads> __global__ void __launch_bounds__(Threads) correct9(float *x) {}
template __global__ void correct9<128>(float *);
template <typename T> __global__ void __maxnreg__(32) correct10(T *x) {}
void launch10(float *x) { correct10<<<1, 32>>>(x); }
template <> __global__ void __maxnreg__(64) correct10<int>(int *x) {}

// Not a finding: a __device__ helper with a launch-bounds-like macro name.
#define BOUNDS 128
__device__ int correct11(int n) { return n % BOUNDS; }
