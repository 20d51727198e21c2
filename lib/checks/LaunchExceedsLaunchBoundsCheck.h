#ifndef CUDA_LINT_CHECKS_LAUNCHEXCEEDSLAUNCHBOUNDSCHECK_H
#define CUDA_LINT_CHECKS_LAUNCHEXCEEDSLAUNCHBOUNDSCHECK_H

#include "families/LaunchSiteCheckBase.h"

namespace cuda_lint {

/// cuda-launch-exceeds-launch-bounds: a launch whose threads per block, known at
/// compile time, exceed the kernel's `__launch_bounds__` maxThreadsPerBlock (the
/// launch fails with cudaErrorInvalidValue). Source: CUDA C++ Programming Guide,
/// "Launch Bounds". Docs: docs/rules/cuda-launch-exceeds-launch-bounds.md
class LaunchExceedsLaunchBoundsCheck : public LaunchSiteCheckBase {
public:
  using LaunchSiteCheckBase::LaunchSiteCheckBase;

protected:
  void checkLaunch(const LaunchSite &L) override;

};

} // namespace cuda_lint

#endif
