// RUN: %check-cuda-lint %s cuda-constant-size %t
// RUN: rm -rf %t.opt && mkdir -p %t.opt && cp %s %t.opt/k.cu
// RUN: printf 'CheckOptions:\n  cuda-constant-size.MaxBytes: 200000\n' > %t.opt/.cuda-lint.yaml
// RUN: %cuda-lint --checks='-*,cuda-constant-size' %t.opt/k.cu 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: printf 'CheckOptions:\n  cuda-constant-size.MaxBytes: 65000\n  cuda-constant-size.Contributors: 1\n' > %t.opt/.cuda-lint.yaml
// RUN: not %cuda-lint --checks='-*,cuda-constant-size' %t.opt/k.cu 2>&1 | FileCheck %s --check-prefix=OPT1
// OPT: cuda-lint: 1 file, 0 findings
// OPT1: k.cu:26:21: error: the __constant__ variables of this translation unit total 65988 bytes, more than the 65000 bytes
// OPT1: k.cu:19:20: note: 'big_table': 40000 bytes
// OPT1-NOT: note: 'unused_lut'
// The __constant__ variables of this unit total 40000 + 16384 + 9600 + 4 =
// 65988 bytes, over the 64 KiB of constant memory: one finding at the
// definition that crosses the limit (in a namespace), with the largest
// contributors as notes; an unused variable counts (ptxas counts it).
// extern declarations, constexpr variables (clang's implicit __constant__)
// and __device__ memory do not. With MaxBytes 200000 nothing is reported.
#include <cuda_runtime.h>

__constant__ float big_table[10000];
extern __constant__ float elsewhere[100000];
constexpr float kPi = 3.14159f;
__device__ float device_table[100000];
struct Coeffs { double c[1200]; };
__constant__ int unused_lut[4096];
namespace filters {
__constant__ Coeffs fir;
// CHECK-NOTES: :[[@LINE-1]]:21: error: the __constant__ variables of this translation unit total 65988 bytes, more than the 65536 bytes of constant memory (4 variables; ptxas rejects the file): move the largest tables to __device__ memory or split them across translation units [cuda-constant-size]
// CHECK-NOTES: :19:20: note: 'big_table': 40000 bytes
// CHECK-NOTES: :24:18: note: 'unused_lut': 16384 bytes
// CHECK-NOTES: :[[@LINE-4]]:21: note: 'fir': 9600 bytes
}
__constant__ int small;

__global__ void use(float *out) {
  out[threadIdx.x] = big_table[threadIdx.x] + float(filters::fir.c[0]) + small + kPi +
                     device_table[threadIdx.x];
}
