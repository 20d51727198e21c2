#ifndef CUDA_LINT_CHECKS_EXPECTNONCONSTANTCHECK_H
#define CUDA_LINT_CHECKS_EXPECTNONCONSTANTCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// `__builtin_expect(e, c)` (and `__builtin_expect_with_probability(e, c,
/// p)`) whose expected value `c` is not an integral constant expression: the
/// compiler cannot turn it into a branch hint. Checked in each template
/// instantiation. Source: GCC's "Other Built-in Functions"
/// (`__builtin_expect`), which nvcc and clang implement.
/// Docs: docs/rules/cuda-expect-non-constant.md
class ExpectNonConstantCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
