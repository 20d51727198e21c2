#ifndef CUDA_LINT_CHECKS_WMMASHAPETYPECHECK_H
#define CUDA_LINT_CHECKS_WMMASHAPETYPECHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

struct WmmaCall;
struct WmmaFragment;

/// cuda-wmma-shape-type: a `wmma::fragment` whose (m, n, k, element type)
/// crt/mma.h does not define for its use (matrix_a, matrix_b, accumulator),
/// and an `mma_sync`/`bmma_sync` whose fragments are each defined but whose
/// element types do not combine (bf16 or tf32 with a non-float accumulator,
/// half A with bf16 B...). Reported at the declaration (or call) in user
/// code, once per line; clang's "implicit instantiation of undefined
/// template" / "no matching function" there is the rule's (front matter
/// clang-diagnostics-at-finding). Source: CUDA C++ Programming Guide, "Warp
/// Matrix Functions", "Element Types and Matrix Sizes".
/// Docs: docs/rules/cuda-wmma-shape-type.md
class WmmaShapeTypeCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkDecl(const clang::DeclaratorDecl *D);
  /// Reports \p F at \p Loc unless it is supported or its line was
  /// reported; true when it reported.
  bool reportFragment(clang::SourceLocation Loc, const WmmaFragment &F,
                      const clang::FunctionDecl *Fn);
  void checkCall(const WmmaCall &C, const clang::FunctionDecl *Fn);
};

} // namespace cuda_lint

#endif
