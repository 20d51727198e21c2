#ifndef CUDA_LINT_CHECKS_LAUNCHCONFIGCHECK_H
#define CUDA_LINT_CHECKS_LAUNCHCONFIGCHECK_H

#include "CudaCheck.h"
#include "analysis/LaunchSite.h"
#include <memory>

namespace cuda_lint {

/// The launch-site rules of RULES.md group B, one id per instance (getID()):
/// cuda-launch-exceeds-launch-bounds, cuda-launch-config-limits,
/// cuda-launch-dynamic-shared-limit, cuda-cluster-dims-missing-at-launch,
/// cuda-cluster-grid-divisibility and the launch half of cuda-cluster-size.
/// Each looks at every launch site (`<<<>>>`, cudaLaunchKernel,
/// cudaLaunchCooperativeKernel, cudaLaunchKernelEx) outside system headers
/// with the values the launch-site evaluator knows at compile time; a value
/// known only at run time is never a finding. Sources: CUDA C++ Programming
/// Guide, "Execution Configuration", "Launch Bounds", "Thread Block
/// Clusters", "Compute Capabilities". Docs: docs/rules/<id>.md
class LaunchConfigCheck : public CudaCheck {
public:
  LaunchConfigCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  enum class Rule {
    ExceedsLaunchBounds,
    ConfigLimits,
    DynamicSharedLimit,
    ClusterMissingAtLaunch,
    ClusterGridDivisibility,
    ClusterSize,
  } Which;
  void checkExceedsLaunchBounds(const LaunchSite &L, clang::ASTContext &Ctx);
  void checkConfigLimits(const LaunchSite &L);
  void checkDynamicShared(const LaunchSite &L, clang::ASTContext &Ctx);
  void checkClusterMissing(const LaunchSite &L, clang::ASTContext &Ctx);
  void checkClusterDivisibility(const LaunchSite &L, clang::ASTContext &Ctx);
  void checkClusterSize(const LaunchSite &L, clang::ASTContext &Ctx);
  const std::vector<FuncAttributeSetting> &settings(clang::ASTContext &Ctx);

};

} // namespace cuda_lint

#endif
