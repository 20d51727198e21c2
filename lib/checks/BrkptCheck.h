#ifndef CUDA_LINT_CHECKS_BRKPTCHECK_H
#define CUDA_LINT_CHECKS_BRKPTCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// A call of `__brkpt()` (the device breakpoint, PTX `brkpt`) left in user
/// code: outside a debugger it stops the kernel. Source: CUDA C++ Programming
/// Guide, "Debugging" intrinsics (`__brkpt`), and PTX ISA, "brkpt".
/// Docs: docs/rules/cuda-brkpt.md
class BrkptCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// Whether a statement before \p Call in its block reports an error
  /// (printf, a failed assert): the breakpoint is then a deliberate trap.
  bool onErrorPath(const clang::CallExpr *Call);
};

} // namespace cuda_lint

#endif
