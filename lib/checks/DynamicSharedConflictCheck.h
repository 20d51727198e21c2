#ifndef CUDA_LINT_CHECKS_DYNAMICSHAREDCONFLICTCHECK_H
#define CUDA_LINT_CHECKS_DYNAMICSHAREDCONFLICTCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/MapVector.h"
#include <vector>

namespace cuda_lint {

/// cuda-dynamic-shared-conflict (CUDA C++ Programming Guide, "__shared__":
/// every `extern __shared__` array of a kernel starts at the same address of
/// the launch's dynamic shared memory, and one name is one variable): two
/// `extern __shared__ T name[]` declarations of one translation unit with the
/// same name and a different element type (also one template instantiated
/// with several element types, `extern __shared__ T smem[]` for float and
/// double), or with explicit alignments (`__align__`, `alignas`) that differ.
/// nvcc 13.0 and clang 22 reject the type conflict; nvcc only warns (#1886)
/// about the alignment and clang is silent. The fix: one `unsigned char`
/// array with one alignment, cast per use.
/// Docs: docs/rules/cuda-dynamic-shared-conflict.md
class DynamicSharedConflictCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onEndOfTranslationUnit() override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void startTranslationUnit() override { Groups.clear(); }

private:
  /// One declaration (or one instantiation of a template's declaration).
  struct Entry {
    const clang::VarDecl *Var;
    clang::QualType Element; ///< canonical element type
    unsigned AlignBytes;     ///< its own explicit alignment, 0 if none
    const clang::FunctionDecl *Instantiation; ///< the function instantiation it is in
  };
  /// The declarations by (semantic context, name), in source order.
  llvm::MapVector<std::pair<const void *, llvm::StringRef>, std::vector<Entry>> Groups;
};

} // namespace cuda_lint

#endif
