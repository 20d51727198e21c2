#include "checks/WmmaDivergentCheck.h"
#include "analysis/CollectiveDivergence.h"
#include "analysis/Uniformity.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/Support/YAMLTraits.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

WmmaDivergentCheck::WmmaDivergentCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context),
      AssumeWarpAlignedBlocks(
          llvm::yaml::parseBool(Options.get("AssumeWarpAlignedBlocks", "true")).value_or(true)) {}

void WmmaDivergentCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "AssumeWarpAlignedBlocks", AssumeWarpAlignedBlocks ? "true" : "false");
}

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

void WmmaDivergentCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (FD->isDependentContext() || FD->isInvalidDecl() || !FD->hasBody())
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

void WmmaDivergentCheck::reportFinding(const DivergentCollective &D) {
  const CallExpr *Wmma = D.Collective;
  const DivergentControl &DC = D.Control;
  // Once per (collective, condition): template instantiations and several
  // call paths share them.
  std::pair<unsigned, unsigned> Key{
      userLoc(*SM, Wmma->getBeginLoc()).getRawEncoding(),
      userLoc(*SM, DC.Cond->getBeginLoc()).getRawEncoding()};
  if (!Reported.insert(Key).second)
    return;
  std::string Callee = Wmma->getDirectCallee()->getNameAsString();
  std::string Cond = sourceText(*Ctx, DC.Cond);
  std::string Why = DC.Why.describe(*Ctx);
  if (Why.empty())
    Why = "depends on a thread-varying value";
  if (DC.Exit) {
    report(Wmma->getBeginLoc(),
                      "'%0' is reached after a divergent '%1' under the "
                      "condition '%2', which varies across the warp (%3)")
        << Callee << exitName(DC.Exit) << Cond << Why;
  } else if (DC.IsLoop) {
    report(Wmma->getBeginLoc(),
                      "'%0' is reached in a loop whose condition '%1' varies "
                      "across the warp (%2)")
        << Callee << Cond << Why;
  } else {
    report(Wmma->getBeginLoc(),
                      "'%0' is reached under the condition '%1', which varies "
                      "across the warp (%2)")
        << Callee << Cond << Why;
  }
  note(DC.Cond->getBeginLoc(), "the divergent condition is here");
  if (DC.Exit)
    note(DC.Exit->getBeginLoc(),
         "lanes that take this '%0' leave the rest of the warp to run the "
         "collective alone")
        << exitName(DC.Exit);
  for (const HelperCall &S : D.chain())
    note(isa<CXXOperatorCallExpr>(S.Call) && S.Call->getNumArgs() > 0
             ? S.Call->getArg(0)->getBeginLoc()
             : S.Call->getBeginLoc(),
         "through the call to '%0' here")
        << calleeName(*Ctx, S);
}

void WmmaDivergentCheck::onEndOfTranslationUnit() {
  if (!Ctx || Functions.empty())
    return;
  UniformityContext &UC = UniformityContext::forAST(*Ctx);
  UniformityOptions Defaults = UC.defaultOptions();
  Defaults.WarpAlignedBlockX = AssumeWarpAlignedBlocks;
  UC.setDefaultOptions(Defaults);
  CollectiveDivergence Walk(UC, {IntrinsicKind::WmmaCollective},
                            RequiredLevel::WarpUniform);
  for (const DivergentCollective &D : Walk.run(Functions))
    reportFinding(D);
  Functions.clear();
  Reported.clear();
  Ctx = nullptr;
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WmmaDivergentCheck)

} // namespace cuda_lint
