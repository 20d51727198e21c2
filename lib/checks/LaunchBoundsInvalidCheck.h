#ifndef CUDA_LINT_CHECKS_LAUNCHBOUNDSINVALIDCHECK_H
#define CUDA_LINT_CHECKS_LAUNCHBOUNDSINVALIDCHECK_H

#include "families/KernelDeclCheckBase.h"

namespace cuda_lint {

/// cuda-launch-bounds-invalid: `__launch_bounds__` values against the limits of
/// ArchLimits.h: maxThreadsPerBlock above 1024 threads; minBlocksPerMultiprocessor
/// x maxThreadsPerBlock above the SM's resident threads (2048 on sm_80/sm_90); the
/// third argument (maxBlocksPerCluster) below sm_90; declarations of one kernel
/// that disagree. With the option RequireWarpMultiple (default false), also a
/// maxThreadsPerBlock that is not a multiple of the warp size (32 threads).
/// Source: CUDA C++ Programming Guide, "Launch Bounds", "Compute Capabilities".
/// Docs: docs/rules/cuda-launch-bounds-invalid.md
class LaunchBoundsInvalidCheck : public KernelDeclCheckBase {
public:
  LaunchBoundsInvalidCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkFunction(const clang::FunctionDecl *FD) override;
  /// An instantiation whose template's `__launch_bounds__` depends on its
  /// arguments is checked with its values.
  bool wantsInstantiation(const clang::FunctionDecl *FD) override;


private:
  /// Option RequireWarpMultiple: maxThreadsPerBlock must be a multiple of 32.
  const bool RequireWarpMultiple;
};

} // namespace cuda_lint

#endif
