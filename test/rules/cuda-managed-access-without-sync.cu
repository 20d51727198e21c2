// RUN: %check-cuda-lint %s cuda-managed-access-without-sync %t
// Host code touching a __managed__ variable after a kernel launch, with no
// synchronization on some path of the function's CFG: cudaDeviceSynchronize,
// cudaStreamSynchronize of the launch's stream, cudaEventSynchronize of an
// event recorded after the launch, a synchronous cudaMemcpy, or a function of
// the project that does one of these. Host side only; launches of kernels
// that never name the variable (nor get its address) do not count.
#include <cuda_runtime.h>
__managed__ int result;
__managed__ int other;
__global__ void produce() { result = 42; }
__global__ void unrelated(int *p) { p[0] = 1; }
int fail1() {
  produce<<<1, 1>>>();
  return result;
// CHECK-NOTES: :[[@LINE-1]]:10: warning: host code accesses __managed__ variable 'result' after a kernel launch with no synchronization on some path: the kernel may still be running, and the host may see a stale or partial value; call cudaDeviceSynchronize() (or synchronize the launch's stream or an event recorded after it) first [cuda-managed-access-without-sync]
// CHECK-NOTES: :14:3: note: kernel launched here
}
int correct1() {
  produce<<<1, 1>>>();
  cudaDeviceSynchronize();
  return result;
}
int fail2(bool c, cudaStream_t s) {
  produce<<<1, 1, 0, s>>>();
  if (c) cudaStreamSynchronize(s);
  return result;
// CHECK-NOTES: :[[@LINE-1]]:10: warning: host code accesses __managed__ variable 'result' after a kernel launch with no synchronization on some path: the kernel may still be running, and the host may see a stale or partial value; call cudaDeviceSynchronize() (or synchronize the launch's stream or an event recorded after it) first [cuda-managed-access-without-sync]
// CHECK-NOTES: :25:3: note: kernel launched here
}
int correct2(cudaStream_t s) {
  produce<<<1, 1, 0, s>>>();
  cudaStreamSynchronize(s);
  return result;
}
int fail3(cudaStream_t s, cudaStream_t t) {
  produce<<<1, 1, 0, s>>>();
  cudaStreamSynchronize(t);
  return result;
// CHECK-NOTES: :[[@LINE-1]]:10: warning: host code accesses __managed__ variable 'result' after a kernel launch with no synchronization on some path: the kernel may still be running, and the host may see a stale or partial value; call cudaDeviceSynchronize() (or synchronize the launch's stream or an event recorded after it) first [cuda-managed-access-without-sync]
// CHECK-NOTES: :37:3: note: kernel launched here
}
int correct3(cudaStream_t s) {
  cudaEvent_t e; cudaEventCreate(&e);
  produce<<<1, 1, 0, s>>>();
  cudaEventRecord(e, s);
  cudaEventSynchronize(e);
  return result;
}
int fail4(cudaStream_t s) {
  cudaEvent_t e; cudaEventCreate(&e);
  cudaEventRecord(e, s);
  produce<<<1, 1, 0, s>>>();
  cudaEventSynchronize(e);
  return result;
// CHECK-NOTES: :[[@LINE-1]]:10: warning: host code accesses __managed__ variable 'result' after a kernel launch with no synchronization on some path: the kernel may still be running, and the host may see a stale or partial value; call cudaDeviceSynchronize() (or synchronize the launch's stream or an event recorded after it) first [cuda-managed-access-without-sync]
// CHECK-NOTES: :53:3: note: kernel launched here
}
int correct4(int *d) {
  unrelated<<<1, 1>>>(d);
  return other;
}


// In a loop: the next iteration's read follows the previous launch.
int fail5(int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) {
    sum += result;
// CHECK-NOTES: :[[@LINE-1]]:12: warning: host code accesses __managed__ variable 'result' after a kernel launch {{.*}} [cuda-managed-access-without-sync]
// CHECK-NOTES: :[[@LINE+1]]:5: note: kernel launched here
    produce<<<1, 1>>>();
  }
  return sum;
}
// A write, and a kernel given the variable's address.
__global__ void through_pointer(int *p) { *p = 7; }
void fail6() {
  through_pointer<<<1, 1>>>(&other);
  other = 3;
// CHECK-NOTES: :[[@LINE-1]]:3: warning: host code accesses __managed__ variable 'other' after a kernel launch {{.*}} [cuda-managed-access-without-sync]
// CHECK-NOTES: :[[@LINE-3]]:3: note: kernel launched here
}

// Negatives: a synchronous copy, a helper that synchronizes, access before
// the launch, the address only, sizeof, a synchronization on every path.
void sync_all() { cudaDeviceSynchronize(); }
int correct5(int *d, int *h) {
  int before = result;
  produce<<<1, 1>>>();
  int *addr = &result;
  size_t bytes = sizeof(result);
  cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost);
  return before + result + int(bytes) + (addr != nullptr);
}
int correct6() {
  produce<<<1, 1>>>();
  sync_all();
  return result;
}
int correct7(bool c, cudaStream_t s) {
  produce<<<1, 1, 0, s>>>();
  if (c)
    cudaStreamSynchronize(s);
  else
    cudaDeviceSynchronize();
  return result;
}
int correct8(int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) {
    produce<<<1, 1>>>();
    cudaDeviceSynchronize();
    sum += result;
  }
  return sum;
}
