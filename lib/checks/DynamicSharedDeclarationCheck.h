#ifndef CUDA_LINT_CHECKS_DYNAMICSHAREDDECLARATIONCHECK_H
#define CUDA_LINT_CHECKS_DYNAMICSHAREDDECLARATIONCHECK_H

#include "CudaCheck.h"

namespace cuda_lint {

/// cuda-dynamic-shared-declaration (CUDA C++ Programming Guide, "__shared__":
/// dynamic shared memory is declared as an external array of unspecified
/// size, `extern __shared__ T name[];`): an `extern __shared__` variable that
/// is not an unsized array (a pointer, a struct, a sized array). Without
/// relocatable device code nvcc 13.0 warns (#20044) and makes it a static
/// shared variable, and clang 22 rejects it ("cannot be 'extern'"): an error.
/// With relocatable device code (`-rdc=true`, `-fgpu-rdc`) both compilers
/// accept it as a reference to a `__shared__` variable that another
/// translation unit defines: not a finding.
/// Docs: docs/rules/cuda-dynamic-shared-declaration.md
class DynamicSharedDeclarationCheck : public CudaCheck {
public:
  DynamicSharedDeclarationCheck(llvm::StringRef Name,
                                clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// The compile command's relocatable-device-code fact
  /// (CudaLint.RelocatableDeviceCode), read once.
  bool RdcFact;
};

/// Whether the declaration of \p VD spells `__shared__` (the CUDA macro, or
/// `__attribute__((shared))` / `__location__(shared)`) between its first token
/// and its name, or carries the CUDAShared attribute. clang drops the
/// attribute from an `extern` declaration it rejects, so the spelling is what
/// is left of it. With \p PP, an identifier there that names a macro whose
/// definition spells `__shared__` counts too (`#define DYN extern __shared__`).
bool spellsShared(const clang::VarDecl *VD, const clang::SourceManager &SM,
                  const clang::LangOptions &LO, const clang::Preprocessor *PP);

} // namespace cuda_lint

#endif
