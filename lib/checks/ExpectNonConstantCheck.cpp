#include "checks/ExpectNonConstantCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/Builtins.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void ExpectNonConstantCheck::registerMatchers(MatchFinder *Finder) {
  addNamedCallsMatcher(Finder);
}

void ExpectNonConstantCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!Call || Call->getNumArgs() < 2)
    return;
  unsigned ID = Call->getBuiltinCallee();
  if (ID != Builtin::BI__builtin_expect &&
      ID != Builtin::BI__builtin_expect_with_probability)
    return;
  const Expr *Expected = Call->getArg(1);
  // A template's own call: its instantiations are checked.
  if (Expected->isValueDependent() || Expected->isIntegerConstantExpr(*Ctx))
    return;
  SourceLocation Loc = userLoc(*SM, Expected->getBeginLoc());
  if (!reportOnce(Loc.getPtrEncoding()))
    return;
  report(Expected->getBeginLoc(),
         "the expected value of '%0' is not a constant: no branch hint results")
      << (ID == Builtin::BI__builtin_expect ? "__builtin_expect"
                                            : "__builtin_expect_with_probability")
      << Expected->getSourceRange();
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ExpectNonConstantCheck)

} // namespace cuda_lint
