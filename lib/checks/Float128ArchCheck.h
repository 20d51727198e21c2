#ifndef CUDA_LINT_CHECKS_FLOAT128ARCHCHECK_H
#define CUDA_LINT_CHECKS_FLOAT128ARCHCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-float128-arch: the 128-bit floating-point type `__float128` in device
/// code compiled for a compute capability below 10.0 (error: nvcc 13.0 rejects
/// it), or for 10.0 and above on a project built with clang (portability:
/// clang 22 rejects device `__float128` on every architecture, nvcc 13.0
/// accepts it from sm_100); a `_Complex` type in device code (warning: only
/// host code supports it, although both compilers accept it). Device code: the
/// device side's `__device__`, `__global__` and `__host__ __device__`
/// functions (explicitly annotated) and device variables. Source: CUDA C++
/// Programming Guide, "Host Compiler Type Extensions".
/// Docs: docs/rules/cuda-float128-arch.md
class Float128ArchCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// Reports \p T at \p Loc (a declaration or an explicit conversion in
  /// \p Fn, nullptr for a namespace-scope device variable) when it is or
  /// contains `__float128` or `_Complex`.
  void checkType(clang::QualType T, clang::SourceLocation Loc,
                 const clang::FunctionDecl *Fn, llvm::StringRef What);
};

} // namespace cuda_lint

#endif
