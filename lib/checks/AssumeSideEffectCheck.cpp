#include "checks/AssumeSideEffectCheck.h"
#include "analysis/SideEffects.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/Builtins.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void AssumeSideEffectCheck::registerMatchers(MatchFinder *Finder) {
  addNamedCallsMatcher(Finder);
}

void AssumeSideEffectCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!Call || Call->getBuiltinCallee() != Builtin::BI__builtin_assume ||
      Call->getNumArgs() != 1)
    return;
  const Expr *Arg = Call->getArg(0);
  if (Arg->isInstantiationDependent())
    return;
  const Expr *Effect = findDefiniteSideEffect(Arg);
  if (!Effect)
    return;
  SourceLocation Loc = userLoc(*SM, Arg->getBeginLoc());
  if (!reportOnce(Loc.getPtrEncoding()))
    return;
  report(Arg->getBeginLoc(),
         "the argument of '__builtin_assume' has side effects, which are "
         "discarded: it is never evaluated")
      << Arg->getSourceRange();
  if (Effect->getBeginLoc() != Arg->getBeginLoc())
    note(Effect->getExprLoc(), "the side effect is here");
}

CUDA_LINT_DEFINE_CHECK_FACTORY(AssumeSideEffectCheck)

} // namespace cuda_lint
