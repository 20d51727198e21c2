#ifndef CUDA_LINT_CHECKS_NVABIPRAGMACHECK_H
#define CUDA_LINT_CHECKS_NVABIPRAGMACHECK_H

#include "CudaCheck.h"
#include "analysis/Pragmas.h"
#include <vector>

namespace cuda_lint {

/// `#pragma nv_abi` (or `_Pragma("nv_abi ...")`) that nvcc 13.0 rejects:
///   - without an argument, with an option other than `preserve_n_data(N)`
///     and `preserve_n_control(N)`, with one of them twice, or with a literal
///     N that is not positive;
///   - not immediately before a function declaration or definition at
///     namespace scope or an expression statement (before a declaration
///     statement, a `return`, a block, a class member, a variable);
///   - before a host or `__global__` function (it applies to `__device__`
///     functions and indirect calls in device code), or inside a host
///     function's body.
/// The pragmas are read through PPCallbacks::PragmaDirective (with the
/// location of the first token after each); what follows is looked up in the
/// AST at the end of the translation unit, only in units that have one.
/// Source: CUDA C++ Programming Guide, "#pragma nv_abi"; nvcc 13.0's
/// messages (docs/rules/cuda-nv-abi-pragma.md).
/// Docs: docs/rules/cuda-nv-abi-pragma.md
class NvAbiPragmaCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;


protected:
  void registerCudaPPCallbacks(const clang::SourceManager &SM,
                               clang::Preprocessor *PP) override;

private:
  void checkArguments(const CollectedPragma &P);
  std::vector<CollectedPragma> Pragmas;
};

} // namespace cuda_lint

#endif
