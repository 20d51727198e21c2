//===- BuiltinVars.cpp - threadIdx, blockIdx, blockDim, gridDim -----------===//
#include "analysis/BuiltinVars.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cuda_lint {

BuiltinMember builtinMember(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  const MSPropertyRefExpr *MP = nullptr;
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    MP = dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens());
  else
    MP = dyn_cast<MSPropertyRefExpr>(E);
  if (MP) {
    const Expr *Base = MP->getBaseExpr()->IgnoreParenImpCasts();
    while (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base)) {
      if (!OVE->getSourceExpr())
        return {};
      Base = OVE->getSourceExpr()->IgnoreParenImpCasts();
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(Base);
    llvm::StringRef P = MP->getPropertyDecl()->getName();
    if (DRE && DRE->getDecl()->getIdentifier() && !P.empty()) {
      llvm::StringRef N = DRE->getDecl()->getName();
      if (N == "threadIdx" || N == "blockDim" || N == "blockIdx" || N == "gridDim")
        return {N, P[0]};
    }
    return {};
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (const CXXMethodDecl *MD = MC->getMethodDecl())
      if (MD->getIdentifier() && MD->getName().starts_with("__fetch_builtin_") &&
          MD->getName().size() == 17) {
        const CXXRecordDecl *RD = MD->getParent();
        if (RD->getIdentifier() && RD->getName().starts_with("__cuda_builtin_") &&
            RD->getName().ends_with("_t"))
          return {RD->getName().drop_front(15).drop_back(2), MD->getName().back()};
      }
  return {};
}

} // namespace cuda_lint
