//===- CFGCache.h - One CFG per function, shared by the analyses -*- C++ -*-===//
//
// The uniformity analysis and the launch analysis both walk clang CFGs of the
// translation unit's functions; this cache builds each function's CFG once
// (per translation unit, destroyed with its ASTContext) with one set of
// options, and indexes its elements.
//
// The options: every statement and sub-expression is an element
// (BuildOptions::setAllAlwaysAdd, as clang's dataflow analyses build them),
// trivially false edges pruned, no implicit destructors, temporaries'
// destructors or member initializers.
//
// On a CuTe unit the analyses visit thousands of helper instantiations and
// every CFG is kept for the unit, so what is kept per CFG is built only when
// asked for (elementOf, blockIndex): an eager index of the elements of every
// CFG was about 95 MB of a 1.1 GB side.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_CFGCACHE_H
#define CUDA_LINT_ANALYSIS_CFGCACHE_H

#include "clang/AST/ASTContext.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace clang {
class PostOrderCFGView;
}

namespace cuda_lint {

/// The block id of each statement of a CFG that is an element or a block's
/// terminator: blocks in the CFG's order, each block's elements before its
/// terminator, the first occurrence kept (a `&&` is the terminator of the
/// block of its left operand and an element of the block after). A sorted
/// array, 16 bytes a statement: a DenseMap took 28 on average, and on a CuTe
/// unit the index covers about 600,000 statements.
class StmtBlockIndex {
public:
  /// The block id of \p S, or nullopt when \p S is neither an element nor a
  /// terminator.
  std::optional<unsigned> blockOf(const clang::Stmt *S) const;

private:
  friend class CFGCache;
  std::vector<std::pair<const clang::Stmt *, unsigned>> Sorted;
};

class CFGCache {
public:
  explicit CFGCache(clang::ASTContext &Ctx);
  ~CFGCache();

  /// The cache of the translation unit of \p Ctx (PerASTContext.h).
  static CFGCache &forAST(clang::ASTContext &Ctx);

  /// The options every cached CFG is built with (see the file comment).
  static clang::CFG::BuildOptions buildOptions();

  /// The CFG of \p FD's body, built on first use; null when \p FD has no body
  /// (this declaration's or another redeclaration's: the one with the body
  /// is used) or clang cannot build it.
  const clang::CFG *cfgFor(const clang::FunctionDecl *FD);

  /// Where \p S is an element of cfgFor(\p FD): its block and index (the
  /// first occurrence); nullopt when it is not an element. The index of the
  /// elements is built on the first call for \p FD (the launch analysis asks
  /// for a few host functions; most CFGs never need it).
  std::optional<std::pair<const clang::CFGBlock *, unsigned>>
  elementOf(const clang::FunctionDecl *FD, const clang::Stmt *S);

  /// The block of each statement of cfgFor(\p FD) that is an element or a
  /// block's terminator. Built on first use and shared by every analysis of
  /// \p FD (the uniformity analysis analyses a helper once per parameter
  /// context); null when there is no CFG.
  const StmtBlockIndex *blockIndex(const clang::FunctionDecl *FD);

  /// The reverse post-order of cfgFor(\p FD) (clang's PostOrderCFGView, for
  /// ForwardDataflowWorklist); null when there is no CFG.
  clang::PostOrderCFGView *postOrder(const clang::FunctionDecl *FD);

  /// How many CFGs were built (for tests and statistics).
  unsigned builtCount() const { return Built; }

private:
  struct Entry;
  Entry *entryFor(const clang::FunctionDecl *FD);
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<Entry>> Entries;
  unsigned Built = 0;
};

} // namespace cuda_lint

#endif
