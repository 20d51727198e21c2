#ifndef CUDA_LINT_CHECKS_LAUNCHBOUNDSWITHMAXNREGCHECK_H
#define CUDA_LINT_CHECKS_LAUNCHBOUNDSWITHMAXNREGCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-launch-bounds-with-maxnreg (RULES.md A; CUDA C++ Programming Guide,
/// "Maximum Number of Registers per Thread"): a kernel carries both
/// `__launch_bounds__` and `__maxnreg__`, on any of its declarations, through
/// macros or on templates. nvcc rejects it; clang 22 silently drops maxnreg.
/// Docs: docs/rules/cuda-launch-bounds-with-maxnreg.md
class LaunchBoundsWithMaxnregCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
