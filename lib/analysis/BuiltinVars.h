//===- BuiltinVars.h - threadIdx, blockIdx, blockDim, gridDim -----*- C++ -*-===//
//
// The CUDA built-in variables (CUDA C++ Programming Guide, "Built-in
// Variables") as clang's CUDA headers declare them: `threadIdx` is a
// `__cuda_builtin_threadIdx_t`, and `threadIdx.x` a property
// (MSPropertyRefExpr) whose semantic form calls `__fetch_builtin_x()`.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_BUILTINVARS_H
#define CUDA_LINT_ANALYSIS_BUILTINVARS_H

#include "llvm/ADT/StringRef.h"

namespace clang {
class Expr;
} // namespace clang

namespace cuda_lint {

/// One component of a built-in variable: Var is "threadIdx", "blockIdx",
/// "blockDim" or "gridDim", Component 'x', 'y' or 'z'; both empty (0) for
/// any other expression.
struct BuiltinMember {
  llvm::StringRef Var;
  char Component = 0;
};

/// The built-in variable component \p E reads (parentheses and implicit
/// casts ignored; the syntactic property form and the semantic
/// `__fetch_builtin_*()` call both recognised).
BuiltinMember builtinMember(const clang::Expr *E);

} // namespace cuda_lint

#endif
