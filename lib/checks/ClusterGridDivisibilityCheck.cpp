#include "checks/ClusterGridDivisibilityCheck.h"
#include "Attributes.h"
#include "analysis/ArchLimits.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void ClusterGridDivisibilityCheck::checkLaunch(const LaunchSite &L) {
  Dim3Value Cluster;
  SourceLocation ClusterLoc;
  if (L.ClusterAttr == ClusterAttrState::Present) {
    Cluster = L.ClusterDim;
  } else if (L.Kernel) {
    CudaClusterDims CD = getClusterDims(L.Kernel, *Ctx);
    if (CD.K != CudaClusterDims::Fixed)
      return;
    Cluster = {CD.X, CD.Y, CD.Z};
    ClusterLoc = CD.Loc;
  } else {
    return;
  }
  for (unsigned I = 0; I < 3; ++I) {
    auto G = L.Grid.get(I), C = Cluster.get(I);
    if (!G || !C || *C == 0 || *G % *C == 0)
      continue;
    report(locOf(L.GridExpr, L),
           "grid dimension %0 of %1 blocks is not a multiple of the cluster "
           "dimension %2 of kernel '%3'; the launch fails")
        << dimName(I) << num(*G) << num(*C) << kernelName(L);
    if (ClusterLoc.isValid())
      note(ClusterLoc, "cluster dimensions are given here");
    return;
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ClusterGridDivisibilityCheck)

} // namespace cuda_lint
