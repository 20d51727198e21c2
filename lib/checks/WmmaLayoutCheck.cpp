#include "checks/WmmaLayoutCheck.h"
#include "analysis/WmmaFragment.h"
#include "analysis/WmmaMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void WmmaLayoutCheck::registerMatchers(MatchFinder *Finder) {
  addWmmaFragmentDeclMatcher(*this, Finder);
  addWmmaCallMatcher(*this, Finder);
  addWmmaLookupMatcher(*this, Finder);
}

/// What is wrong with \p F's layout, or "".
static std::string layoutProblem(const WmmaFragment &F) {
  switch (F.Use) {
  case WmmaUse::MatrixA:
  case WmmaUse::MatrixB: {
    if (F.Layout == WmmaLayout::Void)
      return toString(F.Use).str() +
             " fragments need a layout: wmma::row_major or wmma::col_major as "
             "the last template argument";
    if (F.Layout == WmmaLayout::Other)
      return "the layout of a " + toString(F.Use).str() +
             " fragment must be wmma::row_major or wmma::col_major";
    if (!isSubByte(F.Elem))
      return "";
    WmmaLayout Need =
        F.Use == WmmaUse::MatrixA ? WmmaLayout::RowMajor : WmmaLayout::ColMajor;
    if (F.Layout == Need)
      return "";
    return "sub-byte " + toString(F.Use).str() + " fragments (" +
           toString(F.Elem).str() + ") exist only as " + toString(Need).str();
  }
  case WmmaUse::Accumulator:
    if (F.Layout == WmmaLayout::Void)
      return "";
    return "accumulator fragments take no layout: leave the last template "
           "argument out and give wmma::mem_row_major or wmma::mem_col_major "
           "to load_matrix_sync and store_matrix_sync";
  case WmmaUse::Other:
    break;
  }
  return "";
}

bool WmmaLayoutCheck::reportFragment(SourceLocation Loc, const WmmaFragment &F,
                                     const FunctionDecl *Fn) {
  std::string Why = layoutProblem(F);
  if (Why.empty() || !reportOnce(lineKey(*SM, Loc)))
    return false;
  report(Loc, "WMMA fragment '%0' has a wrong layout: %1") << F.str() << Why;
  noteInstantiation(Fn);
  return true;
}

void WmmaLayoutCheck::checkCall(const WmmaCall &C, const FunctionDecl *Fn) {
  // load_matrix_sync(frag, p, ldm[, layout]); store_matrix_sync(p, frag, ldm, layout).
  unsigned FragArg;
  if (C.Fn == WmmaFunction::Load)
    FragArg = 0;
  else if (C.Fn == WmmaFunction::Store)
    FragArg = 1;
  else
    return;
  if (C.Args.size() <= FragArg || C.Callee) // a resolved call is fine
    return;
  const WmmaFragment *F = decodeWmmaFragment(*Ctx, C.Args[FragArg]->getType());
  if (!F || !F->isSupported())
    return; // the declaration is reported
  SourceLocation Loc = C.E->getBeginLoc();
  std::string Msg;
  if (F->Use == WmmaUse::Accumulator && C.Args.size() == 3)
    Msg = "'%0' of an accumulator fragment needs the memory layout as a fourth "
          "argument: wmma::mem_row_major or wmma::mem_col_major";
  else if (F->Use != WmmaUse::Accumulator && C.Args.size() == 4 &&
           C.Fn == WmmaFunction::Load)
    Msg = "'%0' of a %1 fragment takes no layout argument: its layout (%2) is "
          "part of the fragment type";
  else
    return;
  if (!reportOnce(lineKey(*SM, Loc)))
    return;
  report(Loc, Msg) << C.name() << toString(F->Use) << toString(F->Layout);
  noteInstantiation(Fn);
}

void WmmaLayoutCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *D = Result.Nodes.getNodeAs<DeclaratorDecl>("decl")) {
    forEachFragmentOf(*Ctx, D, [&](const WmmaFragment &F, const FunctionDecl *Fn) {
      return reportFragment(D->getLocation(), F, Fn);
    });
    return;
  }
  if (auto C = matchedWmmaCall(Result))
    checkCall(C->first, C->second);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WmmaLayoutCheck)

} // namespace cuda_lint
