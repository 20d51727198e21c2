#ifndef CUDA_LINT_CHECKS_CONSTANTDIVERGENTINDEXCHECK_H
#define CUDA_LINT_CHECKS_CONSTANTDIVERGENTINDEXCHECK_H

#include "CudaCheck.h"
#include <utility>
#include <vector>

namespace cuda_lint {

/// cuda-constant-divergent-index (RULES.md F; CUDA C++ Programming Guide,
/// "Device Memory Accesses", Constant Memory: "a request is split into as
/// many separate requests as there are different memory addresses in the
/// initial request"): a subscript of a `__constant__` array (also a member
/// array of a `__constant__` struct, and the first index of a 2-D array)
/// whose index is thread-varying by the uniformity analysis
/// (analysis/Uniformity.h), in device code of the device side. Indices from
/// blockIdx, loop counters, parameters and threadIdx.y (warp-uniform when
/// blockDim.x is a multiple of 32) are not findings.
/// Docs: docs/rules/cuda-constant-divergent-index.md
class ConstantDivergentIndexCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onEndOfTranslationUnit() override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void startTranslationUnit() override { Accesses.clear(); }

private:
  struct Access {
    const clang::FunctionDecl *FD;
    const clang::ArraySubscriptExpr *E;
    const clang::VarDecl *Var;
  };
  std::vector<Access> Accesses;
};

} // namespace cuda_lint

#endif
