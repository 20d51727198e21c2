// RUN: %check-cuda-lint %s cuda-maxnreg-value %t

int runtime_cap = 32;
constexpr int kNoRegisters = 0;

// Not positive: nvcc 13.0 rejects these.
__global__ void __maxnreg__(0) fail1(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: __maxnreg__(0) asks for a register count that is not positive; nvcc rejects it [cuda-maxnreg-value]
__global__ void __maxnreg__(-8) fail2(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: __maxnreg__(-8) asks for a register count that is not positive
__global__ void __maxnreg__(kNoRegisters) fail3(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: __maxnreg__(0) asks for a register count that is not positive

// Not an integer constant expression: nvcc 13.0 rejects these.
__global__ void __maxnreg__(runtime_cap) fail4(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: the argument of __maxnreg__ is not an integer constant expression; nvcc rejects it
__global__ void __maxnreg__(1.5) fail5(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: the argument of __maxnreg__ is not an integer constant expression

// Above 255: nvcc accepts it and ptxas ignores the annotation.
__global__ void __maxnreg__(300) fail6(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: __maxnreg__(300) is above the 255 registers a thread can have; ptxas ignores the annotation

// Through a macro and a template: reported once, at the template.
#define REG_CAP(n) __maxnreg__(n)
template <int N> __global__ void REG_CAP(N) fail7(float *x) {}
// CHECK-NOTES: :[[@LINE-1]]:34: error: __maxnreg__(0) asks for a register count that is not positive
// CHECK-NOTES: :[[@LINE+1]]:26: note: in instantiation of 'fail7<0>' requested here
template __global__ void fail7<0>(float *);
template __global__ void fail7<-1>(float *);
template __global__ void fail7<64>(float *);

// Not a finding: positive constants up to 255, constant expressions,
// templates instantiated with valid values.
__global__ void __maxnreg__(32) correct1(float *x) {}
__global__ void __maxnreg__(255) correct2(float *x) {}
constexpr int kCap = 64;
__global__ void __maxnreg__(kCap / 2) correct3(float *x) {}
template <int N> __global__ void __maxnreg__(N) correct4(float *x) {}
template __global__ void correct4<128>(float *);
void launch(float *x) { correct4<40><<<1, 32>>>(x); }
__global__ void correct5(float *x) {}
