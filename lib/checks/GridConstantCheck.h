#ifndef CUDA_LINT_CHECKS_GRIDCONSTANTCHECK_H
#define CUDA_LINT_CHECKS_GRIDCONSTANTCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseSet.h"

namespace clang {
class Preprocessor;
}

namespace cuda_lint {

/// The `__grid_constant__` family of RULES.md A (CUDA C++ Programming Guide,
/// "__grid_constant__"); one class, two rule ids (it reads getID()):
///
/// - cuda-grid-constant-mismatch: the declarations of one `__global__`
///   function disagree on which parameters are `__grid_constant__`:
///   redeclarations, an explicit specialization against its primary template,
///   an explicit instantiation directive (`template` / `extern template`)
///   against the template. nvcc 13.0 rejects them, clang 22 accepts them.
///   Fix-it (unsafe: it changes the parameter's memory space): add the
///   annotation to the declaration lacking it.
/// - cuda-grid-constant-invalid: `__grid_constant__` on a parameter that is
///   not const-qualified, has reference type, or does not belong to a
///   `__global__` function. clang 22 rejects these too but keeps the
///   attribute in the AST, which is what this check reads.
///
/// Docs: docs/rules/cuda-grid-constant-mismatch.md,
/// docs/rules/cuda-grid-constant-invalid.md
class GridConstantCheck : public CudaCheck {
public:
  GridConstantCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override { Reported.clear(); }

private:
  void checkMismatch(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);
  void checkInstantiationDirective(const clang::FunctionDecl *FD,
                                   clang::ASTContext &Ctx);
  void checkInvalid(const clang::ParmVarDecl *P, clang::ASTContext &Ctx);

  const bool IsMismatch;
  clang::Preprocessor *PP = nullptr;
  /// Attribute locations already reported (one finding per written
  /// annotation, however many instantiations carry it).
  llvm::DenseSet<const void *> Reported;
};

} // namespace cuda_lint

#endif
