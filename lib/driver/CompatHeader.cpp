#include "driver/CompatHeader.h"
#include "llvm/Support/MemoryBuffer.h"

namespace cuda_lint {

llvm::StringRef compatHeaderPath() { return "/__cuda_lint__/cuda_lint_compat.h"; }

llvm::StringRef compatHeaderText() {
  return R"cpp(// cuda-lint compatibility header: declarations nvcc provides and clang's
// CUDA wrapper does not. Included by cuda-lint on every CUDA side.
#pragma once
#if defined(__CUDA__)
// nvcc: crt/math_functions.hpp declares these min/max overloads
// __host__ __device__; clang includes it with __host__ defined away, so only
// the device overloads exist and host code calling min(a, b) does not compile
// (on either side: with no viable candidate at all, even the device side
// rejects the host function).
#define __CUDA_LINT_MINMAX(R, A, B)                                            \
  static inline __host__ R min(const A a, const B b) {                         \
    return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a)           \
                                                 : static_cast<R>(b);          \
  }                                                                            \
  static inline __host__ R max(const A a, const B b) {                         \
    return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(b)           \
                                                 : static_cast<R>(a);          \
  }
__CUDA_LINT_MINMAX(int, int, int)
__CUDA_LINT_MINMAX(unsigned int, unsigned int, unsigned int)
__CUDA_LINT_MINMAX(unsigned int, int, unsigned int)
__CUDA_LINT_MINMAX(unsigned int, unsigned int, int)
__CUDA_LINT_MINMAX(long int, long int, long int)
__CUDA_LINT_MINMAX(unsigned long int, unsigned long int, unsigned long int)
__CUDA_LINT_MINMAX(unsigned long int, long int, unsigned long int)
__CUDA_LINT_MINMAX(unsigned long int, unsigned long int, long int)
__CUDA_LINT_MINMAX(long long int, long long int, long long int)
__CUDA_LINT_MINMAX(unsigned long long int, unsigned long long int, unsigned long long int)
__CUDA_LINT_MINMAX(unsigned long long int, long long int, unsigned long long int)
__CUDA_LINT_MINMAX(unsigned long long int, unsigned long long int, long long int)
__CUDA_LINT_MINMAX(float, float, float)
__CUDA_LINT_MINMAX(double, double, double)
__CUDA_LINT_MINMAX(double, float, double)
__CUDA_LINT_MINMAX(double, double, float)
#undef __CUDA_LINT_MINMAX
// cooperative_groups (details/info.h) offers cluster_group and this_cluster()
// only under nvcc, or where the cluster intrinsics are known to exist, which
// they are in clang 22's CUDA headers (sm_90 and later, as under nvcc).
#if !defined(_CG_CLUSTER_INTRINSICS_AVAILABLE)
#define _CG_CLUSTER_INTRINSICS_AVAILABLE 1
#endif
#endif
)cpp";
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> compatHeaderFileSystem() {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  FS->addFile(compatHeaderPath(), 0,
              llvm::MemoryBuffer::getMemBuffer(compatHeaderText(), compatHeaderPath()));
  return FS;
}

} // namespace cuda_lint
