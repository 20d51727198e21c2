#ifndef CUDA_LINT_CHECKS_CLUSTERGRIDDIVISIBILITYCHECK_H
#define CUDA_LINT_CHECKS_CLUSTERGRIDDIVISIBILITYCHECK_H

#include "families/LaunchSiteCheckBase.h"

namespace cuda_lint {

/// cuda-cluster-grid-divisibility: a grid dimension (blocks), known at compile
/// time, that is not a multiple of the cluster dimension (blocks) given by
/// `__cluster_dims__` or the launch's cluster attribute (the launch fails with
/// cudaErrorInvalidClusterSize). Source: CUDA C++ Programming Guide, "Thread Block
/// Clusters". Docs: docs/rules/cuda-cluster-grid-divisibility.md
class ClusterGridDivisibilityCheck : public LaunchSiteCheckBase {
public:
  using LaunchSiteCheckBase::LaunchSiteCheckBase;

protected:
  void checkLaunch(const LaunchSite &L) override;

};

} // namespace cuda_lint

#endif
