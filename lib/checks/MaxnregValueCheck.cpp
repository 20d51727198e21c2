#include "checks/MaxnregValueCheck.h"
#include "Attributes.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

/// The largest register count per thread ptxas honours in `.maxnreg`
/// (nvcc 13.0 on sm_90: 256 and above are "ignored").
static constexpr int64_t MaxRegistersPerThread = 255;

void MaxnregValueCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionDecl(hasAttr(attr::Annotate)).bind("fn"), this);
}

void MaxnregValueCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  const AnnotateAttr *A = getCudaAttr(FD, "maxnreg");
  if (!A || A->isInherited())
    return;
  const Expr *Arg = getCudaAttrArg(A);
  if (!Arg || Arg->isValueDependent() || Arg->isTypeDependent())
    return; // checked in each instantiation
  // One finding per written annotation: the instantiations of a template
  // carry its argument expression at the same place.
  if (!reportOnce(Arg->getBeginLoc().getPtrEncoding()))
    return;
  ASTContext &Ctx = *Result.Context;
  auto InstantiationNote = [&] { noteInstantiation(FD); };
  std::optional<llvm::APSInt> V;
  if (Arg->getType()->isIntegralOrUnscopedEnumerationType())
    V = Arg->getIntegerConstantExpr(Ctx);
  if (!V) {
    report(Arg->getBeginLoc(), "the argument of __maxnreg__ is not an integer "
                               "constant expression; nvcc rejects it")
        << Arg->getSourceRange();
    InstantiationNote();
    return;
  }
  if (V->isSigned() ? V->getSExtValue() <= 0 : V->isZero()) {
    report(Arg->getBeginLoc(), "__maxnreg__(%0) asks for a register count "
                               "that is not positive; nvcc rejects it")
        << toString(*V, 10);
    InstantiationNote();
    return;
  }
  if (V->getActiveBits() > 63 || V->getExtValue() > MaxRegistersPerThread) {
    report(Arg->getBeginLoc(), "__maxnreg__(%0) is above the 255 registers a "
                               "thread can have; ptxas ignores the annotation")
        << toString(*V, 10);
    InstantiationNote();
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(MaxnregValueCheck)

} // namespace cuda_lint
