//===- CallIndex.h - The calls and function references of a unit -*- C++ -*-===//
//
// Several analyses ask who calls a function or launches a kernel: the launch
// index (a kernel's launch configurations, KernelLaunches.h), the
// unchecked-launch rule (do the callers of a launching function check for
// errors?), the cudaFuncSetAttribute settings of LaunchSite.h, the block
// sizes cuda-shared-race searches, the kernels the uniformity analysis may
// not assume warp-aligned. Each used to walk the whole translation unit for
// its answer: on a CuTe unit every walk of the instantiated templates cost
// about 2% of the run, and in clangd a walk of the unit's declarations loads
// the whole preamble again after each edit. This index is filled by the walk
// BodyParents makes anyway (one walk for all of them), over the traversal
// scope: in clangd the main file's declarations, on the command line every
// declaration outside system headers.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_CALLINDEX_H
#define CUDA_LINT_ANALYSIS_CALLINDEX_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include <vector>

namespace cuda_lint {

/// The calls and the function references of one translation unit's own code:
/// the AST's traversal scope (function bodies, initializers, template
/// arguments; template instantiations and lambda bodies included), except
/// declarations in system headers (the CUDA toolkit, CCCL, the C++ library:
/// the rules do not report there). Built with BodyParents, in its walk.
class CallIndex {
public:
  /// The index of \p Ctx's translation unit (BodyParents::forAST(Ctx)'s).
  static const CallIndex &forAST(clang::ASTContext &Ctx);

  /// Every call whose direct callee is \p Callee (any redeclaration; a
  /// function template specialization is its own callee), kernel launches
  /// `k<<<...>>>` included, in the order of the walk (source order within a
  /// body), each call once even where template instantiation shares it
  /// between bodies. Empty for none; builtins are not indexed.
  llvm::ArrayRef<const clang::CallExpr *> callsTo(const clang::FunctionDecl *Callee) const;

  /// Every indexed callee (a canonical declaration) with its calls, in the
  /// order the walk first met them.
  const llvm::MapVector<const clang::FunctionDecl *, std::vector<const clang::CallExpr *>> &
  callees() const {
    return Calls;
  }

  /// Every kernel launch `k<<<...>>>` with a direct callee, in the order of
  /// the walk, each once: the calls of callees() that are launches, for the
  /// analyses that want only those.
  llvm::ArrayRef<const clang::CUDAKernelCallExpr *> launches() const { return Launches; }

  /// The kernel launches `e<<<...>>>` with no direct callee (through a
  /// pointer to a kernel), which launches() does not list, in walk order.
  llvm::ArrayRef<const clang::CUDAKernelCallExpr *> indirectLaunches() const {
    return IndirectLaunches;
  }

  /// References to a function that are not a call's callee: its address
  /// stored, passed, returned or compared (`cudaFuncSetAttribute(k, ...)`,
  /// `&f`, `auto p = f;`), in the order of the walk, each once.
  llvm::ArrayRef<const clang::DeclRefExpr *> nonCallReferences() const { return Refs; }

  /// The expression naming the function that \p E calls or takes: \p E
  /// without parentheses, implicit and explicit casts and a unary `&`;
  /// nullptr when that is not a reference to a function.
  static const clang::DeclRefExpr *functionRef(const clang::Expr *E);

  /// What the walk that fills the index (BodyParents') calls for each call
  /// and each reference outside system headers, a call before its callee
  /// (pre-order); analyses only read the index.
  void addCall(const clang::CallExpr *CE);
  void addReference(const clang::DeclRefExpr *DRE);

private:
  llvm::MapVector<const clang::FunctionDecl *, std::vector<const clang::CallExpr *>> Calls;
  std::vector<const clang::CUDAKernelCallExpr *> Launches;
  std::vector<const clang::CUDAKernelCallExpr *> IndirectLaunches;
  std::vector<const clang::DeclRefExpr *> Refs;
  llvm::DenseSet<const clang::Stmt *> Seen;
  /// The callee expressions of the calls seen so far (a call is visited
  /// before its callee).
  llvm::DenseSet<const clang::DeclRefExpr *> CalleeRefs;
};

} // namespace cuda_lint

#endif
