#ifndef CUDA_LINT_CHECKS_GRIDCONSTANTINVALIDCHECK_H
#define CUDA_LINT_CHECKS_GRIDCONSTANTINVALIDCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-grid-constant-invalid: `__grid_constant__` on a parameter that is not
/// const-qualified, has reference type, or does not belong to a `__global__`
/// function. clang 22 rejects these too but keeps the attribute in the AST, which
/// is what this check reads. Source: CUDA C++ Programming Guide,
/// "__grid_constant__". Docs: docs/rules/cuda-grid-constant-invalid.md
class GridConstantInvalidCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;


private:
  void checkParam(const clang::ParmVarDecl *P);
};

} // namespace cuda_lint

#endif
