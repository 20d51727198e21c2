#include "checks/GridConstantInvalidCheck.h"
#include "families/SharedMatchers.h"
#include "checks/GridConstantIgnoredCheck.h"
#include "Attributes.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void GridConstantInvalidCheck::registerMatchers(MatchFinder *Finder) {
  addGridConstantParamMatcher(*this, Finder);
}

void GridConstantInvalidCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *P = Result.Nodes.getNodeAs<ParmVarDecl>("param"))
    checkParam(P);
}

void GridConstantInvalidCheck::checkParam(const ParmVarDecl *P) {
  const auto *A = P->getAttr<CUDAGridConstantAttr>();
  if (!A || A->isInherited())
    return;
  // On a valid __tile_global__ parameter the annotation is ignored: that is
  // cuda-grid-constant-ignored's, and so is clang's error there (clang sees a
  // host function), whether or not that rule is enabled.
  if (isIgnoredGridConstant(P)) {
    claimOwnedCompilerDiagnosticAt(A->getLocation(), GridConstantIgnoredId);
    return;
  }
  QualType T = P->getType();
  // A dependent type is checked in each instantiation.
  if (T->isDependentType())
    return;
  const auto *FD = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  std::string PName = P->getName().empty() ? std::string("<unnamed>")
                                           : P->getName().str();
  auto Once = [&] { return reportOnce(A->getLocation().getPtrEncoding()); };
  auto InstantiationNote = [&] { noteInstantiation(FD); };
  // nvcc 13.0 checks a __tile_global__ function's parameters as a kernel's.
  if (!FD || (!isKernel(FD) && !isTileKernel(FD))) {
    if (!Once())
      return;
    if (FD)
      report(A->getLocation(),
             "__grid_constant__ on parameter '%0' of '%1', which is not a "
             "__global__ function")
          << PName << nameForDiagnostic(FD, *Ctx);
    else
      report(A->getLocation(), "__grid_constant__ on parameter '%0', which "
                               "does not belong to a __global__ function")
          << PName;
    InstantiationNote();
    return;
  }
  if (T->isReferenceType()) {
    if (!Once())
      return;
    report(A->getLocation(), "__grid_constant__ parameter '%0' of kernel '%1' "
                             "has reference type %2; the annotation applies to "
                             "by-value parameters only")
        << PName << nameForDiagnostic(FD, *Ctx) << T;
    InstantiationNote();
    return;
  }
  if (!T.isConstQualified()) {
    if (!Once())
      return;
    report(A->getLocation(), "__grid_constant__ parameter '%0' of kernel '%1' "
                             "has type %2, which is not const-qualified")
        << PName << nameForDiagnostic(FD, *Ctx) << T;
    InstantiationNote();
  }
}


CUDA_LINT_DEFINE_CHECK_FACTORY(GridConstantInvalidCheck)

} // namespace cuda_lint
