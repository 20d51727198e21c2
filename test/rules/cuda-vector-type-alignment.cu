// RUN: %check-cuda-lint %s cuda-vector-type-alignment %t
// Casts to a pointer to a vector type (or any more aligned type) of an
// address whose offset from an aligned base breaks the alignment.
#include <cuda_runtime.h>

// A kernel's pointer argument is an aligned allocation: p + 1 is 4 bytes in.
__global__ void fail1(float *p, float4 *out) {
  out[0] = *(float4 *)(p + 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: cast to 'float4 *' of an address 4 bytes past 'p', which breaks the 16-byte alignment of 'float4' (kernel pointer arguments are at least 256-byte aligned allocations); {{.*}} [cuda-vector-type-alignment]
}

// Known modulo the alignment: 4 * i + 2 floats, &a[k], char arithmetic,
// reinterpret_cast, a local pointer made from the argument.
__global__ void fail2(const float *x, const int *y, const char *c, double2 *out, int i) {
  float4 a = reinterpret_cast<const float4 *>(x + 4 * i + 2)[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: cast to 'const float4 *' of an address 16*k + 8 bytes past 'x', which breaks the 16-byte alignment of 'float4' {{.*}} [cuda-vector-type-alignment]
  int2 b = *(const int2 *)&y[3];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: cast to 'const int2 *' of an address 12 bytes past 'y', which breaks the 8-byte alignment of 'int2' {{.*}} [cuda-vector-type-alignment]
  double2 d = *(const double2 *)(c + 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: cast to 'const double2 *' of an address 8 bytes past 'c', which breaks the 16-byte alignment of 'double2' {{.*}} [cuda-vector-type-alignment]
  const float *row = x + 64 * i;
  float2 e = *(const float2 *)(row + 3);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: cast to 'const float2 *' of an address 256*k + 12 bytes past 'x', {{.*}} [cuda-vector-type-alignment]
  out[0] = d;
  out[1] = make_double2(a.x + b.x + e.x, 0.0);
}

// An __align__(16) shared array; a device function whose pointer the same
// function also uses as a float4 pointer (both cannot be aligned).
__global__ void fail3(float4 *out) {
  __shared__ __align__(16) float s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[0] = *(float4 *)&s[2];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: cast to 'float4 *' of an address 8 bytes past 's', which breaks the 16-byte alignment of 'float4' ('s' is declared 16-byte aligned); {{.*}} [cuda-vector-type-alignment]
}
__device__ float4 fail4(const float *p) {
  float4 a = *(const float4 *)p;
  float4 b = *(const float4 *)(p + 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: cast to 'const float4 *' of an address 8 bytes past 'p', which breaks the 16-byte alignment of 'float4' (this function also uses 'p' as a 16-byte aligned address); {{.*}} [cuda-vector-type-alignment]
  return make_float4(a.x + b.x, 0, 0, 0);
}

// Negatives.
__global__ void correct1(const float *x, float4 *out, int i, int k) {
  out[0] = *(const float4 *)(x + 4);           // 16 bytes: aligned
  out[1] = *(const float4 *)(x + 4 * i);       // a multiple of 4 floats
  out[2] = *(const float4 *)(x + k);           // unknown offset
  out[3] = *(const float4 *)(x + 4 * i + k);
  out[4] = make_float4((*(const float2 *)(x + 2)).x, 0, 0, 0);  // 8 bytes for float2
}
// A device function's pointer may be anything: (p + 1) could be aligned.
__device__ float4 correct2(const float *p) { return *(const float4 *)(p + 1); }
// A plain float array is only 4-byte aligned.
__global__ void correct3(float4 *out) {
  __shared__ float s[64];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  out[0] = *(float4 *)&s[1];
}
// Casts to a less aligned type, char arithmetic at aligned offsets.
__global__ void correct4(const float4 *v, const char *c, float *out) {
  out[0] = *((const float *)v + 1);
  out[1] = (*(const float2 *)(c + 8)).x;
}
