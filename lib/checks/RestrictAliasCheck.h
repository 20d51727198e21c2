#ifndef CUDA_LINT_CHECKS_RESTRICTALIASCHECK_H
#define CUDA_LINT_CHECKS_RESTRICTALIASCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-restrict-alias (RULES.md A; CUDA C++ Programming Guide, "__restrict__";
/// C11 6.7.3.1, which C++ compilers follow for `__restrict__`): one call or
/// kernel launch (`<<<>>>` included) passing the same pointer, or pointers a
/// small known distance apart (`p` and `p + k`, `&a[k]`, with |k| below
/// MaxElementDistance elements of the parameter's type), to two `__restrict__`
/// parameters of which at least one points to non-const (a write through it
/// is then undefined behaviour). Pointers are compared as a variable plus a
/// constant byte offset (analysis/PointerOffset.h), or as identical
/// expressions without side effects.
/// Docs: docs/rules/cuda-restrict-alias.md
class RestrictAliasCheck : public CudaCheck {
public:
  RestrictAliasCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// Distances (in elements of the parameter's pointee type) below this
  /// count as overlapping.
  int64_t MaxElementDistance;
};

} // namespace cuda_lint

#endif
