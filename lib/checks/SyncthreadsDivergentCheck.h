#ifndef CUDA_LINT_CHECKS_SYNCTHREADSDIVERGENTCHECK_H
#define CUDA_LINT_CHECKS_SYNCTHREADSDIVERGENTCHECK_H

#include "families/CollectiveDivergenceCheckBase.h"

namespace cuda_lint {

/// cuda-syncthreads-divergent (RULES.md C; CUDA C++ Programming Guide,
/// "Synchronization Functions": `__syncthreads()` is allowed in conditional
/// code only if the condition evaluates identically across the entire thread
/// block): a block barrier (`__syncthreads`, `__syncthreads_count/_and/_or`,
/// `__barrier_sync`, a cooperative_groups `thread_block`'s `sync()` or
/// `barrier_wait()`, `cooperative_groups::sync(block)`) reached under control
/// flow that is not block-uniform (a warp-uniform condition is not enough),
/// or after a thread-varying early exit, directly or through `__device__`
/// helpers. The collective-divergence query at the block-uniform level.
/// Docs: docs/rules/cuda-syncthreads-divergent.md
class SyncthreadsDivergentCheck : public CollectiveDivergenceCheckBase {
public:
  SyncthreadsDivergentCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

  /// Whether \p CE, a call of a GroupBarrier intrinsic (cooperative_groups
  /// `sync`, `barrier_wait`), synchronizes a `thread_block`: a member of
  /// `thread_block`, or the free `sync` with a `thread_block` argument.
  static bool isThreadBlockSync(const clang::CallExpr *CE);

protected:
  std::vector<DivergentCollective>
  findings(UniformityContext &UC,
           llvm::ArrayRef<const clang::FunctionDecl *> Functions) override;
  Wording wording() const override;

private:
  /// Option ReportMatchedBarriers (default false): also report a barrier
  /// matched on both arms of a branch whose condition varies only between
  /// warps (every path from the branch to its join passes the same plain
  /// barriers; CollectiveDivergence::setMatchedBarriers). Such code gives
  /// correct results on an H200, and compute-sanitizer synccheck reports it.
  const bool ReportMatchedBarriers;
};

} // namespace cuda_lint

#endif
