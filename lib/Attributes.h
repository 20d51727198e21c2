//===- Attributes.h - CUDA attributes clang 22 does not know ----*- C++ -*-===//
//
// clang 22 drops `maxnreg`, `local_maxnreg`, `tile`, `tile_global` and
// `tile_builtin` as unknown attributes (DESIGN.md, "Toolchain facts"); the CUDA
// 13 headers expand `__maxnreg__(n)` to `__attribute__((maxnreg(n)))` and
// `__tile_global__` to `__attribute__((tile_global))`. cuda-lint registers a
// `clang::ParsedAttrInfo` for each, which keeps the attribute on the
// declaration as an `AnnotateAttr` named "cuda-lint.<attribute>" (arguments
// preserved, instantiated with templates), so checks can see them.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ATTRIBUTES_H
#define CUDA_LINT_ATTRIBUTES_H

#include "clang/AST/Attr.h"
#include "llvm/Support/MathExtras.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/APSInt.h"
#include <optional>

namespace clang {
class Preprocessor;
}

namespace cuda_lint {

/// Forces the attribute registrations of Attributes.cpp into a program that
/// links the static library (call it once; it does nothing).
void linkCudaAttributes();

/// The `AnnotateAttr` cuda-lint made for CUDA attribute \p Name ("maxnreg",
/// "local_maxnreg", "tile", "tile_global", "tile_builtin") on \p D itself, or
/// nullptr. Looks at this declaration only; see \c findOnAnyRedecl.
const clang::AnnotateAttr *getCudaAttr(const clang::Decl *D,
                                       llvm::StringRef Name);

/// Like \c getCudaAttr, over every redeclaration of \p D (and, for a template
/// specialization, the declarations of its primary template). Returns the
/// first found with the declaration carrying it.
std::pair<const clang::AnnotateAttr *, const clang::Decl *>
findCudaAttrOnAnyRedecl(const clang::FunctionDecl *FD, llvm::StringRef Name);

/// The argument of `__maxnreg__(N)` / `__local_maxnreg__(N)`: nullptr when
/// absent or the attribute has no argument.
const clang::Expr *getCudaAttrArg(const clang::AnnotateAttr *A);

/// Whether \p VD is a `__managed__` variable (on any of its declarations).
/// clang 22 drops `managed` in CUDA mode; for nvcc commands cuda-lint's
/// compatibility header (driver/CompatHeader.h) makes `__managed__` a
/// `__device__` variable with the AnnotateAttr "cuda-lint.managed", which is
/// what this looks for (and clang's own HIPManagedAttr, for HIP-style ASTs).
/// On a clang command the attribute is gone and this is false.
bool isManagedVar(const clang::VarDecl *VD);

/// Whether \p FD is a `__tile_global__` kernel (attribute on any redeclaration).
bool isTileKernel(const clang::FunctionDecl *FD);

/// Makes `__launch_bounds__` and `__cluster_dims__` (crt/host_defines.h)
/// expand to cuda-lint's own attributes, so that what nvcc accepts and clang
/// 22 rejects or drops still reaches the AST as clang's CUDALaunchBoundsAttr /
/// CUDAClusterDimsAttr (or, for `__cluster_dims__()`, the AnnotateAttr
/// "cuda-lint.cluster_dims"): `__cluster_dims__()`, more than 8 blocks per
/// cluster, a cluster attribute below sm_90, the three-argument
/// `__launch_bounds__` on the host side and below sm_90. Appends to the
/// predefines of \p PP (after the implicit CUDA runtime wrapper); call before
/// the main file is parsed (ClangTidyCheck::registerPPCallbacks). Idempotent.
void installCudaAttributeCompat(clang::Preprocessor &PP);

/// The text installCudaAttributeCompat appends to the predefines (a
/// preamble of a unit's own lines is built with it, as the side parses them).
llvm::StringRef cudaAttributeCompatPredefines();

/// `__launch_bounds__(maxThreadsPerBlock, minBlocksPerMultiprocessor,
/// maxBlocksPerCluster)` of a kernel (CUDA C++ Programming Guide, "Launch
/// Bounds"), from any of its declarations; each value nullopt when absent or
/// not a non-negative constant.
struct CudaLaunchBounds {
  const clang::CUDALaunchBoundsAttr *Attr = nullptr;
  std::optional<uint64_t> MaxThreadsPerBlock; ///< threads
  std::optional<uint64_t> MinBlocksPerSM;     ///< blocks
  std::optional<uint64_t> MaxBlocksPerCluster; ///< blocks
};
/// The integer a `__launch_bounds__` argument \p E folds to (threads or
/// blocks), or none when it is dependent or not a constant; each argument is
/// evaluated once per translation unit.
std::optional<llvm::APSInt> launchBoundsArgValue(const clang::Expr *E,
                                                 const clang::ASTContext &Ctx);
CudaLaunchBounds getLaunchBounds(const clang::FunctionDecl *FD,
                                 const clang::ASTContext &Ctx);

/// `__cluster_dims__` of a kernel (CUDA C++ Programming Guide, "Thread Block
/// Clusters"): none, fixed dimensions (in blocks; an omitted dimension is 1),
/// or `__cluster_dims__()`: dimensions given at launch.
struct CudaClusterDims {
  enum Kind { None, Fixed, AtLaunch } K = None;
  clang::SourceLocation Loc;
  std::optional<uint64_t> X, Y, Z; ///< blocks, for Fixed
  /// Blocks per cluster when all three are known, saturated at UINT64_MAX
  /// (`__cluster_dims__(2147483647, 2147483647, 2147483647)` never wraps).
  std::optional<uint64_t> blocks() const {
    if (X && Y && Z)
      return llvm::SaturatingMultiply(llvm::SaturatingMultiply(*X, *Y), *Z);
    return std::nullopt;
  }
};
CudaClusterDims getClusterDims(const clang::FunctionDecl *FD,
                               const clang::ASTContext &Ctx);

} // namespace cuda_lint

#endif
