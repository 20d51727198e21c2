#ifndef CUDA_LINT_CHECKS_CONSTANTWRITECHECK_H
#define CUDA_LINT_CHECKS_CONSTANTWRITECHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-constant-write (CUDA C++ Programming Guide, "Variable Memory Space
/// Specifiers", `__constant__`: constant memory is written from the host
/// through the runtime's symbol API and is read-only for device code):
/// device code (a `__global__`, `__device__` or `__host__ __device__`
/// function) storing to a `__constant__` variable: an assignment, compound
/// assignment, increment or decrement, or an atomic, whose target is the
/// variable (an element, a member), or is reached through a local pointer or
/// reference derived from it (`float *p = coef; p[2] = x;`). nvcc 13.0 warns
/// "Cannot store to pointer that points to constant memory space" (and
/// rejects a direct store to a scalar); clang 22 is silent.
/// Docs: docs/rules/cuda-constant-write.md
class ConstantWriteCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void startTranslationUnit() override { HaveConstant = false; }

private:
  /// Whether a __constant__ variable was seen yet (declared before any use):
  /// until then no function is walked.
  bool HaveConstant = false;
};

} // namespace cuda_lint

#endif
