#ifndef CUDA_LINT_CHECKS_CONSTANTSIZECHECK_H
#define CUDA_LINT_CHECKS_CONSTANTSIZECHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-constant-size (CUDA C++ Programming Guide, "Features and Technical
/// Specifications": 64 KB of constant memory per device; ptxas 13.0 rejects a
/// file whose global constant data exceeds 0x10000 bytes): the `__constant__`
/// variables defined in one translation unit (on one device side: code under
/// `#ifdef __CUDA_ARCH__` counts where it exists) total more than
/// MaxBytes (65536, option `MaxBytes`). Unused variables count (ptxas counts
/// them); `extern` declarations do not. Reported once, at the definition that
/// crosses the limit, with the total and notes at the largest contributors.
/// Docs: docs/rules/cuda-constant-size.md
class ConstantSizeCheck : public CudaCheck {
public:
  ConstantSizeCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

  void registerCudaPPCallbacks(const clang::SourceManager &SM,
                               clang::Preprocessor *PP) override {
    this->PP = PP;
  }

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// The limit in bytes (65536: the device's constant memory, ptxas's "max").
  uint64_t MaxBytes;
  /// How many of the largest variables get a note (3).
  unsigned Contributors;
  /// The unit's preprocessor (its external source tells a unit read on a
  /// precompiled preamble: clangd's, `--preamble`).
  clang::Preprocessor *PP = nullptr;
};

} // namespace cuda_lint

#endif
