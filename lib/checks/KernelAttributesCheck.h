#ifndef CUDA_LINT_CHECKS_KERNELATTRIBUTESCHECK_H
#define CUDA_LINT_CHECKS_KERNELATTRIBUTESCHECK_H

#include "CudaCheck.h"
#include "analysis/LaunchSite.h"
#include <memory>

namespace cuda_lint {

/// The declaration rules of RULES.md group B, one id per instance (getID()):
/// cuda-launch-bounds-invalid (`__launch_bounds__` values against the limits
/// of ArchLimits.h, the third argument below sm_90, declarations that
/// disagree), cuda-cluster-dims-arch (`__cluster_dims__` or a launch-time
/// cluster attribute on a device side below sm_90) and
/// cuda-cluster-dims-on-tile-kernel. Sources: CUDA C++ Programming Guide,
/// "Launch Bounds", "Thread Block Clusters", "Compute Capabilities".
/// Docs: docs/rules/<id>.md
class KernelAttributesCheck : public CudaCheck {
public:
  KernelAttributesCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override { Eval.reset(); }

private:
  enum class Rule { LaunchBoundsInvalid, ClusterDimsArch, ClusterDimsOnTile } Which;
  void checkLaunchBounds(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);
  std::unique_ptr<LaunchSiteEvaluator> Eval;
};

} // namespace cuda_lint

#endif
