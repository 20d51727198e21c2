#ifndef CUDA_LINT_CHECKS_CLUSTERSIZECHECK_H
#define CUDA_LINT_CHECKS_CLUSTERSIZECHECK_H

#include "families/LaunchSiteCheckBase.h"

namespace cuda_lint {

/// cuda-cluster-size: blocks per cluster above the `__launch_bounds__`
/// maxBlocksPerCluster (error; nvcc 13.0 rejects it), `__cluster_dims__` together
/// with a maxBlocksPerCluster (error; ptxas rejects the combination), above 8
/// without cudaFuncAttributeNonPortableClusterSizeAllowed (warning) or above 16
/// (warning: no GPU runs it). Looked at on the kernel's declaration
/// (`__cluster_dims__`) and at each launch with a cluster attribute. Source: CUDA
/// C++ Programming Guide, "Thread Block Clusters".
/// Docs: docs/rules/cuda-cluster-size.md
class ClusterSizeCheck : public LaunchSiteCheckBase {
public:
  using LaunchSiteCheckBase::LaunchSiteCheckBase;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void checkLaunch(const LaunchSite &L) override;


private:
  /// The kernel's own cluster dimensions, on its declaration.
  void checkDeclaration(const clang::FunctionDecl *FD);
  /// Reports \p Blocks per cluster of kernel \p K above its
  /// maxBlocksPerCluster at \p Loc; true when reported.
  bool reportAboveLaunchBounds(const clang::FunctionDecl *K, uint64_t Blocks,
                               clang::SourceLocation Loc, llvm::StringRef Where);
  /// Reports \p Blocks above the portable 8 when no cudaFuncSetAttribute
  /// allows a non-portable size for \p K; on a declaration, also above 16,
  /// the largest cluster of any GPU.
  void reportNonPortable(const clang::FunctionDecl *K, uint64_t Blocks,
                         clang::SourceLocation Loc, llvm::StringRef Where,
                         bool OnDeclaration);
};

} // namespace cuda_lint

#endif
