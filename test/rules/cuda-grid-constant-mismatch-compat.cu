// With only the grid-constant rules enabled, the nvcc compatibility of the
// CUDA attributes is still installed (every check installs it through
// CudaCheck::registerPPCallbacks, which no check can bypass): the
// `__cluster_dims__(16, 1, 1)` and `__cluster_dims__()` that nvcc accepts
// give no compiler error, and the grid-constant finding in the same
// translation unit is reported.
// RUN: not %cuda-lint --checks='-*,cuda-grid-constant-*' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: not %cuda-lint --checks='-*,cuda-grid-constant-mismatch' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='{{warning|error}}:'
#include <cuda_runtime.h>

struct Params { float scale[4]; };

__global__ void __cluster_dims__(16, 1, 1) big_cluster(float *x) {}
__global__ void __cluster_dims__() runtime_cluster(float *x) {}
__global__ void __launch_bounds__(128, 1, 2) three_args(float *x) {}

__global__ void fail1(__grid_constant__ const Params p);
__global__ void fail1(const Params p) {}
// CHECK: :[[@LINE-1]]:36: error: parameter 'p' of kernel 'fail1' is not __grid_constant__ in this declaration but in an earlier one; nvcc rejects declarations that disagree on __grid_constant__ [cuda-grid-constant-mismatch]

__global__ void correct1(__grid_constant__ const Params p);
__global__ void correct1(__grid_constant__ const Params p) {}
