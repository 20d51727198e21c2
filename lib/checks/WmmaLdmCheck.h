#ifndef CUDA_LINT_CHECKS_WMMALDMCHECK_H
#define CUDA_LINT_CHECKS_WMMALDMCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-wmma-ldm: the leading dimension `ldm` of a load_matrix_sync or
/// store_matrix_sync, known at compile time (a literal, a constant or
/// constexpr variable, a template argument in the instantiation), that is
/// not a multiple of 16 bytes of the matrix's element type: 8 for half and
/// bf16, 4 for float, int and tf32, 2 for double, 16 for 8-bit integers, 32
/// for u4/s4, 128 for b1. Source: CUDA C++ Programming Guide, "Warp Matrix
/// Functions", load_matrix_sync ("ldm ... must be a multiple of 8 for __half
/// element type or multiple of 4 for float element type", i.e. of 16 bytes)
/// and "Sub-byte Operations".
/// Docs: docs/rules/cuda-wmma-ldm.md
class WmmaLdmCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
