#ifndef CUDA_LINT_CHECKS_EXTENDEDLAMBDACHECK_H
#define CUDA_LINT_CHECKS_EXTENDEDLAMBDACHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// A lambda written with `__device__` or `__host__ __device__` (an "extended
/// lambda") when the nvcc command lacks `--extended-lambda` (nvcc 13.0 rejects
/// the annotation in host and in device code alike)
/// (fact CudaLint.ExtendedLambda). nvcc rejects it; clang accepts it without a
/// flag, so it is a portability finding, reported for projects built with
/// nvcc. Source: CUDA C++ Programming Guide, "Extended Lambdas"; nvcc
/// documentation of --extended-lambda.
/// Docs: docs/rules/cuda-extended-lambda.md
class ExtendedLambdaCheck : public CudaCheck {
public:
  ExtendedLambdaCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// CudaLint.ExtendedLambda: "true", "false" (an nvcc command with or
  /// without the flag) or empty (not an nvcc command).
  std::string Fact;
};

} // namespace cuda_lint

#endif
