#ifndef CUDA_LINT_CHECKS_TILESPACECONFLICTCHECK_H
#define CUDA_LINT_CHECKS_TILESPACECONFLICTCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// One variable marked both __device__ and __tile__. Source: CUDA C++ Programming Guide (tile code; no compiler implements it yet).
/// Docs: docs/rules/cuda-tile-space-conflict.md
class TileSpaceConflictCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
