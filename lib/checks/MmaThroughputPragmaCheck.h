#ifndef CUDA_LINT_CHECKS_MMATHROUGHPUTPRAGMACHECK_H
#define CUDA_LINT_CHECKS_MMATHROUGHPUTPRAGMACHECK_H

#include "CudaCheck.h"
#include "analysis/Pragmas.h"
#include <vector>

namespace cuda_lint {

/// `#pragma nv_mma_throughput` (or its `_Pragma` form) outside the body of a
/// `__global__` function: at file scope, in a `__device__` or host function.
/// The pragmas are read through PPCallbacks::PragmaDirective; the kernel
/// bodies come from the AST, and the comparison is made at the end of the
/// translation unit. Source: the CUDA C++ Programming Guide's pragmas
/// (docs/rules/cuda-mma-throughput-pragma.md says what nvcc 13.0 does).
/// Docs: docs/rules/cuda-mma-throughput-pragma.md
class MmaThroughputPragmaCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

protected:
  void startTranslationUnit() override;
  void registerCudaPPCallbacks(const clang::SourceManager &SM,
                               clang::Preprocessor *PP) override;

private:
  /// Where each pragma is (its introducer's expansion in user code).
  std::vector<CollectedPragma> Pragmas;
  /// The bodies of the kernels defined in this translation unit.
  std::vector<clang::SourceRange> KernelBodies;
  /// On the host side, the bodies of the other functions: a host side that
  /// skipped device bodies judges only the pragmas in bodies it parsed.
  std::vector<clang::SourceRange> OtherBodies;
};

} // namespace cuda_lint

#endif
