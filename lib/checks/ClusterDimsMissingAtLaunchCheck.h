#ifndef CUDA_LINT_CHECKS_CLUSTERDIMSMISSINGATLAUNCHCHECK_H
#define CUDA_LINT_CHECKS_CLUSTERDIMSMISSINGATLAUNCHCHECK_H

#include "families/LaunchSiteCheckBase.h"

namespace cuda_lint {

/// cuda-cluster-dims-missing-at-launch: a kernel declared `__cluster_dims__()`
/// (cluster dimensions given at launch) launched with `<<<>>>` or
/// cudaLaunchKernel, or through cudaLaunchKernelEx without
/// cudaLaunchAttributeClusterDimension (the launch fails with
/// cudaErrorInvalidClusterSize). Source: CUDA C++ Programming Guide, "Thread Block
/// Clusters". Docs: docs/rules/cuda-cluster-dims-missing-at-launch.md
class ClusterDimsMissingAtLaunchCheck : public LaunchSiteCheckBase {
public:
  using LaunchSiteCheckBase::LaunchSiteCheckBase;

protected:
  void checkLaunch(const LaunchSite &L) override;

};

} // namespace cuda_lint

#endif
