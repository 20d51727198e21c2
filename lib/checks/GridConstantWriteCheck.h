#ifndef CUDA_LINT_CHECKS_GRIDCONSTANTWRITECHECK_H
#define CUDA_LINT_CHECKS_GRIDCONSTANTWRITECHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-grid-constant-write: a store into a `__grid_constant__` kernel
/// parameter that the type system lets through: via `const_cast`, a C-style
/// (or reinterpret) cast that drops const from a pointer into the parameter, or
/// a `mutable` member of it. The written expression (left side of an
/// assignment, operand of `++`/`--`, object of a non-const member call) is
/// followed back through members, subscripts, dereferences, `&` and casts to
/// the parameter; a load of a pointer stored in the parameter ends the walk
/// (writing what a pointer member points to does not write the parameter).
/// Source: CUDA C++ Programming Guide, "__grid_constant__" (modifying the
/// object or its sub-objects, including mutable members, is undefined).
/// Docs: docs/rules/cuda-grid-constant-write.md
class GridConstantWriteCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
