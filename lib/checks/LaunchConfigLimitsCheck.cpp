#include "checks/LaunchConfigLimitsCheck.h"
#include "Attributes.h"
#include "analysis/ArchLimits.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void LaunchConfigLimitsCheck::checkLaunch(const LaunchSite &L) {
  using namespace launch_limits;
  const uint64_t BlockMax[] = {MaxBlockDimXY, MaxBlockDimXY, MaxBlockDimZ};
  const uint64_t GridMax[] = {MaxGridDimX, MaxGridDimYZ, MaxGridDimYZ};
  for (unsigned I = 0; I < 3; ++I)
    if (auto V = L.Block.get(I); V && *V > BlockMax[I]) {
      report(locOf(L.BlockExpr, L),
             "block dimension %0 of %1 threads exceeds the limit of %2; the "
             "launch of '%3' fails")
          << dimName(I) << num(*V) << num(BlockMax[I]) << kernelName(L);
      return;
    }
  if (auto T = L.threadsPerBlock(); T && *T > MaxThreadsPerBlock) {
    report(locOf(L.BlockExpr, L),
           "block of %0 threads (%1 x %2 x %3) exceeds the limit of %4 threads "
           "per block; the launch of '%5' fails")
        << num(*T) << num(*L.Block.X) << num(*L.Block.Y) << num(*L.Block.Z)
        << num(MaxThreadsPerBlock) << kernelName(L);
    return;
  }
  for (unsigned I = 0; I < 3; ++I)
    if (auto V = L.Grid.get(I); V && *V > GridMax[I]) {
      report(locOf(L.GridExpr, L),
             "grid dimension %0 of %1 blocks exceeds the limit of %2; the launch "
             "of '%3' fails")
          << dimName(I) << num(*V) << num(GridMax[I]) << kernelName(L);
      return;
    }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(LaunchConfigLimitsCheck)

} // namespace cuda_lint
