// RUN: %check-cuda-lint %s cuda-tile-space-access %t
// __device__ variables named in tile code, __tile__ variables named in SIMT device code (no
// compiler confirms the rule). clang 22 rejects a __tile__ variable in __global__ code (a host
// variable to it): that error is this rule's finding, reported once.

__device__ int dvar;
__tile__ int tvar;
__tile__ float tarr[4];

__tile_global__ void fail1(int *p) { dvar = *p; }
// CHECK-NOTES: :[[@LINE-1]]:38: error: __device__ variable 'dvar' named in tile code; tile code reaches it only through a pointer [cuda-tile-space-access]
// CHECK-NOTES: :6:16: note: 'dvar' declared here
__tile__ int fail2() { return dvar + tvar; }
// CHECK-NOTES: :[[@LINE-1]]:31: error: __device__ variable 'dvar' named in tile code; {{.*}} [cuda-tile-space-access]
// CHECK-NOTES: :6:16: note: 'dvar' declared here
__tile__ int *fail3() { return &dvar; }
// CHECK-NOTES: :[[@LINE-1]]:33: error: __device__ variable 'dvar' named in tile code; {{.*}} [cuda-tile-space-access]
// CHECK-NOTES: :6:16: note: 'dvar' declared here

__global__ void fail4(int *out) { out[0] = tvar; }
// CHECK-NOTES: :[[@LINE-1]]:44: error: __tile__ variable 'tvar' named in SIMT device code; __device__ and __global__ code reach it only through a pointer [cuda-tile-space-access]
// CHECK-NOTES: :7:14: note: 'tvar' declared here
__device__ void fail5(float v) { tarr[1] = v; }
// CHECK-NOTES: :[[@LINE-1]]:34: error: __tile__ variable 'tarr' named in SIMT device code; {{.*}} [cuda-tile-space-access]
// CHECK-NOTES: :8:16: note: 'tarr' declared here

// A template: each use once, with the instantiation.
template <int N> __tile__ int fail6() { return dvar + N; }
// CHECK-NOTES: :[[@LINE-1]]:48: error: __device__ variable 'dvar' named in tile code; {{.*}} [cuda-tile-space-access]
// CHECK-NOTES: :6:16: note: 'dvar' declared here
// CHECK-NOTES: :[[@LINE+1]]:30: note: in instantiation of 'fail6<2>' requested here
__tile__ int use6() { return fail6<2>(); }

// Negatives: through pointers, each space's own code, host code.
__tile_global__ void correct1(int *d, int *t) { *d = tvar; *t = 2; tvar = 3; }
__global__ void correct2(int *t) { *t = dvar; dvar = 1; }
__device__ int correct3() { return dvar; }
int correct4() { return tvar; }
__tile__ int correct5() { return tarr[0] > 0 ? tvar : 0; }
