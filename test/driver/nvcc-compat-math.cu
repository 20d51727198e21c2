// Host calls nvcc accepts and clang 22's CUDA headers hide. nvcc's
// cuda_runtime.h includes the C++ library's <math.h>, <time.h>, <stdio.h> and
// <assert.h>; clang's wrapper only <cmath>, whose device overloads then hide
// the host ones ("no matching function for call to 'isfinite'"). The whole
// set found by calling every <cmath> function unqualified from host code on
// float and double: isfinite, isnan, isinf, signbit, isnormal, fpclassify,
// isgreater, isgreaterequal, isless, islessequal, islessgreater, isunordered,
// modf(float, float *), and clock(). On the device side, the cache-hinted
// loads and stores clang 22 lacks (__ldca, __ldlu, __stcg, __stcs, __stwb
// entirely, the `long` overloads of __ldcg, __ldcv, __ldcs, __stwt). The
// planted findings (an unchecked launch in the host function, a __shared__
// object with a constructor in the kernel) show both bodies are analysed.
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s --implicit-check-not='{{warning|error}}:' < %t.txt
// CHECK: nvcc-compat-math.cu:[[@LINE+28]]:{{[0-9]+}}: error: __shared__ variable 'c'{{.*}} [cuda-shared-initializer]
// CHECK: nvcc-compat-math.cu:[[@LINE+48]]:{{[0-9]+}}: warning: {{.*}} [cuda-kernel-launch-unchecked]
// CHECK: cuda-lint: 1 file, 2 findings (1 error, 1 warning), 0 compiler errors
//
// A clang command keeps clang's errors.
// RUN: rm -rf %t.d && mkdir -p %t.d && cp %s %t.d/k.cu
// RUN: printf '[{"directory": "%t.d", "command": "clang++ -x cuda --cuda-gpu-arch=sm_90 -c k.cu", "file": "k.cu"}]\n' > %t.d/compile_commands.json
// RUN: cd %t.d && %expect-exit 1 %cuda-lint -p . k.cu > %t.clang.txt 2>&1
// RUN: FileCheck %s --check-prefix=CLANG < %t.clang.txt
// CLANG-DAG: error: no matching function for call to 'isfinite' [clang-diagnostic-error]
// CLANG-DAG: error: no matching function for call to 'clock' [clang-diagnostic-error]
// CLANG-DAG: error: use of undeclared identifier '__stcs'
//
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null

#include <cmath>

struct Counter {
  int v;
  __device__ Counter() : v(0) {}
};

template <class T> __host__ __device__ bool usable(T v) {
  return isfinite(v) && !isnan(v) && !isinf(v) && !signbit(v);
}

__global__ void stream(int4 *dst, const int4 *src, long *l, unsigned long *ul, float *f) {
  __shared__ Counter c;
  int4 v = __ldcs(src + threadIdx.x);
  __stcs(reinterpret_cast<int4 *>(dst) + threadIdx.x, v);
  __stcg(dst, __ldca(src));
  __stwb(f, __ldlu(f + 1) + c.v);
  __stwt(l, __ldcg(l + 1));
  ul[0] = __ldcv(ul + 1) + __ldcs(ul + 2);
  f[2] = usable(f[3]) ? 1.f : 0.f;
}

double host_math(float x, double y) {
  float ip;
  double s = modf(x, &ip) + fpclassify(x) + isnormal(y);
  s += isgreater(x, 1.0f) + isgreaterequal(y, 2.0) + isless(x, 3.0f) +
       islessequal(y, 4.0) + islessgreater(x, 5.0f) + isunordered(y, 6.0);
  return s + usable(x) + usable(y) + (isfinite(x) ? 1 : 0);
}

int main() {
  long start = clock();
  int4 *d = nullptr;
  stream<<<1, 32>>>(d, d, nullptr, nullptr, nullptr);
  cudaDeviceSynchronize();
  return static_cast<int>(host_math(1.f, 2.0) + start);
}
