// RUN: %check-cuda-lint %s cuda-grid-constant-write %t
// Stores into __grid_constant__ parameters that get past const: const_cast, a cast that drops
// const, a mutable member. Kernels are device code on both sides (host and sm_90 agree).

struct Params {
  int n;
  float scale[4];
  mutable int hits;
  float *out;
  int *flags;
  __device__ void reset() { n = 0; }
  __host__ __device__ int get() const { return n; }
};

__global__ void fail1(const __grid_constant__ Params p) {
  const_cast<Params &>(p).n = 1;
// CHECK-NOTES: :[[@LINE-1]]:3: warning: write to __grid_constant__ parameter 'p' through a const_cast: the parameter is read-only and modifying it is undefined behaviour [cuda-grid-constant-write]
// CHECK-NOTES: :15:54: note: 'p' declared __grid_constant__ here
  *const_cast<int *>(&p.n) += 2;
// CHECK-NOTES: :[[@LINE-1]]:4: warning: write to __grid_constant__ parameter 'p' through a const_cast: {{.*}} [cuda-grid-constant-write]
// CHECK-NOTES: :15:54: note: 'p' declared __grid_constant__ here
  const_cast<Params &>(p).reset();
// CHECK-NOTES: :[[@LINE-1]]:3: warning: write to __grid_constant__ parameter 'p' through a const_cast: {{.*}} [cuda-grid-constant-write]
// CHECK-NOTES: :15:54: note: 'p' declared __grid_constant__ here
}

__global__ void fail2(const __grid_constant__ Params p, const __grid_constant__ int k) {
  ((Params *)&p)->n = 3;
// CHECK-NOTES: :[[@LINE-1]]:4: warning: write to __grid_constant__ parameter 'p' through a cast that removes const: {{.*}} [cuda-grid-constant-write]
// CHECK-NOTES: :27:54: note: 'p' declared __grid_constant__ here
  *(float *)&p.scale[1] = 0.5f;
// CHECK-NOTES: :[[@LINE-1]]:4: warning: write to __grid_constant__ parameter 'p' through a cast that removes const: {{.*}} [cuda-grid-constant-write]
// CHECK-NOTES: :27:54: note: 'p' declared __grid_constant__ here
  reinterpret_cast<int *>(const_cast<int *>(&k))[0]++;
// CHECK-NOTES: :[[@LINE-1]]:27: warning: write to __grid_constant__ parameter 'k' through a const_cast: {{.*}} [cuda-grid-constant-write]
// CHECK-NOTES: :27:85: note: 'k' declared __grid_constant__ here
}

__global__ void fail3(const __grid_constant__ Params p) {
  p.hits++;
// CHECK-NOTES: :[[@LINE-1]]:9: warning: write to mutable member 'hits' of __grid_constant__ parameter 'p': the parameter is read-only, mutable members included, and modifying it is undefined behaviour [cuda-grid-constant-write]
// CHECK-NOTES: :39:54: note: 'p' declared __grid_constant__ here
  p.hits = 7;
// CHECK-NOTES: :[[@LINE-1]]:10: warning: write to mutable member 'hits' of __grid_constant__ parameter 'p': {{.*}} [cuda-grid-constant-write]
// CHECK-NOTES: :39:54: note: 'p' declared __grid_constant__ here
}

// A template: each store once, with the instantiation.
template <class T> __global__ void fail4(const __grid_constant__ T p) {
  const_cast<T &>(p).n = 4;
// CHECK-NOTES: :[[@LINE-1]]:3: warning: write to __grid_constant__ parameter 'p' through a const_cast: {{.*}} [cuda-grid-constant-write]
// CHECK-NOTES: :49:68: note: 'p' declared __grid_constant__ here
// CHECK-NOTES: :[[@LINE+2]]:26: note: in instantiation of 'fail4<Params>' requested here
}
template __global__ void fail4<Params>(const Params p);

// Negatives: stores through pointer members, reads through casts, copies, const member calls,
// parameters without the annotation.
__global__ void correct1(const __grid_constant__ Params p) {
  p.out[threadIdx.x] = p.scale[0];
  *p.flags = 1;
  p.flags[2] += 1;
  int r = const_cast<Params &>(p).n + ((Params *)&p)->n;
  Params local = p;
  local.n = r;
  local.hits++;
  p.out[0] = (float)p.get() + (float)local.n;
}
__global__ void correct2(Params p, const int k) {
  p.n = 1;
  p.hits++;
  const_cast<int &>(k) = 2;
  ((Params *)&p)->n = 3;
}
