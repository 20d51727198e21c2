// Investigation (not a pair): which error an over-sized launch configuration returns, through the
// runtime (<<<>>>, cudaLaunchKernel) and through the driver API (cuLaunchKernel), with the
// runtime and driver versions. Run 1 on an H200 (CUDA 13.0, driver 580.159.04) saw
// cudaErrorInvalidValue where the pairs expected cudaErrorInvalidConfiguration.
// Build: nvcc -arch=sm_90 launch_error_codes.cu -lcuda
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void noop(int *p) {
  if (p) *p = 1;
}

static void report(const char *what, cudaError_t err) {
  std::printf("%-44s %s\n", what, cudaGetErrorName(err));
}

int main() {
  int runtime = 0, driver = 0;
  cudaRuntimeGetVersion(&runtime);
  cudaDriverGetVersion(&driver);
  std::printf("runtime %d, driver %d\n", runtime, driver);
  int *p = nullptr;
  if (cudaError_t e = cudaMalloc(&p, sizeof(int)); e != cudaSuccess) return report("cudaMalloc", e), 1;

  struct { const char *name; dim3 grid, block; } configs[] = {
      {"block (2048,1,1)", dim3(1), dim3(2048)},
      {"block (1,1,128)", dim3(1), dim3(1, 1, 128)},
      {"block (1,2048,1)", dim3(1), dim3(1, 2048, 1)},
      {"grid (1,65536,1)", dim3(1, 65536), dim3(32)},
      {"grid (1,1,65536)", dim3(1, 1, 65536), dim3(32)},
      {"block (0,1,1)", dim3(1), dim3(0)},
  };
  for (auto &c : configs) {
    char what[96];
    noop<<<c.grid, c.block>>>(p);
    std::snprintf(what, sizeof what, "<<<>>> %s: cudaGetLastError", c.name);
    report(what, cudaGetLastError());
    report("  then cudaDeviceSynchronize", cudaDeviceSynchronize());
    void *args[] = {&p};
    std::snprintf(what, sizeof what, "cudaLaunchKernel %s", c.name);
    report(what, cudaLaunchKernel((const void *)noop, c.grid, c.block, args, 0, nullptr));
    cudaGetLastError();
    cudaFunction_t f = nullptr;
    if (cudaError_t e = cudaGetFuncBySymbol(&f, (const void *)noop); e != cudaSuccess) {
      report("cudaGetFuncBySymbol", e);
      continue;
    }
    CUresult r = cuLaunchKernel((CUfunction)f, c.grid.x, c.grid.y, c.grid.z, c.block.x, c.block.y,
                                c.block.z, 0, nullptr, args, nullptr);
    const char *name = nullptr;
    cuGetErrorName(r, &name);
    std::printf("cuLaunchKernel %-29s %s\n", c.name, name ? name : "?");
  }
  return 0;
}
