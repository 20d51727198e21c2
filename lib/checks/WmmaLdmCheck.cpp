#include "checks/WmmaLdmCheck.h"
#include "analysis/WmmaFragment.h"
#include "analysis/WmmaMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void WmmaLdmCheck::registerMatchers(MatchFinder *Finder) {
  addWmmaCallMatcher(*this, Finder);
}

void WmmaLdmCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  auto M = matchedWmmaCall(Result);
  if (!M)
    return;
  const WmmaCall &C = M->first;
  // Resolved calls only: a call that matched no overload is another rule's.
  if (!C.Callee || (C.Fn != WmmaFunction::Load && C.Fn != WmmaFunction::Store) ||
      C.Args.size() < 3)
    return;
  const WmmaFragment *F =
      decodeWmmaFragment(*Ctx, C.Args[C.Fn == WmmaFunction::Load ? 0 : 1]->getType());
  if (!F)
    return;
  const Expr *Ldm = C.Args[2];
  if (Ldm->isValueDependent() || Ldm->isTypeDependent())
    return;
  std::optional<llvm::APSInt> V = Ldm->getIntegerConstantExpr(*Ctx);
  if (!V)
    return;
  unsigned Bits = elemBits(F->Elem);
  if (!Bits)
    return;
  unsigned Multiple = 128 / Bits; // elements in 16 bytes
  uint64_t Value = V->getZExtValue() & 0xffffffffu; // the parameter is unsigned
  if (Value % Multiple == 0)
    return;
  SourceLocation Loc = Ldm->getBeginLoc();
  if (!reportOnce(lineKey(*SM, Loc)))
    return;
  std::string Elem = F->Elem == WmmaElem::TF32 ? "float (precision::tf32)"
                                               : toString(F->Elem).str();
  report(Loc, "leading dimension %0 of '%1' is not a multiple of %2: ldm must be a "
              "multiple of 16 bytes of the %3 elements (%4 bits each); the result "
              "is undefined")
      << std::to_string(Value) << C.name() << Multiple << Elem << Bits;
  noteInstantiation(M->second);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WmmaLdmCheck)

} // namespace cuda_lint
