#include "families/KernelDeclCheckBase.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void KernelDeclCheckBase::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionDecl().bind("function-decl"), this);
}

void KernelDeclCheckBase::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("function-decl");
  if (!FD || FD != FD->getMostRecentDecl())
    return;
  if (FD->isTemplateInstantiation() && !wantsInstantiation(FD))
    return;
  checkFunction(FD);
}

} // namespace cuda_lint
