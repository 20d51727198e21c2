//===- SystemBodies.h - Function bodies a side need not parse -*- C++ -*-===//
//
// A CUDA side spends most of its parse in system headers, and most of that
// in the bodies of non-template inline functions: clang's CUDA wrapper
// headers (__clang_cuda_device_functions.h, __clang_cuda_intrinsics.h,
// __clang_cuda_texture_intrinsics.h, ...), the toolkit's cuda_fp16.hpp,
// cuda_bf16.hpp, math_functions.hpp, mma.hpp, and the C++ library's
// out-of-class member definitions. On cuda-samples' cudaTensorCoreGemm.cu
// (host + sm_90) those bodies are a quarter of the run. The rules never
// report in system headers, and what they read there is:
//
// - the bodies of templates, through instantiations (a user's functor called
//   by a library algorithm is instantiated from the library's body);
// - the bodies of library functions on the way to a collective
//   (CollectiveDivergence::libraryStep: cooperative_groups' sync(), CUB's
//   block collectives) or an error query (cuda-kernel-launch-unchecked);
// - the bodies of kernels (their static shared memory, at a launch);
// - the bodies of library helpers on the way to a barrier (cuda-shared-race),
//   a synchronization (cuda-managed-access-without-sync);
// - whether a constructor or destructor is empty (clang's check of
//   __device__ initializers, cuda-shared-initializer).
//
// So a side skips (clang's `FrontendOptions::SkipFunctionBodies`, decided per
// function through `ASTConsumer::shouldSkipFunctionBody`) the bodies of
// non-template functions that are not kernels, constructors or destructors,
// in the leaf headers of clang's CUDA wrapper, the C++ library and the
// toolkit (SystemBodyPolicy::canSkip). clang itself never skips a constexpr
// body or one with a deduced return type. That the skipped bodies reach
// nothing an analysis looks for (except through the table's own functions)
// is not assumed but checked, on the toolkit at hand, by auditBodySkipping
// (test/driver/system-body-skipping.test).
//
// Not skipped: with --system-headers (whose findings and compiler errors
// are in those bodies), and with CUDA_LINT_NO_BODY_SKIPPING set in the
// environment (for comparing findings and times; bench/README.md).
//
// The host side of a CUDA unit that also has device sides skips more: the
// bodies of device code alone (kernels, `__device__` functions), except in
// the headers of the forced includes (SystemBodyPolicy::canSkipDeviceBodyOnHost).
// The device sides parse them and report what is in them; the host side
// would only re-instantiate every kernel template a host launch names. What
// the host side's rules read of device bodies is then the device sides' to
// read (deviceBodiesSkipped), or kept: after a `__managed__` variable, and
// on a second parse where one came after a skipped body
// (driver/SystemBodySkipping.h).
// Turned off by CUDA_LINT_NO_DEVICE_BODY_SKIPPING as well.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_SYSTEMBODIES_H
#define CUDA_LINT_ANALYSIS_SYSTEMBODIES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include <string>
#include <vector>

namespace cuda_lint {

/// Which function bodies in system headers a side leaves unparsed; one per
/// translation unit (it caches per header of the unit's SourceManager).
class SystemBodyPolicy {
public:
  explicit SystemBodyPolicy(const clang::SourceManager &SM) : SM(SM) {}

  /// Whether the body of \p FD may be left unparsed: \p FD is defined in a
  /// system header, is not templated (not a template, not a member of a
  /// class template, not in a generic lambda) nor an instantiation, is not
  /// a kernel (`__global__`), a constructor or a destructor, and its header
  /// is a leaf header: one of clang's CUDA wrapper (`__clang_cuda_*.h`), of
  /// the C++ standard library (a `c++/<version>` directory holding
  /// bits/c++config.h, bits/stl_algobase.h or __config), the toolkit's
  /// `<cuda>/include/crt/`, or one of
  /// the toolkit's arithmetic, math, intrinsic, atomic, texture and surface
  /// headers (isLeafToolkitHeader in SystemBodies.cpp). The toolkit's
  /// include directory is the one holding cuda_runtime_api.h and
  /// cuda_fp16.h. clang then decides whether it can (never constexpr bodies
  /// or deduced return types).
  bool canSkip(const clang::FunctionDecl &FD);

  /// Whether the host side of a CUDA translation unit that is also analysed on
  /// at least one device side may leave \p FD's body unparsed
  /// (AnalysisSide::SkipsDeviceBodies): \p FD is device code alone
  /// (isDeviceOnlyFunction), is not declared inside a function (a member of a
  /// local class: an event in its body would seem to be in the enclosing
  /// function's), is not a constructor or destructor (clang reads
  /// whether one is empty for the initializers of `__device__` variables on
  /// the host side too), and is not in a header the forced includes
  /// (`-include`: clang's CUDA wrapper, the toolkit's runtime headers) bring
  /// in. Those are what the shared preamble holds, parsed without this policy,
  /// so that a side reads the same AST with and without it. Library headers
  /// the unit includes itself (CUB, Thrust, cooperative groups, CUTLASS) are
  /// not spared: their kernels, launched from the library's host code, are
  /// the costliest instantiations of all.
  ///
  /// The device sides parse that body, and every finding in it is theirs: on
  /// the host side a device function's body is preprocessed without
  /// `__CUDA_ARCH__` and never compiled for a GPU, so what the rules could find
  /// there only on the host side is code no device compilation runs. Skipping
  /// a template's body also leaves its specializations uninstantiated on the
  /// host side, which is most of the gain: a launch of `k<T>` in host code
  /// instantiates the kernel (and everything it calls) on every side.
  /// The host side's findings then differ only in naming fewer sides; its
  /// unused-declaration warnings, whose uses may be in a skipped body, are
  /// left to the device sides (unusedInSkippedBodies, LintRunner.cpp).
  bool canSkipDeviceBodyOnHost(const clang::FunctionDecl &FD);

private:
  const clang::SourceManager &SM;
  llvm::DenseMap<clang::FileID, bool> LeafHeaders;
  /// Per file: whether a forced include brought it in.
  llvm::DenseMap<clang::FileID, bool> ForcedIncludes;
};

/// Whether \p FD is device code alone: a kernel (`__global__`) or a
/// `__device__` function that is not also `__host__` (written, or implicit as
/// clang makes constexpr functions and `#pragma clang force_cuda_host_device`
/// regions). Only device compilations run its body (CUDA C++ Programming
/// Guide, "Function Execution Space Specifiers").
bool isDeviceOnlyFunction(const clang::FunctionDecl &FD);

/// Records that this translation unit is a host side that left a device body
/// unparsed (the consumer that skips calls it).
void recordDeviceBodySkipped(clang::ASTContext &Ctx);

/// Whether this translation unit is a host side that left device bodies
/// unparsed (SystemBodyPolicy::canSkipDeviceBodyOnHost). A rule that places
/// what the preprocessor saw (a pragma) in a function body leaves to the
/// device sides what may be in a skipped body: they parse every body. A
/// skipped body is never inside another function's (local classes keep
/// theirs), so an event inside a parsed body is in that body. (A host-side
/// rule that must read kernel bodies gets them kept instead, as
/// cuda-managed-access-without-sync does: driver/SystemBodySkipping.h.)
bool deviceBodiesSkipped(clang::ASTContext &Ctx);

/// Whether sides (and the shared preamble) skip the bodies SystemBodyPolicy
/// names: yes, unless the environment variable CUDA_LINT_NO_BODY_SKIPPING
/// or CUDA_LINT_AUDIT_BODY_SKIPPING (a whole parse for the audit) is set;
/// read once per process. Callers leave it off with --system-headers.
bool systemBodySkipping();

/// Whether host sides skip device bodies (SystemBodyPolicy::canSkipDeviceBodyOnHost): as
/// systemBodySkipping, and not with CUDA_LINT_NO_DEVICE_BODY_SKIPPING set in
/// the environment (for comparing findings and times; bench/README.md).
bool deviceBodySkipping();

/// What auditBodySkipping found in one translation unit.
struct BodySkipAudit {
  /// The defined functions SystemBodyPolicy::canSkip would skip.
  unsigned Skippable = 0;
  /// Of those, the ones whose body reaches (directly or through other
  /// bodies) what an analysis looks for in bodies, without being such a
  /// function itself: a function of the intrinsic table other than the
  /// atomics, clocks, thread indices and group queries, a runtime API
  /// function (`cuda*`), a kernel launch, inline assembly containing "bar",
  /// a __shared__ variable. As "qualified name (file:line)", sorted.
  std::vector<std::string> Violations;
};

/// Checks SystemBodyPolicy against a translation unit parsed whole (no body
/// skipped): every function it would skip must be one whose body no analysis
/// reads (BodySkipAudit::Violations says what counts), or one the analyses
/// know by name (they stop there and use what the table says of it). Template instantiations count as
/// bodies on the way. Used by the audit test, not by a normal run.
BodySkipAudit auditBodySkipping(clang::ASTContext &Ctx);

} // namespace cuda_lint

#endif
