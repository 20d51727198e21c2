// Headers included through -isystem (the CUDA toolkit, CCCL, vendored
// libraries) are system headers: their findings are not reported and the
// checks do not traverse them, unless --system-headers (or SystemHeaders: true
// in .cuda-lint.yaml) asks for them; --header-filter still selects among them.
// RUN: %expect-exit 1 %cuda-lint %s -- -isystem %S/Inputs/sysinc > %t.default.txt 2>&1
// RUN: FileCheck %s --check-prefix=DEFAULT --implicit-check-not='{{warning|error}}:' < %t.default.txt
// DEFAULT: system-headers.cu:28:39: error: {{.*}} [cuda-launch-bounds-with-maxnreg]
// DEFAULT: cuda-lint: 1 file, 1 finding (1 error, 0 warnings)
//
// RUN: %expect-exit 1 %cuda-lint --system-headers %s -- -isystem %S/Inputs/sysinc > %t.txt 2>&1
// RUN: FileCheck %s --check-prefix=SYSTEM < %t.txt
// SYSTEM-DAG: vendor_kernels.cuh:3:39: error: {{.*}}'vendor_kernel'{{.*}} [cuda-launch-bounds-with-maxnreg]
// SYSTEM-DAG: vendor_nested.cuh:3:39: error: {{.*}}'nested_vendor_kernel'{{.*}} [cuda-launch-bounds-with-maxnreg]
// SYSTEM-DAG: system-headers.cu:28:39: error: {{.*}} [cuda-launch-bounds-with-maxnreg]
// SYSTEM: cuda-lint: 1 file, 3 findings (3 errors, 0 warnings)
//
#include <vendor_kernels.cuh>

// A system header included inside the project's own declaration: the checks'
// traversal of the project's declarations reaches the vendor's kernel (the
// match finder does not test each node's location: the traversal scope leaves
// out the system headers' own declarations), and its finding is still not
// reported by default.
namespace vendor {
#include <vendor_nested.cuh>
}

__global__ void __launch_bounds__(64) __maxnreg__(32) own_kernel(float *p) {
  p[threadIdx.x] = 1.f;
}

// The SYSTEM run's count (2 findings) also covers the compiler's own CUDA
// wrapper headers, which --system-headers does not report: clang's
// __clang_cuda_complex_builtins.h uses _Complex in device code as its
// implementation of complex arithmetic (cuda-float128-arch reported 8 warnings
// there before it skipped those headers).
