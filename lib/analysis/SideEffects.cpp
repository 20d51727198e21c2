//===- SideEffects.cpp - Definite side effects of an expression -----------===//

#include "analysis/SideEffects.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cuda_lint {

const Expr *findDefiniteSideEffect(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->isIncrementDecrementOp())
      return E;
  } else if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp()) // also the compound assignments
      return E;
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->isAssignmentOp())
      return E;
    OverloadedOperatorKind K = Op->getOperator();
    if (K == OO_PlusPlus || K == OO_MinusMinus)
      return E;
  } else if (isa<UnaryExprOrTypeTraitExpr, LambdaExpr, CXXNoexceptExpr>(E)) {
    return nullptr; // unevaluated, or a closure object built, not run
  } else if (const auto *T = dyn_cast<CXXTypeidExpr>(E)) {
    if (!T->isPotentiallyEvaluated())
      return nullptr;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      if (const Expr *Found = findDefiniteSideEffect(CE))
        return Found;
  return nullptr;
}

} // namespace cuda_lint
