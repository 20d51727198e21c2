#ifndef CUDA_LINT_CHECKS_TILEUNSUPPORTEDCHECK_H
#define CUDA_LINT_CHECKS_TILEUNSUPPORTEDCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// __int128, __float128 or threadIdx/blockIdx/blockDim/gridDim used in tile code. Implemented:
/// the 128-bit types (declarations, results, conversions in tile code); not yet: the built-in
/// index variables, which clang 22 drops from the AST of a tile function (a host function to it)
/// after rejecting them. Source: CUDA C++ Programming Guide (tile code; no compiler implements it yet).
/// Docs: docs/rules/cuda-tile-unsupported.md
class TileUnsupportedCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
