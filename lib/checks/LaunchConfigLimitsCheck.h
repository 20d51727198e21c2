#ifndef CUDA_LINT_CHECKS_LAUNCHCONFIGLIMITSCHECK_H
#define CUDA_LINT_CHECKS_LAUNCHCONFIGLIMITSCHECK_H

#include "families/LaunchSiteCheckBase.h"

namespace cuda_lint {

/// cuda-launch-config-limits: block dimensions above 1024 threads in total, x or y
/// above 1024, z above 64; grid x above 2^31-1, y or z above 65535 (the launch
/// fails). Source: CUDA C++ Programming Guide, "Compute Capabilities", table
/// "Technical Specifications per Compute Capability".
/// Docs: docs/rules/cuda-launch-config-limits.md
class LaunchConfigLimitsCheck : public LaunchSiteCheckBase {
public:
  using LaunchSiteCheckBase::LaunchSiteCheckBase;

protected:
  void checkLaunch(const LaunchSite &L) override;

};

} // namespace cuda_lint

#endif
