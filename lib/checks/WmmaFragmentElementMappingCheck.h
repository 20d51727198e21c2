#ifndef CUDA_LINT_CHECKS_WMMAFRAGMENTELEMENTMAPPINGCHECK_H
#define CUDA_LINT_CHECKS_WMMAFRAGMENTELEMENTMAPPINGCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseSet.h"
#include <utility>
#include <vector>

namespace cuda_lint {

/// cuda-wmma-fragment-element-mapping (RULES.md C; CUDA C++ Programming
/// Guide, "Warp Matrix Functions", "Description": "the mapping of matrix
/// elements into fragment internal storage is unspecified"): an element
/// `frag.x[i]` of an `nvcuda::wmma::fragment` read or written at an index
/// that varies across the warp, or under control flow that varies across the
/// warp (including after a lane-varying early exit). Such code assumes which
/// matrix element a lane holds. An access at a warp-uniform index under
/// warp-uniform control (the element-wise loop over `num_elements`) is
/// quiet. Uses the shared uniformity analysis (one analysis per function and
/// translation unit, UniformityContext) of each device function holding such
/// an access, with its parameters taken as uniform.
/// Docs: docs/rules/cuda-wmma-fragment-element-mapping.md
class WmmaFragmentElementMappingCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onEndOfTranslationUnit() override;

protected:
  void checkMatch(
      const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// The accesses of the translation unit, with the function holding each.
  std::vector<std::pair<const clang::FunctionDecl *,
                        const clang::ArraySubscriptExpr *>>
      Accesses;
  llvm::DenseSet<unsigned> Reported;
};

} // namespace cuda_lint

#endif
