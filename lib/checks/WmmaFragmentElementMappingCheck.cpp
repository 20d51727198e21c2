#include "checks/WmmaFragmentElementMappingCheck.h"
#include "analysis/BodyParents.h"
#include "analysis/Uniformity.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void WmmaFragmentElementMappingCheck::registerMatchers(MatchFinder *Finder) {
  // frag.x[i]: the storage array `x` of nvcuda::wmma::__frag_base, the base
  // of every wmma::fragment specialization (crt/mma.h).
  auto FragmentStorage = memberExpr(member(fieldDecl(hasName("x"))));
  auto InDeviceCode = forEnclosingFunction(
      functionDecl(isDefinition(),
                   anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)))
          .bind("fn"));
  Finder->addMatcher(
      arraySubscriptExpr(hasBase(ignoringParenImpCasts(FragmentStorage)),
                         InDeviceCode)
          .bind("access"),
      this);
}

/// Whether \p ASE indexes the `x` array of nvcuda::wmma::__frag_base.
static bool isFragmentStorage(const ArraySubscriptExpr *ASE) {
  const auto *ME = dyn_cast<MemberExpr>(ASE->getBase()->IgnoreParenImpCasts());
  if (!ME)
    return false;
  const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!Field)
    return false;
  const RecordDecl *RD = Field->getParent();
  if (!RD->getIdentifier() || RD->getName() != "__frag_base")
    return false;
  bool Wmma = false, Nvcuda = false;
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (!NS->getIdentifier())
        continue;
      Wmma |= NS->getName() == "wmma";
      Nvcuda |= NS->getName() == "nvcuda";
    }
  return Wmma && Nvcuda;
}

void WmmaFragmentElementMappingCheck::checkMatch(
    const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  const auto *ASE = Result.Nodes.getNodeAs<ArraySubscriptExpr>("access");
  if (!FD || !ASE || FD->isDependentContext() || FD->isInvalidDecl())
    return;
  if (!isFragmentStorage(ASE))
    return;
  Accesses.push_back({FD, ASE});
}

/// Whether \p E is written: the operand of an assignment's left side, of
/// ++/--, or bound to a non-const reference... (the common forms).
static bool isWritten(ASTContext &Ctx, const Expr *E) {
  const Expr *Cur = E;
  for (int Depth = 0; Depth < 4; ++Depth) {
    const auto *P = dyn_cast_or_null<Expr>(BodyParents::forAST(Ctx).parent(Cur).S);
    if (!P)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      return BO->isAssignmentOp() && BO->getLHS()->IgnoreParenImpCasts() == E;
    if (const auto *UO = dyn_cast<UnaryOperator>(P))
      return UO->isIncrementDecrementOp();
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P))
      return OC->isAssignmentOp() && OC->getNumArgs() > 0 &&
             OC->getArg(0)->IgnoreParenImpCasts() == E;
    if (!isa<ParenExpr, ImplicitCastExpr>(P))
      return false;
    Cur = P;
  }
  return false;
}

static llvm::StringRef exitName(const Stmt *S) {
  if (isa<ReturnStmt>(S))
    return "return";
  if (isa<BreakStmt>(S))
    return "break";
  if (isa<ContinueStmt>(S))
    return "continue";
  return "goto";
}

void WmmaFragmentElementMappingCheck::onEndOfTranslationUnit() {
  if (!Ctx || Accesses.empty()) {
    Accesses.clear();
    return;
  }
  UniformityContext &UC = UniformityContext::forAST(*Ctx);
  for (const auto &[FD, ASE] : Accesses) {
    unsigned Key = userLoc(*SM, ASE->getBeginLoc()).getRawEncoding();
    if (Reported.count(Key))
      continue;
    const FunctionUniformity *FU = UC.analyze(FD, {}, UC.optionsFor(FD));
    if (!FU)
      continue;
    std::string Access = sourceText(*Ctx, ASE);
    llvm::StringRef Verb = isWritten(*Ctx, ASE) ? "written" : "read";
    UValue Idx = FU->valueOf(ASE->getIdx());
    if (Idx.U == Uniformity::ThreadVarying) {
      Reported.insert(Key);
      std::string Why = Idx.Src.describe(*Ctx);
      if (Why.empty())
        Why = "depends on a thread-varying value";
      report(ASE->getBeginLoc(),
             "fragment element '%0' is %1 at an index that varies across the "
             "warp (%2); which matrix element a lane holds in a fragment is "
             "unspecified")
          << Access << Verb << Why;
      note(ASE->getIdx()->getBeginLoc(), "the lane-varying index is here");
      noteInstantiation(FD);
      continue;
    }
    auto DC = FU->divergentControl(ASE, Uniformity::ThreadVarying);
    if (!DC || !DC->Cond)
      continue;
    Reported.insert(Key);
    std::string Cond = sourceText(*Ctx, DC->Cond);
    std::string Why = DC->Why.describe(*Ctx);
    if (Why.empty())
      Why = "depends on a thread-varying value";
    if (DC->Exit)
      report(ASE->getBeginLoc(),
             "fragment element '%0' is %1 after a divergent '%2' under the "
             "condition '%3', which varies across the warp (%4); which matrix "
             "element a lane holds in a fragment is unspecified")
          << Access << Verb << exitName(DC->Exit) << Cond << Why;
    else if (DC->IsLoop)
      report(ASE->getBeginLoc(),
             "fragment element '%0' is %1 in a loop whose condition '%2' "
             "varies across the warp (%3); which matrix element a lane holds "
             "in a fragment is unspecified")
          << Access << Verb << Cond << Why;
    else
      report(ASE->getBeginLoc(),
             "fragment element '%0' is %1 under the condition '%2', which "
             "varies across the warp (%3); which matrix element a lane holds "
             "in a fragment is unspecified")
          << Access << Verb << Cond << Why;
    note(DC->Cond->getBeginLoc(), "the divergent condition is here");
    noteInstantiation(FD);
  }
  Accesses.clear();
  Reported.clear();
  Ctx = nullptr;
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WmmaFragmentElementMappingCheck)

} // namespace cuda_lint
