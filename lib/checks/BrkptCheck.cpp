#include "checks/BrkptCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void BrkptCheck::registerMatchers(MatchFinder *Finder) {
  // Not the overload `__brkpt(int)` of clang's CUDA wrapper headers, which
  // calls `__brkpt()` (seen with --system-headers).
  Finder->addMatcher(callExpr(callee(functionDecl(hasName("::__brkpt"))),
                              unless(forFunction(functionDecl(hasName("::__brkpt")))))
                         .bind("call"),
                     this);
}

void BrkptCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!Call)
    return;
  SourceLocation Loc = userLoc(*SM, Call->getBeginLoc());
  // One finding per written call, whatever the sides and instantiations.
  if (!reportOnce(Loc.getPtrEncoding()))
    return;
  report(Call->getBeginLoc(),
         "'__brkpt()' left in the source: outside a debugger the breakpoint "
         "stops the kernel");
}

CUDA_LINT_DEFINE_CHECK_FACTORY(BrkptCheck)

} // namespace cuda_lint
