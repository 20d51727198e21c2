//===- KernelDeclCheckBase.h - Base of the kernel-declaration rules -*- C++ -*-===//
#ifndef CUDA_LINT_FAMILIES_KERNELDECLCHECKBASE_H
#define CUDA_LINT_FAMILIES_KERNELDECLCHECKBASE_H

#include "CudaCheck.h"

namespace cuda_lint {

/// Base of the rules that read the annotations of a function declaration
/// (`__launch_bounds__`, `__cluster_dims__`, ...; CUDA C++ Programming Guide,
/// "Launch Bounds", "Thread Block Clusters"). checkFunction is called once
/// per set of redeclarations, on the most recent one, so that each written
/// annotation is seen once. A template instantiation carries its template's
/// annotations: it is visited only when wantsInstantiation says so (an
/// annotation whose value depends on template arguments).
class KernelDeclCheckBase : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  /// One function declaration set (the most recent declaration).
  virtual void checkFunction(const clang::FunctionDecl *FD) = 0;
  /// Whether template instantiation \p FD is visited (default: no).
  virtual bool wantsInstantiation(const clang::FunctionDecl *FD) { return false; }
};

} // namespace cuda_lint

#endif
