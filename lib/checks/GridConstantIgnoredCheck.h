#ifndef CUDA_LINT_CHECKS_GRIDCONSTANTIGNOREDCHECK_H
#define CUDA_LINT_CHECKS_GRIDCONSTANTIGNOREDCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// The rule id of GridConstantIgnoredCheck, which cuda-grid-constant-invalid
/// claims clang's shared message for (CudaCheck::claimOwnedCompilerDiagnosticAt).
inline constexpr llvm::StringLiteral GridConstantIgnoredId = "cuda-grid-constant-ignored";

/// Whether \p P, a parameter carrying `__grid_constant__`, is a const-qualified
/// by-value parameter of a `__tile_global__` function (on any of its
/// declarations), where the CUDA C++ Programming Guide ("__grid_constant__")
/// says the annotation is ignored. A non-const or reference one is invalid
/// there as on a `__global__` function (nvcc 13.0 rejects it on both):
/// cuda-grid-constant-invalid's. False for a dependent type (each
/// instantiation is asked).
bool isIgnoredGridConstant(const clang::ParmVarDecl *P);

/// cuda-grid-constant-ignored: `__grid_constant__` on a parameter of a
/// `__tile_global__` function, where it has no effect. clang 22 does not know
/// `__tile_global__` (the function is a host function to it) and rejects the
/// annotation with the message cuda-grid-constant-invalid owns everywhere;
/// this check claims that message at its lines (front matter
/// `clang-diagnostics-where-claimed:`). Source: CUDA C++ Programming Guide,
/// "__grid_constant__". Docs: docs/rules/cuda-grid-constant-ignored.md
class GridConstantIgnoredCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
