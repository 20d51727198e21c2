// Suppression with clang-tidy's own NOLINT comments, on findings that both
// sides see (cuda-launch-bounds-with-maxnreg) and on findings that only the
// device side sees (cuda-wmma-divergent).
// RUN: %expect-exit 1 %cuda-lint %s > %t.txt 2>&1
// RUN: FileCheck %s --implicit-check-not='{{warning|error}}:' < %t.txt
#include <mma.h>
using namespace nvcuda;
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> Acc;

// Not suppressed: the control case.
__global__ void __launch_bounds__(64) __maxnreg__(32) fail1() {}
// CHECK: nolint.cu:[[@LINE-1]]:39: error: {{.*}}'fail1'{{.*}} [cuda-launch-bounds-with-maxnreg]
// CHECK: nolint.cu:[[@LINE-2]]:17: note: __launch_bounds__ is given here

// Without a rule: every rule on this line.
__global__ void __launch_bounds__(64) __maxnreg__(32) correct1() {} // NOLINT

// With a rule: that rule only ...
__global__ void __launch_bounds__(64) __maxnreg__(32) correct2() {} // NOLINT(cuda-launch-bounds-with-maxnreg)
// ... a glob of rules ...
__global__ void __launch_bounds__(64) __maxnreg__(32) correct3() {} // NOLINT(cuda-launch-*)
// ... and another rule's name suppresses nothing.
__global__ void __launch_bounds__(64) __maxnreg__(32) fail2() {} // NOLINT(cuda-wmma-divergent)
// CHECK: nolint.cu:[[@LINE-1]]:39: error: {{.*}}'fail2'{{.*}} [cuda-launch-bounds-with-maxnreg]

// The next-line form.
// NOLINTNEXTLINE(cuda-launch-bounds-with-maxnreg)
__global__ void __launch_bounds__(64) __maxnreg__(32) correct4() {}
// The next-line form covers the next line only.
// NOLINTNEXTLINE(cuda-launch-bounds-with-maxnreg)

__global__ void __launch_bounds__(64) __maxnreg__(32) fail3() {}
// CHECK: nolint.cu:[[@LINE-1]]:39: error: {{.*}}'fail3'{{.*}} [cuda-launch-bounds-with-maxnreg]

// On a device-only finding.
__global__ void correct5(float *c) {
  Acc acc;
  if (threadIdx.x < 16)
    wmma::fill_fragment(acc, 0.0f); // NOLINT(cuda-wmma-divergent)
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// A begin/end region around both kinds of findings.
// NOLINTBEGIN(cuda-wmma-divergent, cuda-launch-bounds-with-maxnreg)
__global__ void __launch_bounds__(64) __maxnreg__(32) correct6() {}
__global__ void correct7(float *c) {
  Acc acc;
  if (threadIdx.x < 16)
    wmma::fill_fragment(acc, 0.0f);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
// NOLINTEND(cuda-wmma-divergent, cuda-launch-bounds-with-maxnreg)

// After the end of the region, findings are back.
__global__ void fail4(float *c) {
  Acc acc;
  if (threadIdx.x < 16)
    wmma::fill_fragment(acc, 0.0f);
  // CHECK: nolint.cu:[[@LINE-1]]:5: warning: 'fill_fragment' {{.*}} [cuda-wmma-divergent]
  // CHECK: nolint.cu:[[@LINE-3]]:7: note: the divergent condition is here
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// A region whose BEGIN and END sit in the device and host halves of an
// __CUDA_ARCH__ conditional: the comments count on both sides.
#ifdef __CUDA_ARCH__
// NOLINTBEGIN(cuda-wmma-divergent)
__global__ void correct8(float *c) {
  Acc acc;
  if (threadIdx.x < 16)
    wmma::fill_fragment(acc, 0.0f);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
#else
// NOLINTEND(cuda-wmma-divergent)
__global__ void correct8(float *c) {}
#endif

// A suppression comment on a note's line does not hide the finding (clang-tidy only
// drops that note).
__global__ void fail5(float *c) {
  Acc acc;
  if (threadIdx.x < 16) // NOLINT(cuda-wmma-divergent)
    wmma::fill_fragment(acc, 0.0f);
  // CHECK: nolint.cu:[[@LINE-1]]:5: warning: 'fill_fragment' {{.*}} [cuda-wmma-divergent]
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// A rule that owns a clang error (cuda-shared-initializer: clang rejects the
// initializer on the device side): NOLINT covers clang's error too, though
// clang-tidy itself never suppresses compiler errors.
template <int N> __global__ void shared_init_kernel(float *out) {
  __shared__ float tile[N];
  __shared__ int count = 0; // NOLINT(cuda-shared-initializer)
  // NOLINTNEXTLINE(cuda-shared-*)
  __shared__ int count2 = 0;
  __shared__ int count3 = 0; // NOLINT(cuda-wmma-divergent)
  // CHECK: nolint.cu:[[@LINE-1]]:{{[0-9]+}}: error: {{.*}}[cuda-shared-initializer]
  tile[threadIdx.x % N] = count + count2 + count3;
  out[threadIdx.x] = tile[0];
}
template __global__ void shared_init_kernel<32>(float *);

// CHECK: cuda-lint: 1 file, 6 findings
