#include "checks/ClusterDimsArchCheck.h"
#include "Attributes.h"
#include "analysis/ArchLimits.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {
/// The architecture of this device side when it is below sm_90.
std::optional<unsigned> preClusterArch(const ASTContext &Ctx) {
  auto Arch = deviceArch(Ctx);
  if (!Arch || *Arch >= launch_limits::FirstClusterArch)
    return std::nullopt;
  return Arch;
}
} // namespace

void ClusterDimsArchCheck::registerMatchers(MatchFinder *Finder) {
  LaunchSiteCheckBase::registerMatchers(Finder);
  Finder->addMatcher(functionDecl().bind("function-decl"), this);
}

void ClusterDimsArchCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  auto Arch = preClusterArch(*Ctx);
  if (!Arch)
    return;
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("function-decl");
  if (!FD)
    return LaunchSiteCheckBase::checkMatch(Result);
  // Once per declaration set; an instantiation carries its template's.
  if (FD != FD->getMostRecentDecl() || FD->isTemplateInstantiation())
    return;
  CudaClusterDims CD = getClusterDims(FD, *Ctx);
  if (CD.K == CudaClusterDims::None)
    return;
  report(CD.Loc, "__cluster_dims__ on kernel '%0' compiled for sm_%1; thread "
                 "block clusters need sm_90 or newer")
      << FD->getName() << std::to_string(*Arch);
}

void ClusterDimsArchCheck::checkLaunch(const LaunchSite &L) {
  auto Arch = preClusterArch(*Ctx);
  if (!Arch || L.ClusterAttr != ClusterAttrState::Present)
    return;
  report(L.Call->getBeginLoc(), "launch with a cluster dimension attribute "
                                "compiled for sm_%0; thread block clusters need "
                                "sm_90 or newer")
      << std::to_string(*Arch);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ClusterDimsArchCheck)

} // namespace cuda_lint
