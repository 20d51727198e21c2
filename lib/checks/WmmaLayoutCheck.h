#ifndef CUDA_LINT_CHECKS_WMMALAYOUTCHECK_H
#define CUDA_LINT_CHECKS_WMMALAYOUTCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

struct WmmaCall;
struct WmmaFragment;

/// cuda-wmma-layout: a `matrix_a`/`matrix_b` fragment without a layout
/// (row_major / col_major), an `accumulator` fragment with one, a sub-byte
/// `matrix_a` that is not row_major or `matrix_b` that is not col_major; an
/// accumulator load or store without its `mem_row_major`/`mem_col_major`
/// argument, and a multiplicand load with one. Reported at the declaration
/// or call, once per line; clang's "implicit instantiation of undefined
/// template" / "no matching function" there is the rule's. Source: CUDA C++
/// Programming Guide, "Warp Matrix Functions" (Description; Sub-byte
/// Operations).
/// Docs: docs/rules/cuda-wmma-layout.md
class WmmaLayoutCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  bool reportFragment(clang::SourceLocation Loc, const WmmaFragment &F,
                      const clang::FunctionDecl *Fn);
  void checkCall(const WmmaCall &C, const clang::FunctionDecl *Fn);
};

} // namespace cuda_lint

#endif
