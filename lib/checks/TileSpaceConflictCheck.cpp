#include "checks/TileSpaceConflictCheck.h"
#include "checks/TileCode.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void TileSpaceConflictCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(varDecl(hasGlobalStorage(), hasAttr(attr::CUDADevice),
                             hasAttr(attr::Annotate))
                         .bind("var"),
                     this);
}

void TileSpaceConflictCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *V = Result.Nodes.getNodeAs<VarDecl>("var");
  if (!V || !isDeviceVariable(V) || !isTileVariable(V))
    return;
  // One finding per variable, at the declaration that adds the second space.
  const VarDecl *First = V->getFirstDecl();
  if (!reportOnce(First))
    return;
  report(V->getLocation(), "variable %0 is marked both __device__ and __tile__; a "
                           "variable belongs to one memory space")
      << V;
}

CUDA_LINT_DEFINE_CHECK_FACTORY(TileSpaceConflictCheck)

} // namespace cuda_lint
