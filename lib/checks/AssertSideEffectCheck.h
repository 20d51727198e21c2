#ifndef CUDA_LINT_CHECKS_ASSERTSIDEEFFECTCHECK_H
#define CUDA_LINT_CHECKS_ASSERTSIDEEFFECTCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// `assert(e)` in device code (a `__device__`, `__global__` or `__host__
/// __device__` function) where `e` has a definite side effect (an
/// increment, an assignment): defining NDEBUG removes the whole expression,
/// so the program behaves differently in a release build. Recognizes the
/// expansion of the `assert` macro (the condition of the `?:` whose other
/// branch calls the C library's assertion handler). Source: CUDA C++
/// Programming Guide, "Assertion"; the C standard's <assert.h>.
/// Docs: docs/rules/cuda-assert-side-effect.md
class AssertSideEffectCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
