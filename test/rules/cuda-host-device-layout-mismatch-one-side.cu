// One side alone never reports cuda-host-device-layout-mismatch: the finding needs the host
// side and a device side of the same unit (cuda-lint), which clang-tidy (one side per run, as
// here) and cuda-lint-clangd do not have. The same file with cuda-lint reports it.
// RUN: %clang-tidy --load=%cuda-lint-plugin --checks='-*,cuda-host-device-layout-mismatch' %s -- \
// RUN:   -x cuda --cuda-path=%cuda-path --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONE --allow-empty
// RUN: %clang-tidy --load=%cuda-lint-plugin --checks='-*,cuda-host-device-layout-mismatch' %s -- \
// RUN:   -x cuda --cuda-path=%cuda-path --cuda-gpu-arch=sm_90 --cuda-host-only \
// RUN:   -Wno-unknown-cuda-version 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONE --allow-empty
// RUN: not %cuda-lint --checks='-*,cuda-host-device-layout-mismatch' %s 2>&1 | FileCheck %s --check-prefix=BOTH
// ONE-NOT: [cuda-host-device-layout-mismatch]
// BOTH: one-side.cu:[[@LINE+8]]:30: error: the layout of 'Params', {{.*}} [cuda-host-device-layout-mismatch]
struct Params {
  int n;
#ifdef __CUDA_ARCH__
  int scratch;
#endif
  float scale;
};
__global__ void scale(Params p, float *x) {}
