#include "checks/AssertSideEffectCheck.h"
#include "analysis/BodyParents.h"
#include "analysis/SideEffects.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void AssertSideEffectCheck::registerMatchers(MatchFinder *Finder) {
  // glibc, musl, the MSVC and Apple C libraries' assertion handlers.
  auto Handler = callExpr(callee(functionDecl(
      hasAnyName("__assert_fail", "__assertfail", "__assert_rtn", "_wassert",
                 "__assert", "__assert2"))));
  Finder->addMatcher(
      conditionalOperator(hasFalseExpression(ignoringParenImpCasts(Handler)),
                          forEnclosingFunction(functionDecl().bind("fn")))
          .bind("assert"),
      this);
}

namespace {

/// Whether \p Loc is (inside) an expansion of the macro `assert`.
bool inAssertExpansion(const SourceManager &SM, const LangOptions &LO,
                       SourceLocation Loc) {
  return inMacroExpansion(SM, LO, Loc, [](llvm::StringRef Name) { return Name == "assert"; });
}

} // namespace

void AssertSideEffectCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *CO = Result.Nodes.getNodeAs<ConditionalOperator>("assert");
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!CO || !FD || !isDeviceFunction(FD))
    return;
  if (!inAssertExpansion(*SM, Ctx->getLangOpts(), CO->getBeginLoc()))
    return;
  // assert's own `static_cast<bool>(e)` / `(bool)(e)` / `!!(e)` around e.
  const Expr *Cond = CO->getCond()->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Cond))
    Cond = Cast->getSubExpr()->IgnoreParenImpCasts();
  if (Cond->isInstantiationDependent())
    return;
  const Expr *Effect = findDefiniteSideEffect(Cond);
  if (!Effect)
    return;
  SourceLocation Loc = userLoc(*SM, CO->getBeginLoc());
  if (!reportOnce(Loc.getPtrEncoding()))
    return;
  report(CO->getBeginLoc(),
         "the condition of 'assert' has side effects: defining NDEBUG removes "
         "them and changes what the device code does");
  note(Effect->getExprLoc(), "the side effect is here");
}

CUDA_LINT_DEFINE_CHECK_FACTORY(AssertSideEffectCheck)

} // namespace cuda_lint
