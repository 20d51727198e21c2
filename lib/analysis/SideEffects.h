//===- SideEffects.h - Definite side effects of an expression ---*- C++ -*-===//
//
// clang's Expr::HasSideEffects(Ctx, /*IncludePossibleEffects=*/false) returns
// false for any expression spelled in a macro expansion, which is exactly
// where `assert(e)` and `ASSUME(e)` put their argument. The rules about
// discarded arguments ask "does this expression write something?" instead.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_SIDEEFFECTS_H
#define CUDA_LINT_ANALYSIS_SIDEEFFECTS_H

namespace clang {
class Expr;
}

namespace cuda_lint {

/// The first subexpression of \p E (itself included) that definitely writes
/// to an object: `++` / `--` (built-in or overloaded), an assignment or
/// compound assignment (built-in or overloaded). Calls of functions are not
/// definite side effects (what they do is unknown), nor are the unevaluated
/// operands of `sizeof`, `alignof`, `decltype`, `noexcept` and `typeid` of a
/// non-polymorphic type, nor the bodies of lambdas. nullptr when there is none.
/// Macro expansions are looked into like any other code.
const clang::Expr *findDefiniteSideEffect(const clang::Expr *E);

} // namespace cuda_lint

#endif
