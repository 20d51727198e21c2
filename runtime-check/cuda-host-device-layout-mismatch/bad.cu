// runtime-check cuda-host-device-layout-mismatch, bad: Params has a host-only member
// (#ifndef __CUDA_ARCH__), so the host lays it out as {a, host_only, b, c} (16 bytes) and the
// kernel as {a, b, c} (12 bytes). The host writes a=1, host_only=100, b=2, c=3; the kernel
// reads its fields at its own offsets and copies them out.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include "../common/runtime_check.cuh"

struct Params {
  int a;
#ifndef __CUDA_ARCH__
  int host_only;
#endif
  int b;
  int c;
};

__global__ void kernel(Params p, int *out) {
  out[0] = p.a;
  out[1] = p.b;
  out[2] = p.c;
}

int main() {
  Params p{};
  p.a = 1;
#ifndef __CUDA_ARCH__
  p.host_only = 100;
#endif
  p.b = 2;
  p.c = 3;
  int res[3] = {-1, -1, -1};
  int *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&out, sizeof res));
  kernel<<<1, 1>>>(p, out);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  if (res[0] != 1 || res[1] != 2 || res[2] != 3)
    RC_FINISH("wrong-results", "host wrote a=1 b=2 c=3 (sizeof %zu on the host), kernel read a=%d b=%d c=%d",
              sizeof(Params), res[0], res[1], res[2]);
  RC_FINISH("correct-results", "kernel read a=1 b=2 c=3");
}
