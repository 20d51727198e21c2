#include "checks/WmmaShapeTypeCheck.h"
#include "analysis/WmmaFragment.h"
#include "analysis/WmmaMatchers.h"
#include "analysis/BodyParents.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void WmmaShapeTypeCheck::registerMatchers(MatchFinder *Finder) {
  addWmmaFragmentDeclMatcher(*this, Finder);
  addWmmaCallMatcher(*this, Finder);
  addWmmaLookupMatcher(*this, Finder);
}

/// Every shape of the API (for the accumulator lists).
static const WmmaShape AllShapes[] = {{16, 16, 16}, {32, 8, 16}, {8, 32, 16},
                                      {16, 16, 8},  {8, 8, 4},   {8, 8, 32},
                                      {8, 8, 128}};

static std::string joinShapes(llvm::ArrayRef<WmmaShape> Shapes) {
  std::string S;
  for (size_t I = 0; I < Shapes.size(); ++I) {
    if (I)
      S += I + 1 == Shapes.size() ? " or " : ", ";
    S += Shapes[I].str();
  }
  return S;
}

static std::string joinElems(llvm::ArrayRef<WmmaElem> Elems) {
  std::string S;
  for (size_t I = 0; I < Elems.size(); ++I) {
    if (I)
      S += I + 1 == Elems.size() ? " or " : ", ";
    S += toString(Elems[I]);
  }
  return S;
}

static const WmmaElem MultiplicandElems[] = {
    WmmaElem::Half, WmmaElem::BFloat16, WmmaElem::TF32, WmmaElem::Double,
    WmmaElem::SChar, WmmaElem::UChar, WmmaElem::U4, WmmaElem::S4, WmmaElem::B1};
static const WmmaElem AccumulatorElems[] = {WmmaElem::Half, WmmaElem::Float,
                                            WmmaElem::Int, WmmaElem::Double};

static std::string elemName(const WmmaFragment &F) {
  return F.Elem == WmmaElem::Other ? F.ElemType.getAsString()
                                   : toString(F.Elem).str();
}

/// Why \p F is not a fragment crt/mma.h defines, as far as this rule is
/// concerned (its shape, element type or use; a wrong layout alone is
/// cuda-wmma-layout's): the message, or "" when the shape and type are fine.
static std::string shapeTypeProblem(const WmmaFragment &F) {
  switch (F.Use) {
  case WmmaUse::Other:
    return "its first argument must be wmma::matrix_a, wmma::matrix_b or "
           "wmma::accumulator";
  case WmmaUse::MatrixA:
  case WmmaUse::MatrixB:
    if (!isMultiplicandElem(F.Elem))
      return "'" + elemName(F) + "' is not an element type of " +
             toString(F.Use).str() +
             " fragments (half, __nv_bfloat16, precision::tf32, double, signed "
             "char, unsigned char, or the experimental u4, s4, b1)";
    if (!llvm::is_contained(shapesFor(F.Elem), F.Shape))
      return elemName(F) + " fragments exist only as " +
             joinShapes(shapesFor(F.Elem)) + "; this one is " + F.Shape.str();
    return "";
  case WmmaUse::Accumulator: {
    if (!llvm::is_contained(AccumulatorElems, F.Elem))
      return "'" + elemName(F) +
             "' is not an element type of accumulator fragments (half, float, "
             "int or double)";
    if (isSupportedAccumulator(F.Shape, F.Elem))
      return "";
    llvm::SmallVector<WmmaShape, 8> Shapes;
    for (WmmaShape S : AllShapes)
      if (isSupportedAccumulator(S, F.Elem))
        Shapes.push_back(S);
    return elemName(F) + " accumulator fragments exist only as " +
           joinShapes(Shapes) + "; this one is " + F.Shape.str();
  }
  }
  return "";
}

/// The supported combinations, for the note.
static std::string supportedTable() {
  std::string Table;
  for (WmmaElem E : MultiplicandElems) {
    if (!Table.empty())
      Table += "; ";
    Table += toString(E).str() + " " + joinShapes(shapesFor(E)) +
             " (accumulator " + joinElems(accumulatorsFor(E)) + ")";
  }
  return Table;
}

void WmmaShapeTypeCheck::checkDecl(const DeclaratorDecl *D) {
  forEachFragmentOf(*Ctx, D, [&](const WmmaFragment &F, const FunctionDecl *Fn) {
    return reportFragment(D->getLocation(), F, Fn);
  });
}

bool WmmaShapeTypeCheck::reportFragment(SourceLocation Loc, const WmmaFragment &F,
                                        const FunctionDecl *Fn) {
  if (F.isSupported())
    return false;
  std::string Why = shapeTypeProblem(F);
  if (Why.empty() || !reportOnce(lineKey(*SM, Loc)))
    return false;
  report(Loc, "unsupported WMMA fragment '%0': %1") << F.str() << Why;
  note(Loc, "supported element types and shapes: %0") << supportedTable();
  noteInstantiation(Fn);
  return true;
}

void WmmaShapeTypeCheck::checkCall(const WmmaCall &C, const FunctionDecl *Fn) {
  if (C.Fn != WmmaFunction::Mma && C.Fn != WmmaFunction::Bmma)
    return;
  if (C.Args.size() < 4)
    return;
  const WmmaFragment *Frag[4];
  for (unsigned I = 0; I < 4; ++I) {
    Frag[I] = decodeWmmaFragment(*Ctx, C.Args[I]->getType());
    // An unsupported fragment is reported at its declaration.
    if (!Frag[I] || !Frag[I]->isSupported())
      return;
  }
  const WmmaFragment &D = *Frag[0], &A = *Frag[1], &B = *Frag[2], &Cc = *Frag[3];
  // Wrong roles or shapes that disagree are cuda-wmma-mma-shape-mismatch's.
  if (D.Use != WmmaUse::Accumulator || A.Use != WmmaUse::MatrixA ||
      B.Use != WmmaUse::MatrixB || Cc.Use != WmmaUse::Accumulator)
    return;
  if (D.Shape != A.Shape || B.Shape != A.Shape || Cc.Shape != A.Shape)
    return;
  std::string Why;
  if (A.Elem != B.Elem) {
    Why = "it multiplies a " + toString(A.Elem).str() + " matrix_a by a " +
          toString(B.Elem).str() +
          " matrix_b; both multiplicands must have the same element type";
  } else if (C.Fn == WmmaFunction::Mma && A.Elem == WmmaElem::B1) {
    Why = "b1 fragments are multiplied with bmma_sync, not mma_sync";
  } else if (C.Fn == WmmaFunction::Bmma && A.Elem != WmmaElem::B1) {
    Why = "bmma_sync multiplies only experimental::precision::b1 fragments; "
          "these are " + toString(A.Elem).str();
  } else {
    for (const WmmaFragment *Acc : {&D, &Cc})
      if (!llvm::is_contained(accumulatorsFor(A.Elem), Acc->Elem)) {
        Why = toString(A.Elem).str() + " multiplicands accumulate only into " +
              joinElems(accumulatorsFor(A.Elem)) + " fragments; " +
              (Acc == &D ? "the result d" : "the addend c") + " is " +
              toString(Acc->Elem).str();
        break;
      }
  }
  if (Why.empty())
    return;
  SourceLocation Loc = C.E->getBeginLoc();
  if (!reportOnce(lineKey(*SM, Loc)))
    return;
  report(Loc, "unsupported '%0' combination: %1") << C.name() << Why;
  noteInstantiation(Fn);
}

void WmmaShapeTypeCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *D = Result.Nodes.getNodeAs<DeclaratorDecl>("decl"))
    return checkDecl(D);
  if (auto C = matchedWmmaCall(Result))
    checkCall(C->first, C->second);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WmmaShapeTypeCheck)

} // namespace cuda_lint
