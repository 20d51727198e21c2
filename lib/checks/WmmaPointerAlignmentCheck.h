#ifndef CUDA_LINT_CHECKS_WMMAPOINTERALIGNMENTCHECK_H
#define CUDA_LINT_CHECKS_WMMAPOINTERALIGNMENTCHECK_H

#include "CudaCheck.h"
#include <optional>

namespace cuda_lint {

/// cuda-wmma-pointer-alignment: the pointer of a load_matrix_sync or
/// store_matrix_sync known to be off the 256-bit (32-byte) alignment the API
/// requires (CUDA C++ Programming Guide, "Warp Matrix Functions",
/// load_matrix_sync: "mptr must be a 256-bit aligned pointer").
///
/// Known: a base whose alignment is assumed, plus an offset whose remainder
/// modulo 32 bytes is a constant. ASSUMPTION (documented in the docs page):
/// a pointer parameter of a `__global__` kernel is 256-byte aligned (what
/// cudaMalloc returns), and so is a `__shared__` array declared with an
/// alignment of at least 32 bytes; nothing else (a device function's
/// parameter, a plain `__shared__ half buf[N]`) has a known alignment.
/// Offsets: constants, `k * C` where C elements are a multiple of 32 bytes
/// (so `a + row * 16 + 4` on a `half *` is known to be 8 bytes off), array
/// subscripts of any depth, pointer casts (the byte offset is kept).
/// Docs: docs/rules/cuda-wmma-pointer-alignment.md
class WmmaPointerAlignmentCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// The known aligned base of a pointer expression and its byte offset
  /// modulo 32.
  struct Known {
    const clang::ValueDecl *Base = nullptr;
    unsigned Rem = 0;
  };
  std::optional<Known> pointerRem(const clang::Expr *E, const clang::FunctionDecl *Fn);
  std::optional<unsigned> indexRem(const clang::Expr *E, uint64_t ElemSize);
};

} // namespace cuda_lint

#endif
