#ifndef CUDA_LINT_CHECKS_GRIDCONSTANTMISMATCHCHECK_H
#define CUDA_LINT_CHECKS_GRIDCONSTANTMISMATCHCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-grid-constant-mismatch: the declarations of one `__global__` function
/// disagree on which parameters are `__grid_constant__`: redeclarations, an
/// explicit specialization against its primary template, an explicit
/// instantiation directive (`template` / `extern template`) against the template.
/// nvcc 13.0 rejects them, clang 22 accepts them. Fix-it (unsafe: it changes the
/// parameter's memory space): add the annotation to the declaration lacking it.
/// Source: CUDA C++ Programming Guide, "__grid_constant__".
/// Docs: docs/rules/cuda-grid-constant-mismatch.md
class GridConstantMismatchCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;


private:
  void checkMismatch(const clang::FunctionDecl *FD);
  void checkInstantiationDirective(const clang::FunctionDecl *FD);
};

} // namespace cuda_lint

#endif
