// runtime-check cuda-restrict-alias, bad: shift_add's __restrict__ parameters receive buf and
// buf + 1, which overlap. Read as plain C++ the loop carries each sum forward (dst[i] is src[i+1],
// read by the next iteration), giving buf[i] = i; the __restrict__ promise lets the compiler
// load src ahead of the stores, which gives buf[i] = 1 for every i > 0. Built with -O3 (case.json).
// cuda-lint reports the launch.
#include <vector>
#include "../common/runtime_check.cuh"

__global__ void shift_add(const float *__restrict__ src, float *__restrict__ dst, int n) {
  for (int i = 0; i < n; ++i)
    dst[i] = src[i] + 1.0f;
}

int main() {
  const int n = 4096;
  std::vector<float> host(n + 1, 0.0f);
  float *buf = nullptr;
  RC_CHECK(cudaSetDevice(0));
  RC_CHECK(cudaMalloc(&buf, (n + 1) * sizeof(float)));
  RC_CHECK(cudaMemcpy(buf, host.data(), (n + 1) * sizeof(float), cudaMemcpyHostToDevice));
  shift_add<<<1, 1>>>(buf, buf + 1, n);
  RC_CHECK_LAUNCH(shift_add);
  RC_CHECK(cudaMemcpy(host.data(), buf, (n + 1) * sizeof(float), cudaMemcpyDeviceToHost));
  RC_CHECK(cudaFree(buf));
  // What the loop means without the restrict promise: buf[i] = i.
  int wrong = 0, first = -1;
  for (int i = 0; i <= n; ++i)
    if (host[i] != float(i)) { ++wrong; if (first < 0) first = i; }
  if (wrong)
    RC_FINISH("wrong-results", "%d of %d elements differ from the sequential result (first at %d: %g)",
              wrong, n + 1, first, host[first]);
  RC_FINISH("correct-results", "all %d elements as the sequential loop computes them", n + 1);
}
