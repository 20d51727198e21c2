#ifndef CUDA_LINT_CHECKS_WMMAFRAGMENTELEMENTMAPPINGCHECK_H
#define CUDA_LINT_CHECKS_WMMAFRAGMENTELEMENTMAPPINGCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// A wmma fragment's elements accessed under lane-varying control or at a lane-varying index. Source: CUDA C++ Programming Guide, "TODO section".
/// Docs: docs/rules/cuda-wmma-fragment-element-mapping.md
class WmmaFragmentElementMappingCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
