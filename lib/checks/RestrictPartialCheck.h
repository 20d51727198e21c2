#ifndef CUDA_LINT_CHECKS_RESTRICTPARTIALCHECK_H
#define CUDA_LINT_CHECKS_RESTRICTPARTIALCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseSet.h"

namespace cuda_lint {

/// cuda-restrict-partial (RULES.md A; CUDA C++ Programming Guide, "__restrict__"
/// under "Variable Memory Space Specifiers" / C++ Language Extensions): a
/// `__global__` or `__device__` function with at least one `__restrict__`
/// pointer parameter and a pointer parameter without it, where the missing
/// qualifier can matter: the body accesses memory through that parameter
/// (`p[i]`, `*p`, `p->f`, also through a local pointer initialised from it)
/// and through another unqualified pointer parameter, and one of the two is
/// written through (a single unqualified pointer is already kept apart by the
/// others' `__restrict__`; option SingleUnqualified reports it too). Pointers
/// to different types (other than `char`/`void`) are left to type-based alias
/// analysis unless the option AnyPointeeType is true. One finding per
/// parameter, at the template pattern for instantiations.
/// Docs: docs/rules/cuda-restrict-partial.md
class RestrictPartialCheck : public CudaCheck {
public:
  RestrictPartialCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  bool AnyPointeeType;
  /// Also report the only unqualified pointer of a function (its partner is
  /// a __restrict__ one).
  bool SingleUnqualified;
};

} // namespace cuda_lint

#endif
