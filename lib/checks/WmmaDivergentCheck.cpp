#include "checks/WmmaDivergentCheck.h"
#include "analysis/Uniformity.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include <functional>

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void WmmaDivergentCheck::registerMatchers(MatchFinder *Finder) {
  // Only the translation unit's own device code: WMMA calls in system headers
  // are the library's business. The heavy analysis runs at the end, on the
  // functions that (transitively) call WMMA.
  Finder->addMatcher(
      functionDecl(isDefinition(),
                   anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)),
                   unless(isExpansionInSystemHeader()))
          .bind("fn"),
      this);
}

void WmmaDivergentCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  Ctx = Result.Context;
  SM = Result.SourceManager;
  if (FD->isDependentContext() || FD->isInvalidDecl() || !FD->hasBody())
    return;
  Functions.push_back(FD);
}

static std::string text(const ASTContext &Ctx, const Stmt *S) {
  return sourceText(Ctx, S);
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

/// The first warp-collective WMMA call reached in \p FD, through helpers.
static const CallExpr *
firstWmma(UniformityContext &UC, const FunctionDecl *FD,
          std::vector<std::pair<const CallExpr *, const FunctionDecl *>> &Path,
          unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || Depth > 8)
    return nullptr;
  llvm::SmallVector<const Stmt *, 32> Work{Def->getBody()};
  llvm::SmallVector<const CallExpr *, 32> Calls;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      Calls.push_back(CE);
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Def->getBody());
  for (const CallExpr *CE : Calls)
    if (isWmmaCollective(CE->getDirectCallee()))
      return CE;
  for (const CallExpr *CE : Calls) {
    const FunctionDecl *C = CE->getDirectCallee();
    if (C && UC.isAnalysedCallee(C) && UC.callsWmma(C)) {
      Path.push_back({CE, C});
      if (const CallExpr *W = firstWmma(UC, C, Path, Depth + 1))
        return W;
      Path.pop_back();
    }
  }
  return nullptr;
}

/// The helper's name; a lambda is named by the expression it is called
/// through ('store' in `store(p)`).
static std::string calleeName(const ASTContext &Ctx,
                              const WmmaDivergentCheck::CallStep &S) {
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

void WmmaDivergentCheck::reportAt(const CallExpr *Wmma,
                                  const FunctionUniformity &Where,
                                  const Stmt *Reached,
                                  std::vector<CallStep> &Chain,
                                  const std::vector<CallStep> &Inner) {
  auto DC = Where.divergentControl(Reached, Uniformity::ThreadVarying);
  if (!DC || !DC->Cond)
    return;
  // Once per (collective, condition): template instantiations and several
  // call paths share them.
  std::pair<unsigned, unsigned> Key{
      userLoc(*SM, Wmma->getBeginLoc()).getRawEncoding(),
      userLoc(*SM, DC->Cond->getBeginLoc()).getRawEncoding()};
  if (!Reported.insert(Key).second)
    return;
  std::string Callee = Wmma->getDirectCallee()->getNameAsString();
  std::string Cond = text(*Ctx, DC->Cond);
  std::string Why = DC->Why.describe(*Ctx);
  if (Why.empty())
    Why = "depends on a thread-varying value";
  if (DC->Exit) {
    report(Wmma->getBeginLoc(),
           "'%0' is reached after a divergent '%1' under the condition '%2', "
           "which varies across the warp (%3)")
        << Callee << exitName(DC->Exit) << Cond << Why;
  } else if (DC->IsLoop) {
    report(Wmma->getBeginLoc(),
           "'%0' is reached in a loop whose condition '%1' varies across the "
           "warp (%2)")
        << Callee << Cond << Why;
  } else {
    report(Wmma->getBeginLoc(),
           "'%0' is reached under the condition '%1', which varies across the "
           "warp (%2)")
        << Callee << Cond << Why;
  }
  note(DC->Cond->getBeginLoc(), "the divergent condition is here");
  if (DC->Exit)
    note(DC->Exit->getBeginLoc(),
         "lanes that take this '%0' leave the rest of the warp to run the "
         "collective alone")
        << exitName(DC->Exit);
  const std::vector<CallStep> *All[] = {&Chain, &Inner};
  for (const std::vector<CallStep> *Steps : All)
    for (const CallStep &S : *Steps)
      note(isa<CXXOperatorCallExpr>(S.Call) && S.Call->getNumArgs() > 0
               ? S.Call->getArg(0)->getBeginLoc()
               : S.Call->getBeginLoc(),
           "through the call to '%0' here")
          << calleeName(*Ctx, S);
}

void WmmaDivergentCheck::visit(UniformityContext &UC,
                               const FunctionUniformity &FU,
                               std::vector<CallStep> &Chain, unsigned Depth) {
  if (!Visited.insert(&FU).second || Depth > 8)
    return;
  std::vector<const CallExpr *> Calls;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      Calls.push_back(CE);
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(FU.function()->getBody());
  for (const CallExpr *CE : Calls) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      continue;
    if (isWmmaCollective(Callee)) {
      reportAt(CE, FU, CE, Chain, {});
      continue;
    }
    if (!UC.isAnalysedCallee(Callee) || !UC.callsWmma(Callee))
      continue;
    if (FU.divergentControl(CE, Uniformity::ThreadVarying)) {
      std::vector<std::pair<const CallExpr *, const FunctionDecl *>> Path;
      if (const CallExpr *W = firstWmma(UC, Callee, Path, 0)) {
        std::vector<CallStep> Inner{{CE, Callee}};
        for (auto &P : Path)
          Inner.push_back({P.first, P.second});
        reportAt(W, FU, CE, Chain, Inner);
      }
      continue;
    }
    // Uniform call: look inside, as analysed with the arguments' uniformity.
    const FunctionUniformity *Inner = FU.calleeAnalysis(CE);
    if (!Inner)
      Inner = UC.analyze(Callee, {}, FU.options());
    if (!Inner)
      continue;
    Chain.push_back({CE, Callee});
    visit(UC, *Inner, Chain, Depth + 1);
    Chain.pop_back();
  }
}

void WmmaDivergentCheck::onEndOfTranslationUnit() {
  if (!Ctx || Functions.empty())
    return;
  UniformityContext &UC = UniformityContext::forAST(*Ctx);
  // Roots: kernels, and device functions no other WMMA function calls.
  std::vector<const FunctionDecl *> WithWmma;
  for (const FunctionDecl *FD : Functions)
    if (UC.callsWmma(FD))
      WithWmma.push_back(FD);
  llvm::DenseSet<const FunctionDecl *> Called;
  for (const FunctionDecl *FD : WithWmma) {
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *CE = dyn_cast<CallExpr>(S))
        if (const FunctionDecl *C = CE->getDirectCallee())
          Called.insert(C->getCanonicalDecl());
      for (const Stmt *C : S->children())
        Walk(C);
    };
    Walk(FD->getBody());
  }
  for (const FunctionDecl *FD : WithWmma) {
    bool Root = isKernel(FD) ||
                (!Called.count(FD->getCanonicalDecl()) &&
                 !(isa<CXXMethodDecl>(FD) &&
                   cast<CXXMethodDecl>(FD)->getParent()->isLambda()));
    if (!Root)
      continue;
    const FunctionUniformity *FU = UC.analyze(FD, {}, UC.optionsFor(FD));
    if (!FU)
      continue;
    std::vector<CallStep> Chain;
    visit(UC, *FU, Chain, 0);
  }
  Functions.clear();
  Visited.clear();
  Reported.clear();
  Ctx = nullptr;
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WmmaDivergentCheck)

} // namespace cuda_lint
