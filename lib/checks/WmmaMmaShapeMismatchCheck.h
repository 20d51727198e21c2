#ifndef CUDA_LINT_CHECKS_WMMAMMASHAPEMISMATCHCHECK_H
#define CUDA_LINT_CHECKS_WMMAMMASHAPEMISMATCHCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

struct WmmaCall;

/// cuda-wmma-mma-shape-mismatch: an `mma_sync(d, a, b, c[, satf])` or
/// `bmma_sync` whose fragments disagree in (m, n, k), or are given in the
/// wrong role (a matrix_b as `a`, a multiplicand as `d`...); a `satf`
/// argument that varies across the warp (the uniformity analysis); a `satf`
/// given to an overload that has none (only the integer ones take it).
/// Reported at the call, once per line; clang's "no matching function for
/// call to 'mma_sync'" there is the rule's. Source: CUDA C++ Programming
/// Guide, "Warp Matrix Functions", mma_sync ("the m, n and k sizes of all
/// fragments must match"; "satf ... must be the same for all threads").
/// Docs: docs/rules/cuda-wmma-mma-shape-mismatch.md
class WmmaMmaShapeMismatchCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkCall(const WmmaCall &C, const clang::FunctionDecl *Fn);
};

} // namespace cuda_lint

#endif
