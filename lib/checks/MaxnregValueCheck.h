#ifndef CUDA_LINT_CHECKS_MAXNREGVALUECHECK_H
#define CUDA_LINT_CHECKS_MAXNREGVALUECHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseSet.h"

namespace cuda_lint {

/// cuda-maxnreg-value (RULES.md A; CUDA C++ Programming Guide, "Maximum Number
/// of Registers per Thread"): `__maxnreg__(N)` whose N is not an integer
/// constant expression, is not positive (nvcc 13.0 rejects both), or is above
/// 255 registers per thread (nvcc accepts it and ptxas ignores the annotation:
/// "Too many maxnreg specified ... will be ignored"). Templates are checked in
/// each instantiation and reported once at the template.
/// Docs: docs/rules/cuda-maxnreg-value.md
class MaxnregValueCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
