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

/// Whether the declarations of \p PreambleCtx, the AST of a precompiled
/// preamble while it is built (before the PCH is read by any unit), hold a
/// `__constant__` variable definition or a variable template that can have
/// `__constant__` specializations: what cuda-constant-size must count in
/// every unit read on that preamble. A walk of the declarations in memory
/// (namespaces, linkage specifications, class definitions; no function
/// bodies), which stops at the first one.
bool preambleDeclaresConstantMemory(clang::ASTContext &PreambleCtx);

/// Records that the preamble whose identity is \p Identity
/// (analysis/PreambleIdentity.h: the hash of its PCH bytes) declares no
/// constant memory (preambleDeclaresConstantMemory was false on its AST), so
/// that cuda-constant-size on a unit read on it walks only the unit's own
/// declarations instead of loading every declaration of the preamble from
/// the PCH (the first unit on a preamble did: most of the checks' time on a
/// unit of a CUDA sample, and of cuda-lint-clangd's extra time on opening a
/// file). Front ends that build preambles call it: cuda-lint-clangd for each
/// preamble it builds, cuda-lint for a shared preamble (driver/Preamble.h)
/// whose manifest says so. Thread-safe.
void recordConstantFreePreamble(uint64_t Identity);

} // namespace cuda_lint

#endif
