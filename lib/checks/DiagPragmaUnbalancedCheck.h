#ifndef CUDA_LINT_CHECKS_DIAGPRAGMAUNBALANCEDCHECK_H
#define CUDA_LINT_CHECKS_DIAGPRAGMAUNBALANCEDCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// An nv_diagnostic push without a pop, or an nv_diag_suppress never restored, in the same file. Source: CUDA C++ Programming Guide, "TODO section".
/// Docs: docs/rules/cuda-diag-pragma-unbalanced.md
class DiagPragmaUnbalancedCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
