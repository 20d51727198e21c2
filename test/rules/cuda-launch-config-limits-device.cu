// RUN: %check-cuda-lint %s cuda-launch-config-limits %t -- -- --cuda-gpu-arch=sm_90 -fgpu-rdc

// A launch from device code (dynamic parallelism, relocatable device code):
// clang's configuration call there is cudaLaunchDevice(nullptr, nullptr,
// grid, block, shared, stream), read past its two leading pointers.
__global__ void child(float *out) { out[threadIdx.x] = 0.0f; }
__global__ void fail1(float *out) {
  if (threadIdx.x == 0)
    child<<<1, 2048>>>(out);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: error: block dimension x of 2048 threads exceeds the limit of 1024; the launch of 'child' fails [cuda-launch-config-limits]
}
__global__ void correct1(float *out) {
  if (threadIdx.x == 0)
    child<<<4, 1024>>>(out);
}
