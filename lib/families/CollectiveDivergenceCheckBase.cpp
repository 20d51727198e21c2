//===- CollectiveDivergenceCheckBase.cpp - Rules on divergent collectives -===//
#include "families/CollectiveDivergenceCheckBase.h"
#include "analysis/Uniformity.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void CollectiveDivergenceCheckBase::registerMatchers(MatchFinder *Finder) {
  // Only the translation unit's own device code: collectives in system
  // headers are the library's business. The analysis runs at the end, on the
  // functions that (transitively) call a collective of the rule.
  Finder->addMatcher(
      functionDecl(isDefinition(),
                   anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)),
                   unless(isExpansionInSystemHeader()))
          .bind("fn"),
      this);
}

void CollectiveDivergenceCheckBase::checkMatch(
    const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD || FD->isDependentContext() || FD->isInvalidDecl() || !FD->hasBody())
    return;
  Functions.push_back(FD);
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

std::string collectiveName(const ASTContext &Ctx, const CallExpr *CE) {
  if (!isa<CXXOperatorCallExpr>(CE)) {
    std::string T = sourceText(Ctx, CE->getCallee());
    if (!T.empty() && T.size() <= 40 && T.find('(') == std::string::npos)
      return T;
  }
  if (const FunctionDecl *FD = CE->getDirectCallee())
    return FD->getNameAsString();
  return "collective";
}

/// The helper's name; a lambda is named by the expression it is called
/// through ('store' in `store(p)`).
static std::string calleeName(const ASTContext &Ctx, const HelperCall &S) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(S.Callee))
    if (MD->getParent()->isLambda()) {
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S.Call))
        if (OC->getNumArgs() > 0) {
          std::string T = sourceText(Ctx, OC->getArg(0));
          if (!T.empty())
            return T;
        }
      return "lambda";
    }
  return S.Callee->getNameAsString();
}

std::string CollectiveDivergenceCheckBase::nameOf(const CallExpr *CE) const {
  return collectiveName(*Ctx, CE);
}

/// Whether \p FD is defined in a system header (a library function).
static bool isLibraryFunction(const SourceManager &SM, const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    Def = FD;
  return SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation()));
}

void CollectiveDivergenceCheckBase::reportFinding(const DivergentCollective &D) {
  const CallExpr *Call = D.Collective;
  const DivergentControl &DC = D.Control;
  // A collective inside a library function (CollectiveDivergence's library
  // collectives) is reported at the call of that function.
  std::vector<HelperCall> Chain = D.chain();
  const HelperCall *Library = nullptr;
  for (const HelperCall &S : Chain)
    if (isLibraryFunction(*SM, S.Callee)) {
      Library = &S;
      break;
    }
  const CallExpr *At = Library ? Library->Call : Call;
  // Once per (collective, condition): template instantiations and several
  // call paths share them.
  std::pair<unsigned, unsigned> Key{
      userLoc(*SM, At->getBeginLoc()).getRawEncoding(),
      userLoc(*SM, DC.Cond->getBeginLoc()).getRawEncoding()};
  if (!Reported.insert(Key).second)
    return;
  Wording W = wording();
  // "'__syncthreads' is reached ...", or for a library function "'cub::
  // BlockReduce<float, 256>::Sum' synchronizes the block and is reached ...".
  std::string Subject = "'" + nameOf(Call) + "'";
  if (Library) {
    PrintingPolicy Policy(Ctx->getLangOpts());
    Policy.SuppressUnwrittenScope = true;
    std::string Q;
    llvm::raw_string_ostream OS(Q);
    Library->Callee->printQualifiedName(OS, Policy);
    Subject = "'" + Q + "' synchronizes the " + W.Scope.str() + " and";
  }
  std::string Cond = sourceText(*Ctx, DC.Cond);
  std::string Why = DC.Why.describe(*Ctx);
  if (Why.empty())
    Why = "depends on a thread-varying value";
  // A warp-uniform condition under a block-level rule: say how it varies.
  std::string Varies = ("varies across the " + W.Scope).str();
  if (W.Scope == "block" && DC.Level == Uniformity::WarpUniform)
    Varies = "varies between the warps of the block";
  if (DC.Exit) {
    report(At->getBeginLoc(), "%0 is reached after a divergent '%1' under "
                              "the condition '%2', which %3 (%4)")
        << Subject << exitName(DC.Exit) << Cond << Varies << Why;
  } else if (DC.IsLoop) {
    report(At->getBeginLoc(),
           "%0 is reached in a loop whose condition '%1' %2 (%3)")
        << Subject << Cond << Varies << Why;
  } else {
    report(At->getBeginLoc(),
           "%0 is reached under the condition '%1', which %2 (%3)")
        << Subject << Cond << Varies << Why;
  }
  note(DC.Cond->getBeginLoc(), "the divergent condition is here");
  if (DC.Exit)
    note(DC.Exit->getBeginLoc(), W.ExitNote) << exitName(DC.Exit);
  for (const HelperCall &S : Chain) {
    if (&S == Library)
      break;
    note(isa<CXXOperatorCallExpr>(S.Call) && S.Call->getNumArgs() > 0
             ? S.Call->getArg(0)->getBeginLoc()
             : S.Call->getBeginLoc(),
         "through the call to '%0' here")
        << calleeName(*Ctx, S);
  }
}

void CollectiveDivergenceCheckBase::onEndOfTranslationUnit() {
  if (!Ctx || Functions.empty()) {
    Functions.clear();
    return;
  }
  UniformityContext &UC = UniformityContext::forAST(*Ctx);
  for (const DivergentCollective &D : findings(UC, Functions))
    reportFinding(D);
  Functions.clear();
  Reported.clear();
  Ctx = nullptr;
}

} // namespace cuda_lint
