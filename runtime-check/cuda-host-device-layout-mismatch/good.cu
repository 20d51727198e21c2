// runtime-check cuda-host-device-layout-mismatch, good: Params has the same members on both
// sides; the kernel reads the values the host wrote.
// runtime-check/README.md, "Writing a pair": check every CUDA call, print one result line.
#include "../common/runtime_check.cuh"

struct Params {
  int a;
  int host_only; // present on both sides
  int b;
  int c;
};

__global__ void kernel(Params p, int *out) {
  out[0] = p.a;
  out[1] = p.b;
  out[2] = p.c;
}

int main() {
  Params p{1, 100, 2, 3};
  int res[3] = {-1, -1, -1};
  int *out = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&out, sizeof res));
  kernel<<<1, 1>>>(p, out);
  RC_CHECK_LAUNCH(kernel);
  RC_CHECK(cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(out));
  if (res[0] != 1 || res[1] != 2 || res[2] != 3)
    RC_FINISH("wrong-results", "host wrote a=1 b=2 c=3, kernel read a=%d b=%d c=%d", res[0], res[1], res[2]);
  RC_FINISH("correct-results", "kernel read a=1 b=2 c=3");
}
