// nvcc declares the min/max overloads of crt/math_functions.hpp __host__
// __device__; clang's CUDA wrapper keeps only the device ones. cuda-lint's
// compatibility header restores the host overloads so that such files (many
// cuda-samples) are analysed without compiler errors, on both sides.
// RUN: %cuda-lint %s 2>&1 | FileCheck %s --implicit-check-not='{{warning|error}}:'
// CHECK: cuda-lint: 1 file, 0 findings (0 errors, 0 warnings), 0 compiler errors
// nvcc agrees that the file is valid:
// REQUIRES: nvcc
// RUN: %nvcc -arch=sm_90 -c %s -o /dev/null

__global__ void clamp(int *p, int n, float *f) {
  p[threadIdx.x] = min(n, 3) + max(1u, 2u);
  f[threadIdx.x] = fminf(f[0], 1.0f) + max(f[1], 2.0f);
}

int host_side(int a, int b, unsigned u, long l, long long ll, float f, double d) {
  return min(a, b) + max(u, 5u) + (int)min(l, 4L) + (int)max(ll, 7LL) +
         (int)max(f, 2.f) + (int)min(d, f) + (int)max(a, u);
}
