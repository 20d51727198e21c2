#include "checks/LaunchExceedsLaunchBoundsCheck.h"
#include "Attributes.h"
#include "analysis/ArchLimits.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void LaunchExceedsLaunchBoundsCheck::checkLaunch(const LaunchSite &L) {
  if (!L.Kernel)
    return;
  CudaLaunchBounds LB = getLaunchBounds(L.Kernel, *Ctx);
  auto Threads = L.threadsPerBlock();
  if (!LB.MaxThreadsPerBlock || !Threads || *Threads <= *LB.MaxThreadsPerBlock)
    return;
  report(locOf(L.BlockExpr, L),
         "kernel '%0' is launched with %1 threads per block, more than the "
         "%2 of its __launch_bounds__; the launch fails")
      << kernelName(L) << num(*Threads) << num(*LB.MaxThreadsPerBlock);
  note(LB.Attr->getLocation(), "__launch_bounds__ is given here");
}

CUDA_LINT_DEFINE_CHECK_FACTORY(LaunchExceedsLaunchBoundsCheck)

} // namespace cuda_lint
