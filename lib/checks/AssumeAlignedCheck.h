#ifndef CUDA_LINT_CHECKS_ASSUMEALIGNEDCHECK_H
#define CUDA_LINT_CHECKS_ASSUMEALIGNEDCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// `__builtin_assume_aligned(p, A)` whose alignment A (a constant
/// expression, or a template parameter evaluated per instantiation) is not a
/// positive power of two; with option RequireLiteral (default false), also an
/// A that is not an integer literal. clang rejects the first ("requested
/// alignment is not a power of 2", owned at the finding's line), nvcc 13.0
/// accepts it silently. Source: clang's "Builtin Functions"
/// (`__builtin_assume_aligned`), as the CUDA C++ Programming Guide's
/// compiler-optimization hints describe it.
/// Docs: docs/rules/cuda-assume-aligned.md
class AssumeAlignedCheck : public CudaCheck {
public:
  AssumeAlignedCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  const bool RequireLiteral;
};

} // namespace cuda_lint

#endif
