#include "checks/ClusterDimsMissingAtLaunchCheck.h"
#include "Attributes.h"
#include "analysis/ArchLimits.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void ClusterDimsMissingAtLaunchCheck::checkLaunch(const LaunchSite &L) {
  if (!L.Kernel)
    return;
  CudaClusterDims CD = getClusterDims(L.Kernel, *Ctx);
  if (CD.K != CudaClusterDims::AtLaunch)
    return;
  if (L.ClusterAttr == ClusterAttrState::Present ||
      L.ClusterAttr == ClusterAttrState::Unknown)
    return;
  // A required cluster size set on the function at run time also gives it.
  int64_t Width = cudaEnumValue(*Ctx, "cudaFuncAttributeRequiredClusterWidth", 11);
  for (const FuncAttributeSetting &S : settings())
    if (S.mayConcern(L.Kernel) &&
        (!S.Attribute || (*S.Attribute >= Width && *S.Attribute <= Width + 2)))
      return;
  if (L.Kind == LaunchKind::LaunchKernelEx)
    report(L.Call->getBeginLoc(),
           "kernel '%0' is declared __cluster_dims__() and takes its cluster "
           "dimensions at launch, but this cudaLaunchKernelEx sets no "
           "cudaLaunchAttributeClusterDimension; the launch fails")
        << kernelName(L);
  else
    report(L.Call->getBeginLoc(),
           "kernel '%0' is declared __cluster_dims__() and takes its cluster "
           "dimensions at launch, which this launch cannot give; launch it with "
           "cudaLaunchKernelEx and cudaLaunchAttributeClusterDimension")
        << kernelName(L);
  note(CD.Loc, "__cluster_dims__() is given here");
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ClusterDimsMissingAtLaunchCheck)

} // namespace cuda_lint
