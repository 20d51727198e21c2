#ifndef CUDA_LINT_CHECKS_CLUSTERDIMSARCHCHECK_H
#define CUDA_LINT_CHECKS_CLUSTERDIMSARCHCHECK_H

#include "families/LaunchSiteCheckBase.h"

namespace cuda_lint {

/// cuda-cluster-dims-arch: `__cluster_dims__`, or a launch with a cluster
/// dimension attribute, compiled for an architecture below sm_90 (thread block
/// clusters need compute capability 9.0). Source: CUDA C++ Programming Guide,
/// "Thread Block Clusters". Docs: docs/rules/cuda-cluster-dims-arch.md
class ClusterDimsArchCheck : public LaunchSiteCheckBase {
public:
  using LaunchSiteCheckBase::LaunchSiteCheckBase;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void checkLaunch(const LaunchSite &L) override;

};

} // namespace cuda_lint

#endif
