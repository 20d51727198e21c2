#include "checks/BrkptCheck.h"
#include "analysis/BodyParents.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void BrkptCheck::registerMatchers(MatchFinder *Finder) {
  addNamedCallsMatcher(Finder);
}

namespace {
/// Whether \p S (a statement of a block) reports an error: a call of printf,
/// fprintf or puts, or a failed assertion (`assert(...)`, which expands to
/// `__assert_fail` / `__assertfail`, or to nothing under NDEBUG).
bool reportsError(const Stmt *S, const SourceManager &SM, const LangOptions &LO) {
  SourceLocation Begin = S->getBeginLoc();
  if (Begin.isMacroID() &&
      Lexer::getImmediateMacroNameForDiagnostics(Begin, SM, LO) == "assert")
    return true;
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return false;
  E = E->IgnoreParenCasts();
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) // assert's `(cond) ? void(0) : fail()`
    return reportsError(C->getFalseExpr(), SM, LO);
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier())
    return false;
  return llvm::is_contained({"printf", "fprintf", "puts", "__assert_fail", "__assertfail",
                             "__assert_rtn", "_wassert"},
                            F->getName());
}
} // namespace

bool BrkptCheck::onErrorPath(const CallExpr *Call) {
  // The statement of a block the call is (part of), and that block.
  const BodyParents &Parents = BodyParents::forAST(*Ctx);
  const Stmt *S = Call;
  while (true) {
    const Stmt *Up = Parents.parent(S).S;
    if (!Up)
      return false;
    if (const auto *Block = dyn_cast<CompoundStmt>(Up)) {
      for (const Stmt *Sibling : Block->body()) {
        if (Sibling == S)
          return false;
        if (reportsError(Sibling, *SM, Ctx->getLangOpts()))
          return true;
      }
      return false;
    }
    if (!isa<Expr>(Up))
      return false;
    S = Up;
  }
}

/// Whether \p Loc is spelled by a macro whose name says it is an assertion
/// or a trap (`CUTE_RUNTIME_ASSERT(msg)`, which older CuTe defines as
/// `__brkpt()` on the device side and uses where an architecture feature is
/// compiled out; `MY_TRAP()`, `UNREACHABLE()`), at any level of the
/// expansion. A macro named otherwise (`BREAK_HERE()`) is not one.
static bool inTrapMacro(SourceLocation Loc, const SourceManager &SM, const LangOptions &LO) {
  return inMacroExpansion(SM, LO, Loc, [](llvm::StringRef Macro) {
    std::string Name = Macro.upper();
    return llvm::any_of(std::initializer_list<llvm::StringRef>{"ASSERT", "TRAP", "ABORT",
                                                               "UNREACHABLE", "FATAL", "PANIC"},
                        [&](llvm::StringRef Word) { return llvm::StringRef(Name).contains(Word); });
  });
}

/// Whether \p FD is the global `::__brkpt`.
static bool isBrkpt(const FunctionDecl *FD) {
  return FD && FD->getIdentifier() && FD->getName() == "__brkpt" &&
         FD->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

void BrkptCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!Call || !isBrkpt(Call->getDirectCallee()))
    return;
  // Not the overload `__brkpt(int)` of clang's CUDA wrapper headers, which
  // calls `__brkpt()` (seen with --system-headers).
  if (isBrkpt(BodyParents::forAST(*Ctx).enclosingFunction(Call)))
    return;
  // A trap after an error is reported (CuTe's CUTE_INVALID_CONTROL_PATH:
  // `assert(0 && msg); printf(msg); __brkpt()`) is deliberate, not a
  // breakpoint left behind.
  if (onErrorPath(Call) || inTrapMacro(Call->getBeginLoc(), *SM, Ctx->getLangOpts()))
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
