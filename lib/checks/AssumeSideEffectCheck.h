#ifndef CUDA_LINT_CHECKS_ASSUMESIDEEFFECTCHECK_H
#define CUDA_LINT_CHECKS_ASSUMESIDEEFFECTCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// `__builtin_assume(e)` where `e` has a definite side effect (an increment,
/// an assignment): the argument is never evaluated, so the effect never
/// happens. Calls of unknown functions are not side effects here (clang's
/// Expr::HasSideEffects without possible effects). Source: clang's
/// "Builtin Functions" (`__builtin_assume`), as the CUDA C++ Programming
/// Guide's "Compiler Optimization Hints" describe it.
/// Docs: docs/rules/cuda-assume-side-effect.md
class AssumeSideEffectCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
