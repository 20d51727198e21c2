#include "checks/ClusterSizeCheck.h"
#include "families/SharedMatchers.h"
#include "Attributes.h"
#include "analysis/ArchLimits.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void ClusterSizeCheck::registerMatchers(MatchFinder *Finder) {
  LaunchSiteCheckBase::registerMatchers(Finder);
  addKernelDeclMatcher(*this, Finder);
}

void ClusterSizeCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("kernel"))
    return checkDeclaration(FD);
  LaunchSiteCheckBase::checkMatch(Result);
}

bool ClusterSizeCheck::reportAboveLaunchBounds(const FunctionDecl *K, uint64_t Blocks,
                                               SourceLocation Loc, llvm::StringRef Where) {
  if (!K)
    return false;
  CudaLaunchBounds LB = getLaunchBounds(K, *Ctx);
  if (!LB.MaxBlocksPerCluster || *LB.MaxBlocksPerCluster == 0 ||
      Blocks <= *LB.MaxBlocksPerCluster)
    return false;
  report(Loc, "cluster of %0 blocks %1'%2' exceeds the maxBlocksPerCluster of %3 "
              "given by its __launch_bounds__")
      << num(Blocks) << Where << K->getName() << num(*LB.MaxBlocksPerCluster);
  note(LB.Attr->getLocation(), "__launch_bounds__ is given here");
  return true;
}

void ClusterSizeCheck::reportNonPortable(const FunctionDecl *K, uint64_t Blocks,
                                         SourceLocation Loc, llvm::StringRef Where,
                                         bool OnDeclaration) {
  if (Blocks <= launch_limits::MaxPortableClusterBlocks)
    return;
  std::string Name = K ? K->getName().str() : std::string("<unknown>");
  if (OnDeclaration && Blocks > launch_limits::MaxNonPortableClusterBlocks) {
    report(Loc, "cluster of %0 blocks %1'%2' exceeds %3, the largest cluster any "
                "GPU supports; the launch fails",
           Severity::Warning)
        << num(Blocks) << Where << Name << num(launch_limits::MaxNonPortableClusterBlocks);
    return;
  }
  int64_t NP = cudaEnumValue(*Ctx, "cudaFuncAttributeNonPortableClusterSizeAllowed", 14);
  for (const FuncAttributeSetting &S : settings())
    if (S.mayConcern(K) && (!S.Attribute || *S.Attribute == NP))
      return;
  report(Loc, "cluster of %0 blocks %1'%2' exceeds the portable maximum of 8 and no "
              "cudaFuncSetAttribute(..., cudaFuncAttributeNonPortableClusterSizeAllowed, "
              "1) allows it",
         Severity::Warning)
      << num(Blocks) << Where << Name;
}

void ClusterSizeCheck::checkDeclaration(const FunctionDecl *FD) {
  if (FD != FD->getMostRecentDecl())
    return;
  CudaClusterDims CD = getClusterDims(FD, *Ctx);
  if (CD.K != CudaClusterDims::Fixed)
    return;
  auto Blocks = CD.blocks();
  if (!Blocks)
    return;
  if (reportAboveLaunchBounds(FD, *Blocks, CD.Loc, "of kernel "))
    return;
  CudaLaunchBounds LB = getLaunchBounds(FD, *Ctx);
  if (LB.MaxBlocksPerCluster) {
    // nvcc 13.0's ptxas: "Conflicting directives: .reqnctapercluster and
    // .maxclusterrank cannot both be specified".
    report(CD.Loc, "kernel '%0' has both __cluster_dims__ and a "
                   "maxBlocksPerCluster in __launch_bounds__; nvcc 13.0 "
                   "rejects the combination")
        << FD->getName();
    note(LB.Attr->getLocation(), "__launch_bounds__ is given here");
    return;
  }
  reportNonPortable(FD, *Blocks, CD.Loc, "of kernel ", /*OnDeclaration=*/true);
}

void ClusterSizeCheck::checkLaunch(const LaunchSite &L) {
  if (L.ClusterAttr != ClusterAttrState::Present)
    return;
  auto Blocks = L.ClusterDim.product();
  if (!Blocks)
    return;
  SourceLocation Loc = L.Call->getBeginLoc();
  if (reportAboveLaunchBounds(L.Kernel, *Blocks, Loc, "at this launch of "))
    return;
  reportNonPortable(L.Kernel, *Blocks, Loc, "at this launch of ", /*OnDeclaration=*/false);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ClusterSizeCheck)

} // namespace cuda_lint
