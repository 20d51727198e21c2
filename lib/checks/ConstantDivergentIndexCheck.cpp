#include "checks/ConstantDivergentIndexCheck.h"
#include "analysis/BodyParents.h"
#include "analysis/Uniformity.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void ConstantDivergentIndexCheck::registerMatchers(MatchFinder *Finder) {
  if (!onDeviceSide()) // checkMatch says why
    return;
  auto ConstantVar = declRefExpr(to(varDecl(hasAttr(attr::CUDAConstant)).bind("var")));
  // c[i], s.table[i] (s __constant__), and the first index of c[i][j].
  auto ConstantArray = ignoringParenImpCasts(
      anyOf(ConstantVar, memberExpr(hasObjectExpression(ignoringParenImpCasts(ConstantVar)))));
  auto InDeviceCode = forEnclosingFunction(
      functionDecl(isDefinition(),
                   anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)))
          .bind("fn"));
  Finder->addMatcher(
      arraySubscriptExpr(hasBase(anyOf(ConstantArray,
                                       ignoringParenImpCasts(arraySubscriptExpr(
                                           hasBase(ConstantArray))))),
                         InDeviceCode)
          .bind("access"),
      this);
}

void ConstantDivergentIndexCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  // The device side runs the code (the host side's copy of a device body is
  // the same code, or what `#ifndef __CUDA_ARCH__` keeps for the host).
  if (!isDeviceSide(*Ctx))
    return;
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  const auto *ASE = Result.Nodes.getNodeAs<ArraySubscriptExpr>("access");
  const auto *Var = Result.Nodes.getNodeAs<VarDecl>("var");
  if (!FD || !ASE || !Var || FD->isDependentContext() || FD->isInvalidDecl())
    return;
  // Written __constant__: clang also marks a `const __device__` variable with
  // a constant initializer __constant__ (an implicit attribute), which nvcc
  // keeps in global memory (ggml's `static const __device__` tables).
  const auto *CA = Var->getAttr<CUDAConstantAttr>();
  if (!CA || CA->isImplicit())
    return;
  // An array, not a pointer variable that happens to be __constant__.
  QualType BaseT = ASE->getBase()->IgnoreParenImpCasts()->getType();
  if (!BaseT->isArrayType())
    return;
  Accesses.push_back({FD, ASE, Var});
}

void ConstantDivergentIndexCheck::onEndOfTranslationUnit() {
  if (!Ctx || Accesses.empty()) {
    Accesses.clear();
    return;
  }
  UniformityContext &UC = UniformityContext::forAST(*Ctx);
  for (const Access &A : Accesses) {
    SourceLocation Loc = userLoc(*SM, A.E->getBeginLoc());
    if (!reportOnce(reinterpret_cast<const void *>(uintptr_t(Loc.getRawEncoding()))))
      continue;
    const FunctionUniformity *FU = UC.analyze(A.FD, {}, UC.optionsFor(A.FD));
    if (!FU)
      continue;
    UValue Idx = FU->valueOf(A.E->getIdx());
    if (Idx.U != Uniformity::ThreadVarying)
      continue;
    std::string Why = Idx.Src.describe(*Ctx);
    if (Why.empty())
      Why = "depends on a thread-varying value";
    // The array as written: 'table', or 'params.w' for a member.
    const Expr *Base = A.E->getBase()->IgnoreParenImpCasts();
    if (const auto *Row = dyn_cast<ArraySubscriptExpr>(Base))
      Base = Row->getBase()->IgnoreParenImpCasts();
    std::string Name = isa<MemberExpr>(Base) ? sourceText(*Ctx, Base)
                                             : A.Var->getName().str();
    report(A.E->getBeginLoc(),
           "'__constant__' array '%0' is indexed by '%1', which varies across the "
           "warp (%2); the constant cache serves one address per warp at a "
           "time, so the lanes' reads are serialized")
        << Name << sourceText(*Ctx, A.E->getIdx()) << Why;
    note(A.E->getIdx()->getBeginLoc(), "the thread-varying index is here");
    noteInstantiation(A.FD);
  }
  Accesses.clear();
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ConstantDivergentIndexCheck)

} // namespace cuda_lint
