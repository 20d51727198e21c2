#include "driver/CompatHeader.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
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

llvm::StringRef nvccCompatHeaderPath() { return "/__cuda_lint__/cuda_lint_nvcc.h"; }

llvm::StringRef nvccCompatHeaderText() {
  return R"cpp(// cuda-lint nvcc compatibility header: what nvcc accepts and clang 22 does
// not (RULES.md "Parsing what nvcc accepts"). Included on the sides of nvcc
// commands only; a clang command keeps clang's behaviour.
#pragma once
#if defined(__CUDA__)
// nvcc's cuda_runtime.h brings in the C++ library's <math.h> (whose
// using-declarations put std::isfinite, isnan, isinf, signbit, fpclassify,
// isnormal, isgreater ... isunordered and the float modf into the global
// namespace), <stdio.h>, <time.h> (clock, time) and <assert.h>; clang's CUDA
// wrapper brings <cmath> only, so host calls such as isfinite(1.0f) or clock()
// find nothing but the device overloads of __clang_cuda_cmath.h and
// __clang_cuda_device_functions.h ("no matching function").
#include <math.h>
#include <stdio.h>
#include <time.h>
#include <assert.h>
// __managed__: nvcc makes the variable a __device__ variable that host code
// may use as well; clang 22 keeps `managed` for HIP only and drops it in CUDA
// mode, leaving a host variable that device code may not name ("reference to
// __host__ variable"). Here it is a __device__ variable kept marked as
// managed (cuda_lint::isManagedVar, Attributes.h).
#undef __managed__
#define __managed__ __attribute__((device)) __attribute__((annotate("cuda-lint.managed")))
// Cache-hinted loads and stores of sm_32_intrinsics.h that clang 22's
// __clang_cuda_intrinsics.h lacks (all of __ldca, __ldlu, __stcg, __stcs,
// __stwb; the `long` overloads of __ldcg, __ldcv, __ldcs and __stwt), so that
// `__stcs(reinterpret_cast<int4 *>(p), v)` resolves as under nvcc. Only their
// declarations matter to an analysis (nothing is compiled), so they have no
// body, which keeps the header's parse cost small.
#if __clang_major__ <= 22 && (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 320)
#define __CUDA_LINT_LD(NAME, T) __device__ T NAME(const T *);
#define __CUDA_LINT_ST(NAME, T) __device__ void NAME(T *, T);
#define __CUDA_LINT_LDST_ALL(M, NAME) \
  M(NAME, long) \
  M(NAME, unsigned long) \
  M(NAME, char) \
  M(NAME, signed char) \
  M(NAME, short) \
  M(NAME, int) \
  M(NAME, long long) \
  M(NAME, char2) \
  M(NAME, char4) \
  M(NAME, short2) \
  M(NAME, short4) \
  M(NAME, int2) \
  M(NAME, int4) \
  M(NAME, longlong2) \
  M(NAME, unsigned char) \
  M(NAME, unsigned short) \
  M(NAME, unsigned int) \
  M(NAME, unsigned long long) \
  M(NAME, uchar2) \
  M(NAME, uchar4) \
  M(NAME, ushort2) \
  M(NAME, ushort4) \
  M(NAME, uint2) \
  M(NAME, uint4) \
  M(NAME, ulonglong2) \
  M(NAME, float) \
  M(NAME, double) \
  M(NAME, float2) \
  M(NAME, float4) \
  M(NAME, double2) 
__CUDA_LINT_LDST_ALL(__CUDA_LINT_LD, __ldca)
__CUDA_LINT_LDST_ALL(__CUDA_LINT_LD, __ldlu)
__CUDA_LINT_LDST_ALL(__CUDA_LINT_ST, __stcg)
__CUDA_LINT_LDST_ALL(__CUDA_LINT_ST, __stcs)
__CUDA_LINT_LDST_ALL(__CUDA_LINT_ST, __stwb)
__CUDA_LINT_LD(__ldcg, unsigned long)
__CUDA_LINT_LD(__ldcv, unsigned long)
__CUDA_LINT_LD(__ldcs, unsigned long)
__CUDA_LINT_ST(__stwt, long)
__CUDA_LINT_ST(__stwt, unsigned long)
#undef __CUDA_LINT_LDST_ALL
#undef __CUDA_LINT_LD
#undef __CUDA_LINT_ST
#endif
// nvcc 12.8's atomic built-in functions (CUDA C++ Programming Guide, "Atomic
// Built-in Functions") and their memory-order and scope constants, which
// clang 22 lacks. CUTLASS calls __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)
// whenever __CUDACC_VER_MAJOR__ says 12.8 or later. Declared for parsing only:
// the order and scope arguments are checked for type, not honoured.
#if !defined(__NV_ATOMIC_RELAXED)
#define __NV_ATOMIC_RELAXED 0
#define __NV_ATOMIC_CONSUME 1
#define __NV_ATOMIC_ACQUIRE 2
#define __NV_ATOMIC_RELEASE 3
#define __NV_ATOMIC_ACQ_REL 4
#define __NV_ATOMIC_SEQ_CST 5
#define __NV_THREAD_SCOPE_THREAD 0
#define __NV_THREAD_SCOPE_BLOCK 1
#define __NV_THREAD_SCOPE_CLUSTER 2
#define __NV_THREAD_SCOPE_DEVICE 3
#define __NV_THREAD_SCOPE_SYSTEM 4
#define __CUDA_LINT_ATOMIC_FETCH(NAME, BUILTIN) \
  template <typename T> __attribute__((device)) inline T NAME(T *p, T v, int, int = 4) { \
    return BUILTIN(p, v, __ATOMIC_SEQ_CST); }
__CUDA_LINT_ATOMIC_FETCH(__nv_atomic_fetch_add, __atomic_fetch_add)
__CUDA_LINT_ATOMIC_FETCH(__nv_atomic_fetch_sub, __atomic_fetch_sub)
__CUDA_LINT_ATOMIC_FETCH(__nv_atomic_fetch_and, __atomic_fetch_and)
__CUDA_LINT_ATOMIC_FETCH(__nv_atomic_fetch_or, __atomic_fetch_or)
__CUDA_LINT_ATOMIC_FETCH(__nv_atomic_fetch_xor, __atomic_fetch_xor)
__CUDA_LINT_ATOMIC_FETCH(__nv_atomic_fetch_min, __atomic_fetch_min)
__CUDA_LINT_ATOMIC_FETCH(__nv_atomic_fetch_max, __atomic_fetch_max)
#undef __CUDA_LINT_ATOMIC_FETCH
template <typename T> __attribute__((device)) inline T __nv_atomic_load_n(const T *p, int, int = 4) {
  return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
template <typename T> __attribute__((device)) inline void __nv_atomic_load(const T *p, T *r, int, int = 4) {
  __atomic_load(p, r, __ATOMIC_SEQ_CST); }
template <typename T> __attribute__((device)) inline void __nv_atomic_store_n(T *p, T v, int, int = 4) {
  __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }
template <typename T> __attribute__((device)) inline void __nv_atomic_store(T *p, T *v, int, int = 4) {
  __atomic_store(p, v, __ATOMIC_SEQ_CST); }
template <typename T> __attribute__((device)) inline T __nv_atomic_exchange_n(T *p, T v, int, int = 4) {
  return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); }
template <typename T> __attribute__((device)) inline void __nv_atomic_exchange(T *p, T *v, T *r, int, int = 4) {
  __atomic_exchange(p, v, r, __ATOMIC_SEQ_CST); }
template <typename T> __attribute__((device)) inline bool __nv_atomic_compare_exchange_n(
    T *p, T *e, T d, bool w, int, int, int = 4) {
  return __atomic_compare_exchange_n(p, e, d, w, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); }
template <typename T> __attribute__((device)) inline bool __nv_atomic_compare_exchange(
    T *p, T *e, T *d, bool w, int, int, int = 4) {
  return __atomic_compare_exchange(p, e, d, w, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); }
__attribute__((device)) inline void __nv_atomic_thread_fence(int, int = 4) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST); }
#endif
#endif
)cpp";
}

llvm::StringRef preambleMainFilePath() { return "/__cuda_lint__/preamble.cu"; }

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> compatHeaderFileSystem() {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  FS->addFile(compatHeaderPath(), 0,
              llvm::MemoryBuffer::getMemBuffer(compatHeaderText(), compatHeaderPath()));
  FS->addFile(nvccCompatHeaderPath(), 0,
              llvm::MemoryBuffer::getMemBuffer(nvccCompatHeaderText(), nvccCompatHeaderPath()));
  FS->addFile(preambleMainFilePath(), 0, llvm::MemoryBuffer::getMemBuffer("", preambleMainFilePath()));
  return FS;
}

std::optional<std::string> RealPathResolver::resolve(llvm::StringRef Path) {
  if (!llvm::sys::path::is_absolute(Path))
    return std::nullopt;
  llvm::SmallString<256> Resolved;
  bool IsLink = false;
  if (llvm::sys::fs::is_symlink_file(Path, IsLink) || IsLink) {
    if (llvm::sys::fs::real_path(Path, Resolved))
      return std::nullopt;
    return Resolved.str().str();
  }
  llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
  auto [D, New] = Dirs.try_emplace(Dir);
  if (New && !llvm::sys::fs::real_path(Dir, Resolved))
    D->second = Resolved.str().str();
  if (D->second.empty())
    return std::nullopt;
  llvm::SmallString<256> Out(D->second);
  llvm::sys::path::append(Out, llvm::sys::path::filename(Path));
  return Out.str().str();
}

void forEachLoadedInput(
    const clang::SourceManager &SM,
    llvm::function_ref<void(llvm::StringRef Path, llvm::StringRef Opened, llvm::StringRef Data)>
        Each) {
  RealPathResolver Real;
  for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End; ++It) {
    std::optional<llvm::StringRef> Data = It->second->getBufferDataIfLoaded();
    if (!Data)
      continue;
    llvm::StringRef Name = It->first.getName();
    llvm::StringRef ClangReal = It->first.getFileEntry().tryGetRealPathName();
    if (Name.starts_with(CompatHeaderDirectory) || ClangReal.starts_with(CompatHeaderDirectory))
      continue; // part of cuda-lint, not an input
    // The name as opened, absolute against the command's directory (the
    // file manager's working directory), its `..` kept.
    llvm::SmallString<256> Opened(Name);
    SM.getFileManager().makeAbsolutePath(Opened);
    // The file system's real path. Not clang's "real path", which for a
    // file it did not open itself (a shared preamble's header) is the name
    // with its `..` removed as text: wrong through a link (with Debian's
    // /lib -> usr/lib, `/lib/gcc/x86_64-linux-gnu/12/../../../../include/...`,
    // reached from clang's cuda_wrappers, became `/include/...`, a file that
    // does not exist: such a side's cached result never matched).
    std::optional<std::string> Resolved = Real.resolve(Opened);
    llvm::SmallString<256> Path;
    if (Resolved)
      Path = *Resolved;
    else {
      Path = ClangReal.empty() ? Opened.str() : ClangReal;
      SM.getFileManager().makeAbsolutePath(Path);
    }
    Each(Path, Opened.str() == Path.str() ? llvm::StringRef() : Opened.str(), *Data);
  }
}

} // namespace cuda_lint
