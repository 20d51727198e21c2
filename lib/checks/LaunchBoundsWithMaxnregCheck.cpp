#include "checks/LaunchBoundsWithMaxnregCheck.h"
#include "Attributes.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void LaunchBoundsWithMaxnregCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionDecl(hasAttr(attr::CUDAGlobal)).bind("kernel"),
                     this);
}

void LaunchBoundsWithMaxnregCheck::check(
    const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  SM = Result.SourceManager;
  // One report per kernel: at its most recent declaration, looking at all of
  // them. Instantiations carry their template's attributes: the template is
  // reported instead.
  if (FD->isTemplateInstantiation() || FD != FD->getMostRecentDecl())
    return;

  const CUDALaunchBoundsAttr *Bounds = nullptr;
  for (const FunctionDecl *R : FD->redecls())
    if (const auto *A = R->getAttr<CUDALaunchBoundsAttr>())
      if (!A->isInherited() || !Bounds)
        Bounds = A;
  auto [Maxnreg, MaxnregDecl] = findCudaAttrOnAnyRedecl(FD, "maxnreg");
  if (!Bounds || !Maxnreg)
    return;

  report(Maxnreg->getLocation(),
         "kernel '%0' has both __launch_bounds__ and __maxnreg__; nvcc "
         "rejects the combination and clang silently ignores __maxnreg__")
      << FD->getName();
  note(Bounds->getLocation(), "__launch_bounds__ is given here");
}

CUDA_LINT_DEFINE_CHECK_FACTORY(LaunchBoundsWithMaxnregCheck)

} // namespace cuda_lint
