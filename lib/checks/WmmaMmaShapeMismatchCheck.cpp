#include "checks/WmmaMmaShapeMismatchCheck.h"
#include "analysis/Uniformity.h"
#include "analysis/WmmaFragment.h"
#include "analysis/WmmaMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void WmmaMmaShapeMismatchCheck::registerMatchers(MatchFinder *Finder) {
  addWmmaCallMatcher(*this, Finder);
  addWmmaLookupMatcher(*this, Finder);
}

static const char *const ArgNames[] = {"d", "a", "b", "c"};
static const WmmaUse Roles[] = {WmmaUse::Accumulator, WmmaUse::MatrixA,
                                WmmaUse::MatrixB, WmmaUse::Accumulator};

void WmmaMmaShapeMismatchCheck::checkCall(const WmmaCall &C, const FunctionDecl *Fn) {
  if ((C.Fn != WmmaFunction::Mma && C.Fn != WmmaFunction::Bmma) || C.Args.size() < 4)
    return;
  const WmmaFragment *Frag[4];
  for (unsigned I = 0; I < 4; ++I) {
    Frag[I] = decodeWmmaFragment(*Ctx, C.Args[I]->getType());
    // Not a fragment (another error), or one reported at its declaration.
    if (!Frag[I] || !Frag[I]->isSupported())
      return;
  }
  SourceLocation Loc = C.E->getBeginLoc();
  // Roles first: a fragment in the wrong place.
  for (unsigned I = 0; I < 4; ++I) {
    if (Frag[I]->Use == Roles[I])
      continue;
    if (!reportOnce(lineKey(*SM, Loc)))
      return;
    report(Loc, "'%0' takes %1 %2 fragment as '%3'; '%4' is %5 '%6'")
        << C.name() << (Roles[I] == WmmaUse::Accumulator ? "an" : "a")
        << toString(Roles[I]) << ArgNames[I]
        << Lexer::getSourceText(
               CharSourceRange::getTokenRange(C.Args[I]->getSourceRange()), *SM,
               Ctx->getLangOpts())
        << (Frag[I]->Use == WmmaUse::Accumulator ? "an" : "a") << Frag[I]->str();
    noteInstantiation(Fn);
    return;
  }
  // Then shapes: every fragment has A's (m, n, k).
  for (unsigned I : {0u, 2u, 3u}) {
    if (Frag[I]->Shape == Frag[1]->Shape)
      continue;
    if (!reportOnce(lineKey(*SM, Loc)))
      return;
    report(Loc, "the fragments of '%0' disagree in shape: d is %1, a is %2, b "
                "is %3, c is %4; all four must have the same m, n and k")
        << C.name() << Frag[0]->Shape.str() << Frag[1]->Shape.str()
        << Frag[2]->Shape.str() << Frag[3]->Shape.str();
    noteInstantiation(Fn);
    return;
  }
  if (C.Fn != WmmaFunction::Mma || C.Args.size() < 5)
    return;
  const Expr *Satf = C.Args[4];
  WmmaElem E = Frag[1]->Elem;
  bool TakesSatf = E == WmmaElem::SChar || E == WmmaElem::UChar ||
                   E == WmmaElem::U4 || E == WmmaElem::S4;
  if (!TakesSatf) {
    if (C.Callee || !reportOnce(lineKey(*SM, Loc)))
      return;
    report(Satf->getBeginLoc(),
           "'mma_sync' of %0 fragments takes no satf argument; only the 8-bit "
           "and sub-byte integer overloads have one")
        << toString(E);
    noteInstantiation(Fn);
    return;
  }
  // satf must be the same in every lane of the warp.
  if (!Fn || !Fn->hasBody() || Fn->isDependentContext())
    return;
  UniformityContext &UC = UniformityContext::forAST(*Ctx);
  const FunctionUniformity *FU = UC.analyze(Fn, {}, UC.optionsFor(Fn));
  if (!FU)
    return;
  UValue V = FU->valueOf(Satf);
  if (V.U != Uniformity::ThreadVarying || !reportOnce(lineKey(*SM, Loc)))
    return;
  std::string Why = V.Src.describe(*Ctx);
  if (Why.empty())
    Why = "it depends on a thread-varying value";
  report(Satf->getBeginLoc(),
         "the satf argument of 'mma_sync' varies across the warp (%0); it must "
         "be the same in every lane")
      << Why;
  noteInstantiation(Fn);
}

void WmmaMmaShapeMismatchCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (auto C = matchedWmmaCall(Result))
    checkCall(C->first, C->second);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WmmaMmaShapeMismatchCheck)

} // namespace cuda_lint
