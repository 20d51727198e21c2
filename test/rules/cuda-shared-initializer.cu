// RUN: %check-cuda-lint %s cuda-shared-initializer %t

#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/atomic>
#include <cooperative_groups.h>

struct Counter { int n; __device__ Counter() : n(0) {} };
struct Defaults { int n = 0; float w = 1.0f; };
struct Plain { int n; float w; };
struct EmptyCtor { int n; __device__ EmptyCtor() {} };
struct Tracked { int n; __device__ ~Tracked() { n = -1; } };
struct Shape { virtual __device__ float area() const { return 0; } };
struct Holder { Counter c; int k; };
union Raw { int i; float f; };

// Written initializers: never applied to shared memory.
__global__ void fail1(int *out) {
  __shared__ int total = 0;
// CHECK-NOTES: :[[@LINE-1]]:18: error: __shared__ variable 'total' has an initializer{{.*}} [cuda-shared-initializer]
  __shared__ float tile[4] = {};
// CHECK-NOTES: :[[@LINE-1]]:20: error: __shared__ variable 'tile' has an initializer
  __shared__ Plain p{1, 2.0f};
// CHECK-NOTES: :[[@LINE-1]]:20: error: __shared__ variable 'p' has an initializer
  out[0] = total + (int)tile[0] + p.n;
}

// Types whose default constructor is not empty: it never runs.
__global__ void fail2(int *out) {
  __shared__ Counter c;
// CHECK-NOTES: :[[@LINE-1]]:22: error: __shared__ variable 'c' of type 'Counter' needs dynamic initialization{{.*}}: its constructor never runs
// CHECK-NOTES: :8:48: note: the default constructor of 'Counter' initializes member 'n'
  __shared__ Counter counters[32];
// CHECK-NOTES: :[[@LINE-1]]:22: error: __shared__ variable 'counters' of type 'Counter[32]' needs dynamic initialization
// CHECK-NOTES: :8:48: note: the default constructor of 'Counter' initializes member 'n'
  static __shared__ Defaults d;
// CHECK-NOTES: :[[@LINE-1]]:30: error: __shared__ variable 'd' of type 'Defaults' needs dynamic initialization
// CHECK-NOTES: :9:23: note: member 'n' of 'Defaults' has a default member initializer
  __shared__ Shape s;
// CHECK-NOTES: :[[@LINE-1]]:20: error: __shared__ variable 's' of type 'Shape' needs dynamic initialization
// CHECK-NOTES: :13:8: note: 'Shape' has virtual functions or virtual bases
  __shared__ Holder h;
// CHECK-NOTES: :[[@LINE-1]]:21: error: __shared__ variable 'h' of type 'Holder' needs dynamic initialization
// CHECK-NOTES: :8:48: note: the default constructor of 'Counter' initializes member 'n'
  out[0] = c.n + counters[0].n + d.n + h.k; (void)s;
}

// A destructor that is not empty never runs either (nvcc warns #20054).
__global__ void fail3(int *out) {
  __shared__ Tracked t;
// CHECK-NOTES: :[[@LINE-1]]:22: error: __shared__ variable 't' of type 'Tracked' has a destructor that is not empty; it never runs
// CHECK-NOTES: :12:36: note: the destructor of 'Tracked' is not empty
  __shared__ Tracked ts[8];
// CHECK-NOTES: :[[@LINE-1]]:22: error: __shared__ variable 'ts' of type 'Tracked[8]' has a destructor that is not empty
// CHECK-NOTES: :12:36: note: the destructor of 'Tracked' is not empty
  out[0] = t.n + ts[1].n;
}

// Device side only: the host side never sees this variable.
__global__ void fail_device_only(int *out) {
#ifdef __CUDA_ARCH__
  __shared__ Counter on_device;
// CHECK-NOTES: :[[@LINE-1]]:22: error: __shared__ variable 'on_device' of type 'Counter' needs dynamic initialization
// CHECK-NOTES: :8:48: note: the default constructor of 'Counter' initializes member 'n'
  out[0] = on_device.n;
#endif
}

// File scope.
__shared__ Counter fail4;
// CHECK-NOTES: :[[@LINE-1]]:20: error: __shared__ variable 'fail4' of type 'Counter' needs dynamic initialization
// CHECK-NOTES: :8:48: note: the default constructor of 'Counter' initializes member 'n'

// Templates: reported once at the template, with the first instantiation
// that needs a constructor.
template <typename T> __device__ T fail5(T v) {
  __shared__ T slot;
// CHECK-NOTES: :[[@LINE-1]]:16: error: __shared__ variable 'slot' of type 'Counter' needs dynamic initialization
// CHECK-NOTES: :8:48: note: the default constructor of 'Counter' initializes member 'n'
// CHECK-NOTES: :[[@LINE+8]]:12: note: in instantiation of 'fail5<Counter>' requested here
  slot = v;
  return slot;
}
template <int N> __global__ void fail6(int *out) {
  __shared__ Defaults per_block[N];
// CHECK-NOTES: :[[@LINE-1]]:23: error: __shared__ variable 'per_block' of type 'Defaults[N]' needs dynamic initialization
// CHECK-NOTES: :9:23: note: member 'n' of 'Defaults' has a default member initializer
  out[0] = fail5(Counter()).n + fail5(3) + per_block[0].n;
}
template __global__ void fail6<4>(int *);

// A dependent type the check cannot evaluate in the template (clang drops
// the body of the instantiation it rejects): clang's own error is reported
// under the rule id.
template <typename T> struct Box { T value; };
template <typename T> __device__ void fail8() {
  __shared__ Box<T> box;
// CHECK-NOTES: :[[@LINE-1]]:21: error: initialization is not supported for __shared__ variables [cuda-shared-initializer]
// CHECK-NOTES: :[[@LINE+3]]:29: note: in instantiation of function template specialization 'fail8<Counter>' requested here
  (void)box;
}
__global__ void launch8() { fail8<Counter>(); fail8<int>(); }

// libcu++ types made to be declared in shared memory and set up with init()
// or make_pipeline(): nvcc accepts them; clang 22 rejects the single objects
// and accepts arrays of barriers. This file has no compile database, so it is
// built with nvcc: no finding and no compiler error (on a project built with
// clang a portability warning: cuda-shared-initializer-nvcc.cu).
__global__ void portable1(float *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  __shared__ cuda::barrier<cuda::thread_scope_block> stages[2];
  if (threadIdx.x == 0) {
    init(&bar, blockDim.x);
    init(&stages[0], blockDim.x);
    init(&stages[1], blockDim.x);
  }
  __syncthreads();
  bar.arrive_and_wait();
  auto pipe = cuda::make_pipeline(cooperative_groups::this_thread_block(), &state);
  (void)pipe;
  out[threadIdx.x] = 1.0f;
}

// Not a finding: trivially constructed types, empty constructors, unions,
// dynamic shared memory, and assignment after declaration.
__global__ void correct1(int *out) {
  __shared__ int total;
  __shared__ float tile[32][33];
  __shared__ Plain p;
  __shared__ EmptyCtor e;
  __shared__ EmptyCtor es[4];
  __shared__ Raw r;
  __shared__ cuda::atomic<int, cuda::thread_scope_block> hits;
  extern __shared__ float dynamic[];
  if (threadIdx.x == 0) { total = 0; p.n = 1; e.n = 2; r.i = 3; hits.store(0); }
  __syncthreads();
  out[0] = total + (int)tile[0][0] + p.n + e.n + es[0].n + r.i + (int)dynamic[0] + hits.load();
}
template <typename T> __device__ T correct2(T v) {
  __shared__ T slot;
  slot = v;
  return slot;
}
__global__ void correct3(int *out) { out[0] = correct2(1) + correct2(Plain{1, 2}).n; }
// Not a finding: a plain variable of a type with a constructor.
__device__ int correct4() { Counter c; return c.n; }
