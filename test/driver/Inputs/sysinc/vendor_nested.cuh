// A third-party header the project includes inside its own namespace.
#pragma once
__global__ void __launch_bounds__(64) __maxnreg__(32) nested_vendor_kernel(float *p) {
  p[threadIdx.x] = 2.f;
}
