#include "checks/ClusterDimsOnTileKernelCheck.h"
#include "Attributes.h"
#include "analysis/ArchLimits.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void ClusterDimsOnTileKernelCheck::checkFunction(const FunctionDecl *FD) {
  if (!isTileKernel(FD))
    return;
  CudaClusterDims CD = getClusterDims(FD, *Ctx);
  if (CD.K == CudaClusterDims::None)
    return;
  report(CD.Loc, "__cluster_dims__ on __tile_global__ kernel '%0'; tile "
                 "kernels do not take cluster dimensions")
      << FD->getName();
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ClusterDimsOnTileKernelCheck)

} // namespace cuda_lint
