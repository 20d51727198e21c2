//===- CallIndex.cpp - The calls and function references of a unit -------===//
#include "analysis/CallIndex.h"
#include "analysis/BodyParents.h"

using namespace clang;

namespace cuda_lint {

const CallIndex &CallIndex::forAST(ASTContext &Ctx) { return BodyParents::forAST(Ctx).calls(); }

llvm::ArrayRef<const CallExpr *> CallIndex::callsTo(const FunctionDecl *Callee) const {
  if (!Callee)
    return {};
  auto It = Calls.find(Callee->getCanonicalDecl());
  if (It == Calls.end())
    return {};
  return It->second;
}

const DeclRefExpr *CallIndex::functionRef(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE && isa<FunctionDecl>(DRE->getDecl()) ? DRE : nullptr;
}

void CallIndex::addCall(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee) {
    if (const auto *K = dyn_cast<CUDAKernelCallExpr>(CE); K && Seen.insert(CE).second)
      IndirectLaunches.push_back(K);
    return;
  }
  // The callee's name is not a reference that takes the function's address,
  // also for a builtin.
  if (const DeclRefExpr *R = functionRef(CE->getCallee()))
    CalleeRefs.insert(R);
  if (Callee->getBuiltinID() || !Seen.insert(CE).second)
    return;
  Calls[Callee->getCanonicalDecl()].push_back(CE);
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(CE))
    Launches.push_back(K);
}

void CallIndex::addReference(const DeclRefExpr *DRE) {
  if (!isa<FunctionDecl>(DRE->getDecl()) || CalleeRefs.count(DRE) ||
      !Seen.insert(DRE).second)
    return;
  Refs.push_back(DRE);
}

} // namespace cuda_lint
