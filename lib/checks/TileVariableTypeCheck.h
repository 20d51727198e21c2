#ifndef CUDA_LINT_CHECKS_TILEVARIABLETYPECHECK_H
#define CUDA_LINT_CHECKS_TILEVARIABLETYPECHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// A __tile__ variable whose type has a pointer or reference sub-object. Source: CUDA C++ Programming Guide (tile code; no compiler implements it yet).
/// Docs: docs/rules/cuda-tile-variable-type.md
class TileVariableTypeCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
