//===- LaunchSiteCheckBase.h - Base of the launch-site rules ----*- C++ -*-===//
#ifndef CUDA_LINT_FAMILIES_LAUNCHSITECHECKBASE_H
#define CUDA_LINT_FAMILIES_LAUNCHSITECHECKBASE_H

#include "CudaCheck.h"
#include "analysis/LaunchSite.h"

namespace cuda_lint {

/// Base of the rules that look at kernel launches (RULES.md group B; CUDA C++
/// Programming Guide, "Execution Configuration"): `<<<>>>`, cudaLaunchKernel,
/// cudaLaunchCooperativeKernel and cudaLaunchKernelEx outside system headers.
/// Each launch is evaluated once per translation unit by the shared launch
/// analysis (LaunchSiteCache), whichever rules ask; checkLaunch receives it
/// with what is known at compile time (a value known only at run time is
/// std::nullopt and never a finding).
class LaunchSiteCheckBase : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  /// Matches every launch; a derived check that matches more calls this
  /// first.
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  /// Evaluates a match bound to "launch" and calls checkLaunch.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  /// One evaluated launch site (SM and Ctx are set). Not called on a device
  /// side whose architecture compiles the launched kernel's body away
  /// (kernelCompiledOut): a kernel written for newer architectures only
  /// (`#if __CUDA_ARCH__ >= 800` around its body, as the CUDA samples'
  /// tensor-core kernels are) is not launched on the older ones.
  virtual void checkLaunch(const LaunchSite &L) = 0;

  /// True when the definition of \p Kernel has no statement on this side
  /// while its source between the braces holds a preprocessor directive: the
  /// body was removed by `#if` for this side.
  static bool kernelCompiledOut(const clang::FunctionDecl *Kernel,
                                const clang::SourceManager &SM);

  /// The shared launch analysis of this translation unit.
  LaunchSiteCache &launches() { return LaunchSiteCache::forAST(*Ctx); }
  /// The cudaFuncSetAttribute calls of this translation unit.
  const std::vector<FuncAttributeSetting> &settings() {
    return launches().funcAttributeSettings();
  }

  /// Where to point at a part of a launch: \p E if it is written in the
  /// source, else the launch.
  static clang::SourceLocation locOf(const clang::Expr *E, const LaunchSite &L);
  /// The launched kernel's name, or "<unknown>".
  static std::string kernelName(const LaunchSite &L);
  /// "x", "y", "z" for dimension 0, 1, 2.
  static const char *dimName(unsigned I);
};

/// Decimal text of \p V, for diagnostic arguments.
/// \p V in decimal; UINT64_MAX, the value of a saturated product or sum
/// (Dim3Value::product, CudaClusterDims::blocks), as "at least 18446744073709551615".
std::string num(uint64_t V);

} // namespace cuda_lint

#endif
