#include "checks/RestrictAliasCheck.h"
#include "analysis/PointerOffset.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/FoldingSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {

bool isRestrictPointer(const ParmVarDecl *P) {
  return P->getType()->isPointerType() && P->getType().isRestrictQualified();
}

AST_MATCHER(FunctionDecl, hasTwoRestrictPointerParams) {
  unsigned N = 0;
  for (const ParmVarDecl *P : Node.parameters())
    N += isRestrictPointer(P);
  return N >= 2;
}

} // namespace

RestrictAliasCheck::RestrictAliasCheck(llvm::StringRef Name,
                                       tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context),
      MaxElementDistance(Options.get("MaxElementDistance", int64_t(64))) {}

void RestrictAliasCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "MaxElementDistance", MaxElementDistance);
}

void RestrictAliasCheck::registerMatchers(MatchFinder *Finder) {
  // Calls and <<<>>> launches (CUDAKernelCallExpr is a CallExpr) of
  // functions with two __restrict__ pointer parameters.
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasTwoRestrictPointerParams()))).bind("call"),
      this);
}

void RestrictAliasCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *CE = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!CE || CE->isTypeDependent() || CE->isValueDependent())
    return;
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee || isa<CXXOperatorCallExpr>(CE))
    return;
  unsigned N = std::min(CE->getNumArgs(), Callee->getNumParams());
  struct Arg {
    unsigned Index;
    const Expr *E;
    std::optional<PointerOffset> Off;
  };
  llvm::SmallVector<Arg, 8> Args;
  for (unsigned I = 0; I < N; ++I) {
    const ParmVarDecl *P = Callee->getParamDecl(I);
    if (!isRestrictPointer(P))
      continue;
    const Expr *A = CE->getArg(I);
    if (A->isDefaultArgument() || A->HasSideEffects(*Ctx))
      continue;
    const Expr *Stripped = A->IgnoreParenImpCasts();
    if (Stripped->isNullPointerConstant(*Ctx, Expr::NPC_ValueDependentIsNotNull))
      continue;
    Args.push_back({I, A, decomposePointer(A, *Ctx)});
  }
  for (unsigned X = 0; X < Args.size(); ++X) {
    for (unsigned Y = X + 1; Y < Args.size(); ++Y) {
      const ParmVarDecl *PX = Callee->getParamDecl(Args[X].Index);
      const ParmVarDecl *PY = Callee->getParamDecl(Args[Y].Index);
      // Two pointers to const: reading through both is fine ([C11 6.7.3.1]
      // restricts only objects that are modified).
      if (PX->getType()->getPointeeType().isConstQualified() &&
          PY->getType()->getPointeeType().isConstQualified())
        continue;
      bool Same = false;
      std::optional<int64_t> Distance;
      const auto &OX = Args[X].Off, &OY = Args[Y].Off;
      if (OX && OY && OX->Base == OY->Base &&
          OX->AddressOfBase == OY->AddressOfBase && OX->Bytes.isExact() &&
          OY->Bytes.isExact()) {
        Distance = OY->Bytes.R - OX->Bytes.R;
        if (*Distance < 0)
          Distance = -*Distance;
        QualType T = PX->getType()->getPointeeType();
        int64_t Elem = 1;
        if (!T->isVoidType() && !T->isIncompleteType() && T->isConstantSizeType())
          Elem = std::max<int64_t>(1, Ctx->getTypeSizeInChars(T).getQuantity());
        if (*Distance / Elem >= MaxElementDistance)
          continue;
        Same = *Distance == 0;
      } else {
        llvm::FoldingSetNodeID IX, IY;
        Args[X].E->IgnoreParenImpCasts()->Profile(IX, *Ctx, true);
        Args[Y].E->IgnoreParenImpCasts()->Profile(IY, *Ctx, true);
        if (IX != IY)
          continue;
        Same = true;
      }
      const Expr *AY = Args[Y].E;
      if (!reportOnce(AY))
        continue;
      bool Launch = isa<CUDAKernelCallExpr>(CE);
      if (Same)
        report(AY->getBeginLoc(),
               "the same pointer is passed to the '__restrict__' parameters %0 "
               "and %1 of %2 at this %3; a write through one of them is undefined "
               "behaviour, and the compiler may reorder or drop loads and "
               "stores")
            << PX << PY << Callee << (Launch ? "launch" : "call");
      else
        report(AY->getBeginLoc(),
               "pointers %0 bytes apart are passed to the '__restrict__' "
               "parameters %1 and %2 of %3 at this %4; if the ranges they access "
               "overlap, a write through one of them is undefined behaviour")
            << std::to_string(*Distance) << PX << PY
            << Callee << (Launch ? "launch" : "call");
      note(Args[X].E->getBeginLoc(), "the other argument, for %0, is here") << PX;
      note(PY->getLocation(), "%0 is declared '__restrict__' here") << PY;
    }
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(RestrictAliasCheck)

} // namespace cuda_lint
