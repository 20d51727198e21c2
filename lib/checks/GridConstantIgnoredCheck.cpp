#include "checks/GridConstantIgnoredCheck.h"
#include "families/SharedMatchers.h"
#include "Attributes.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

bool isIgnoredGridConstant(const ParmVarDecl *P) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  QualType T = P->getType();
  return FD && isTileKernel(FD) && !T->isDependentType() && !T->isReferenceType() &&
         T.isConstQualified();
}

void GridConstantIgnoredCheck::registerMatchers(MatchFinder *Finder) {
  addGridConstantParamMatcher(*this, Finder);
}

void GridConstantIgnoredCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *P = Result.Nodes.getNodeAs<ParmVarDecl>("param");
  if (!P)
    return;
  const auto *A = P->getAttr<CUDAGridConstantAttr>();
  if (!A || A->isInherited() || !isIgnoredGridConstant(P))
    return;
  claimOwnedCompilerDiagnosticAt(A->getLocation(), GridConstantIgnoredId);
  if (!reportOnce(A->getLocation().getPtrEncoding()))
    return;
  const auto *FD = cast<FunctionDecl>(P->getDeclContext());
  std::string PName = P->getName().empty() ? std::string("<unnamed>") : P->getName().str();
  report(A->getLocation(), "__grid_constant__ on parameter '%0' of __tile_global__ "
                           "function '%1' is ignored; tile kernels take no "
                           "__grid_constant__ parameters")
      << PName << nameForDiagnostic(FD, *Ctx);
  noteInstantiation(FD);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(GridConstantIgnoredCheck)

} // namespace cuda_lint
