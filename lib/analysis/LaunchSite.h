//===- LaunchSite.h - Kernel launch sites and their configuration -*- C++ -*-=//
//
// The launch-site evaluator of cuda-lint (RULES.md group B; CUDA C++
// Programming Guide, "Execution Configuration", "Thread Block Clusters",
// CUDA Runtime API "Execution Control").
//
// A launch site is one of
//   - `kernel<<<grid, block, sharedBytes, stream>>>(args)` (CUDAKernelCallExpr),
//   - `cudaLaunchKernel(func, grid, block, args, sharedBytes, stream)` and
//     `cudaLaunchCooperativeKernel` (same arguments), C and templated C++
//     overloads, `_ptsz` / `_ptds` spellings,
//   - `cudaLaunchKernelEx(&config, kernel, args...)` / `cudaLaunchKernelExC`
//     with a `cudaLaunchConfig_t` (gridDim, blockDim, dynamicSmemBytes, and
//     its `attrs` array, of which cudaLaunchAttributeClusterDimension matters).
//
// The evaluator computes what is known at compile time: the kernel
// (FunctionDecl, template specializations included, through function
// pointers, casts and local pointer variables), grid dimensions (blocks),
// block dimensions (threads), dynamic shared memory (bytes) and cluster
// dimensions (blocks). Values come from the constant evaluator (literals,
// constexpr, const variables, template arguments, sizeof, arithmetic) and, for
// local variables and their fields (`dim3 b; b.x = 512;`, `cfg.gridDim = g;`,
// `attrs[0].val.clusterDim.x = 2;`), from a reaching-definition walk: either
// the variable is never written after its declaration, or every path of the
// function's CFG back from the launch meets the same definition (a launch
// wrapped in a `do { ... } while (0)` checking macro or in a loop, with the
// configuration filled in before it; pruned edges are not paths). A value
// known only at run
// time is std::nullopt: rules must treat it as "no finding".
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_LAUNCHSITE_H
#define CUDA_LINT_ANALYSIS_LAUNCHSITE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CFG;
class CFGBlock;
} // namespace clang

namespace cuda_lint {

/// A dim3-shaped value; each component known at compile time or not.
struct Dim3Value {
  std::optional<uint64_t> X, Y, Z;
  bool allKnown() const { return X && Y && Z; }
  /// X * Y * Z when all are known, saturated at UINT64_MAX (never wrapped:
  /// `dim3(4294967295u, 4294967295u, 4294967295u)` is above any limit, and
  /// num() prints the saturated value as "at least ...").
  std::optional<uint64_t> product() const {
    if (!allKnown())
      return std::nullopt;
    return llvm::SaturatingMultiply(llvm::SaturatingMultiply(*X, *Y), *Z);
  }
  std::optional<uint64_t> get(unsigned I) const { return I == 0 ? X : I == 1 ? Y : Z; }
};

/// How the kernel is launched.
enum class LaunchKind {
  TripleChevron,           ///< kernel<<<...>>>(...)
  LaunchKernel,            ///< cudaLaunchKernel
  LaunchCooperativeKernel, ///< cudaLaunchCooperativeKernel
  LaunchKernelEx,          ///< cudaLaunchKernelEx / cudaLaunchKernelExC
};

/// What is known about a cluster-dimension launch attribute at a launch.
enum class ClusterAttrState {
  NotApplicable, ///< the launch kind has no attributes (<<<>>>, cudaLaunchKernel)
  Absent,        ///< cudaLaunchKernelEx whose attributes are known, none of them a cluster dimension
  Present,       ///< a cudaLaunchAttributeClusterDimension attribute is set
  Unknown,       ///< the attributes are not known at compile time
};

/// One launch site and its configuration, as far as known at compile time.
struct LaunchSite {
  LaunchKind Kind = LaunchKind::TripleChevron;
  const clang::Expr *Call = nullptr;               ///< the launch expression
  const clang::FunctionDecl *Caller = nullptr;     ///< the function containing it
  const clang::FunctionDecl *Kernel = nullptr;     ///< null when not known
  const clang::Expr *KernelExpr = nullptr;
  const clang::Expr *GridExpr = nullptr;   ///< may be null (cudaLaunchKernelEx)
  const clang::Expr *BlockExpr = nullptr;  ///< may be null (cudaLaunchKernelEx)
  const clang::Expr *SharedExpr = nullptr; ///< null when not given
  Dim3Value Grid;                          ///< blocks
  Dim3Value Block;                         ///< threads
  std::optional<uint64_t> DynamicSharedBytes; ///< bytes; 0 when not given
  ClusterAttrState ClusterAttr = ClusterAttrState::NotApplicable;
  Dim3Value ClusterDim;                    ///< blocks, when ClusterAttr is Present
  /// Threads per block (Block.product()).
  std::optional<uint64_t> threadsPerBlock() const { return Block.product(); }
};

/// The launch kind of a call to a CUDA runtime launch function (by name,
/// ignoring `_ptsz`/`_ptds`), or nullopt for any other call.
std::optional<LaunchKind> launchApiKind(const clang::CallExpr *CE);

/// The function (or lambda call operator) whose body contains \p S.
const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S,
                                             clang::ASTContext &Ctx);

/// Evaluates launch sites of one translation unit; the functions' CFGs come
/// from the translation unit's CFGCache. Create one per translation unit.
class LaunchSiteEvaluator {
public:
  explicit LaunchSiteEvaluator(clang::ASTContext &Ctx);
  ~LaunchSiteEvaluator();

  /// The launch site of \p E (a CUDAKernelCallExpr or a call of a launch
  /// function), or nullopt when \p E is not a launch or is value-dependent.
  std::optional<LaunchSite> evaluate(const clang::Expr *E);

  /// The value of integer expression \p E evaluated at the point of \p E
  /// (locals resolved through their reaching definitions).
  std::optional<uint64_t> evaluateInt(const clang::Expr *E);
  /// The value of a dim3 (or integer converted to dim3) expression.
  Dim3Value evaluateDim3(const clang::Expr *E);
  /// The function \p E designates (through &, casts and local pointer
  /// variables), or null.
  const clang::FunctionDecl *evaluateFunction(const clang::Expr *E);

  /// One step of a path into an aggregate: a field (by name) or an index.
  struct PathElem {
    std::string Field;            ///< empty for an index
    std::optional<int64_t> Index; ///< set for an index; nullopt+empty Field: unknown index
  };
  using Path = std::vector<PathElem>;

private:
  std::optional<uint64_t> evalInt(const clang::Expr *E, const clang::Stmt *At,
                                  unsigned Depth);
  std::optional<uint64_t> evalAt(const clang::Expr *E, const Path &P,
                                 const clang::Stmt *At, unsigned Depth);
  /// The expression defining location (Var, P) at \p At, and the rest of the
  /// path into it; nullopt when unknown.
  std::optional<std::pair<const clang::Expr *, Path>>
  reachingDef(const clang::VarDecl *V, const Path &P, const clang::Stmt *At);
  const clang::FunctionDecl *evalFunction(const clang::Expr *E,
                                          const clang::Stmt *At, unsigned Depth);
  /// The DeclRefExprs naming \p V in the body of \p F (not in its lambdas'
  /// bodies). The first question about \p F indexes every variable's in one
  /// walk of the body: a launch asks about many variables of one function.
  llvm::ArrayRef<const clang::DeclRefExpr *> mentionsIn(const clang::FunctionDecl *F,
                                                        const clang::VarDecl *V);

  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::DenseMap<const clang::Decl *,
                                llvm::SmallVector<const clang::DeclRefExpr *, 4>>>
      Mentions;
};

/// One `cudaFuncSetAttribute(kernel, attribute, value)` call (C API or the
/// C++ template overload of cuda_runtime.h), as far as known.
struct FuncAttributeSetting {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Caller = nullptr;
  const clang::FunctionDecl *Kernel = nullptr; ///< null: could be any kernel
  std::optional<int64_t> Attribute;            ///< cudaFuncAttribute value
  std::optional<uint64_t> Value;
  /// Whether this setting may concern \p K (same kernel, or unknown).
  bool mayConcern(const clang::FunctionDecl *K) const;
};

/// Every cudaFuncSetAttribute call of the translation unit outside system
/// headers.
std::vector<FuncAttributeSetting>
collectFuncAttributeSettings(clang::ASTContext &Ctx, LaunchSiteEvaluator &Eval);

/// The launch analysis of one translation unit, shared by every check that
/// asks (the six launch rules of LaunchConfigCheck look at the same launch
/// sites): each launch site is evaluated once, each function's CFG built
/// once, the cudaFuncSetAttribute calls collected once, instead of once per
/// rule. Created on first use and destroyed with the ASTContext; forAST is
/// thread-safe across translation units analysed in parallel (one
/// ASTContext is only ever used by one thread).
class LaunchSiteCache {
public:
  explicit LaunchSiteCache(clang::ASTContext &Ctx);
  static LaunchSiteCache &forAST(clang::ASTContext &Ctx);

  /// LaunchSiteEvaluator::evaluate, memoised per expression.
  const std::optional<LaunchSite> &evaluate(const clang::Expr *E);
  /// collectFuncAttributeSettings, computed once.
  const std::vector<FuncAttributeSetting> &funcAttributeSettings();
  LaunchSiteEvaluator &evaluator() { return Eval; }

private:
  clang::ASTContext &Ctx;
  LaunchSiteEvaluator Eval;
  llvm::DenseMap<const clang::Expr *, std::optional<LaunchSite>> Sites;
  std::optional<std::vector<FuncAttributeSetting>> Settings;
};

/// The value of the enumerator \p Name of the CUDA runtime headers (looked
/// up in the translation unit), or \p Fallback when not declared.
int64_t cudaEnumValue(clang::ASTContext &Ctx, llvm::StringRef Name, int64_t Fallback);

/// Bytes of `__shared__` variables of constant size declared in the body of
/// kernel \p FD (static shared memory; callees are not counted).
uint64_t staticSharedBytes(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);

} // namespace cuda_lint

#endif
