#ifndef CUDA_LINT_CHECKS_TILESPACEACCESSCHECK_H
#define CUDA_LINT_CHECKS_TILESPACEACCESSCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// A __device__ variable named in tile code, or a __tile__ variable named in __device__ or __global__ code. Source: CUDA C++ Programming Guide (tile code; no compiler implements it yet).
/// Docs: docs/rules/cuda-tile-space-access.md
class TileSpaceAccessCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
