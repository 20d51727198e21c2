//===- KernelLaunches.h - What a kernel's launches say about its threads -*- C++ -*-===//
//
// A guard such as `if (threadIdx.x >= n) return;` varies across the block in
// general, but not when every launch of the kernel uses a block of at most n
// threads in x: then no thread takes it. Real kernels keep such defensive
// guards (ggml's bitonic argsort launches `dim3(ncols_pad, 1, 1)` threads
// and returns when `threadIdx.x >= ncols_pad`), and a barrier after them is
// reached by the whole block. The divergence rules ask this component before
// they report a condition.
//
// The launches of a kernel are known when the kernel is referenced in the
// translation unit only by `<<<...>>>` launches (and by runtime calls that
// do not launch it, such as cudaFuncSetAttribute); a kernel whose address
// goes anywhere else may be launched with any configuration. A launch in
// another translation unit is not seen: a kernel declared `static` (or in an
// anonymous namespace, or a specialization of such a template) has none.
//
// Sources: CUDA C++ Programming Guide, "Execution Configuration" (the block
// dimensions of a launch) and "Built-in Variables" (threadIdx.d is below
// blockDim.d).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_KERNELLAUNCHES_H
#define CUDA_LINT_ANALYSIS_KERNELLAUNCHES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <vector>

namespace cuda_lint {

/// The `<<<...>>>` launches of each kernel of one translation unit, indexed
/// once (one walk of the translation unit outside system headers, on first
/// use). Create through forAST.
class KernelLaunchIndex {
public:
  explicit KernelLaunchIndex(clang::ASTContext &Ctx);
  static KernelLaunchIndex &forAST(clang::ASTContext &Ctx);

  /// Every launch of \p Kernel (a kernel or a kernel template's
  /// specialization; any redeclaration) in the translation unit, in source
  /// order; null when there is none, or when the kernel is referenced other
  /// than by those launches and by runtime calls that take a kernel without
  /// launching it (cudaFuncSetAttribute, cudaFuncGetAttributes,
  /// cudaFuncSetCacheConfig, cudaOccupancy*): its launches are then not all
  /// known.
  const std::vector<const clang::CUDAKernelCallExpr *> *
  launchesOf(const clang::FunctionDecl *Kernel);

private:
  void build();
  clang::ASTContext &Ctx;
  bool Built = false;
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::vector<const clang::CUDAKernelCallExpr *>>
      Launches;
  llvm::DenseMap<const clang::FunctionDecl *, bool> Escapes;
};

/// The truth value that condition \p Cond of kernel \p Kernel's body has in
/// every thread of every block at every launch of the kernel in the
/// translation unit, or std::nullopt when that is not shown.
///
/// The conditions understood are comparisons of a thread index with a
/// bound, and `!`, `&&`, `||` of them: `threadIdx.d >= B` and `threadIdx.d >
/// B` are false, `threadIdx.d < B` and `threadIdx.d <= B` true, when the
/// block's dimension d (threads) is at most B at every launch. The thread
/// index may go through a local that the kernel never changes (`int col =
/// threadIdx.x`). B is a constant (template arguments included), a kernel
/// parameter, or a local the kernel never changes initialised from them
/// (`k = k_template == 0 ? k_arg : k_template` is k_template's value or the
/// parameter k_arg, per specialization). At the launch, B's argument and the
/// block dimension are compared as constants (LaunchSiteEvaluator), as the
/// same host variable that the caller never changes (`dim3 b(n, 1, 1);
/// k<<<g, b>>>(n)`), or as a host variable whose value the enclosing
/// `switch` case or `if (v == c)` fixes.
std::optional<bool> conditionAtEveryLaunch(const clang::Expr *Cond,
                                           const clang::FunctionDecl *Kernel,
                                           clang::ASTContext &Ctx);

/// Whether every mention of variable \p V in \p Body only reads it: loaded
/// (lvalue-to-rvalue), copied (a constructor or call parameter of const
/// reference type), or a member of it loaded. An assignment, `++`, its
/// address or a non-const reference bound to it (to a member too) may
/// change it.
bool isOnlyRead(const clang::VarDecl *V, const clang::Stmt *Body,
                clang::ASTContext &Ctx);

} // namespace cuda_lint

#endif
