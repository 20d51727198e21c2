#ifndef CUDA_LINT_CHECKS_LAUNCHDYNAMICSHAREDLIMITCHECK_H
#define CUDA_LINT_CHECKS_LAUNCHDYNAMICSHAREDLIMITCHECK_H

#include "families/LaunchSiteCheckBase.h"

namespace cuda_lint {

/// cuda-launch-dynamic-shared-limit: dynamic shared memory (bytes) above the 48 KiB
/// default at a launch with no earlier cudaFuncSetAttribute(kernel,
/// cudaFuncAttributeMaxDynamicSharedMemorySize, >= bytes) for it; above the
/// target's opt-in maximum (ArchLimits.h, 227 KiB on sm_90) at any launch; static
/// plus dynamic shared memory above that maximum. Reported from device sides,
/// where the architecture is known. Source: CUDA C++ Programming Guide, "Shared
/// Memory" and "Compute Capabilities".
/// Docs: docs/rules/cuda-launch-dynamic-shared-limit.md
class LaunchDynamicSharedLimitCheck : public LaunchSiteCheckBase {
public:
  using LaunchSiteCheckBase::LaunchSiteCheckBase;

protected:
  void checkLaunch(const LaunchSite &L) override;

};

} // namespace cuda_lint

#endif
