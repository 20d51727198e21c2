//===- PostDominators.h - Post-dominators that ignore paths to noreturn -*- C++ -*-===//
//
// The post-dominator tree of a clang CFG in which the paths that end in a call
// of a `noreturn` function (`__trap`, a failing `assert`) or in a loop that
// never exits do not count: such a block "cannot complete", so a branch whose
// one arm is `if (lane >= 16) __trap();` joins right after it.
//
// Built with LLVM's dominator-tree construction (llvm::DominatorTreeBase, the
// SemiNCA builder behind clang's CFGPostDomTree) on a view of the CFG without
// the edges into blocks that cannot complete. clang's CFGPostDomTree itself
// would treat the noreturn block's edge to the exit as a real path (the join
// of `if (c) __trap(); x();` would then be the exit).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_POSTDOMINATORS_H
#define CUDA_LINT_ANALYSIS_POSTDOMINATORS_H

#include "llvm/ADT/BitVector.h"
#include <memory>
#include <vector>

namespace clang {
class CFG;
class CFGBlock;
} // namespace clang

namespace cuda_lint {

class CompletingPostDomTree {
public:
  explicit CompletingPostDomTree(const clang::CFG &G);
  ~CompletingPostDomTree();

  /// Whether block \p Id cannot reach the exit but through a noreturn call
  /// (or not at all).
  bool cannotComplete(unsigned Id) const { return Doomed.test(Id); }

  /// The immediate post-dominator of block \p Id, or -1 for the exit, for
  /// blocks that cannot complete and for blocks not in the CFG.
  int immediatePostDominator(unsigned Id) const { return IPDom[Id]; }

private:
  llvm::BitVector Doomed;
  std::vector<int> IPDom;
};

} // namespace cuda_lint

#endif
