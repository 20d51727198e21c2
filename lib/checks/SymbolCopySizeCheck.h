#ifndef CUDA_LINT_CHECKS_SYMBOLCOPYSIZECHECK_H
#define CUDA_LINT_CHECKS_SYMBOLCOPYSIZECHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-symbol-copy-size (CUDA Runtime API reference, "Memory Management":
/// cudaMemcpyToSymbol(symbol, src, count, offset, kind) and
/// cudaMemcpyFromSymbol(dst, symbol, count, offset, kind) copy count bytes at
/// offset bytes from the start of symbol; the Async forms take a stream
/// too): a symbol copy whose byte count plus offset, both constant, exceed
/// `sizeof` the symbol (a `__device__`/`__constant__` variable of complete
/// type). The call returns cudaErrorInvalidValue and copies nothing.
/// Docs: docs/rules/cuda-symbol-copy-size.md
class SymbolCopySizeCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace cuda_lint

#endif
