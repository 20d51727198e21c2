//===- CudaCheck.h - Common base of cuda-lint checks ------------*- C++ -*-===//
#ifndef CUDA_LINT_CUDACHECK_H
#define CUDA_LINT_CUDACHECK_H

#include "RuleCatalog.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "ClangTidyCheck.h"
#include <optional>
#include <vector>

namespace cuda_lint {

/// Base of every cuda-lint check: a clang-tidy check that runs on CUDA
/// translation units only and reports at the severity its docs page gives.
class CudaCheck : public clang::tidy::ClangTidyCheck {
public:
  CudaCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override {
    return LO.CUDA;
  }

  /// Installs the nvcc compatibility of `__launch_bounds__` and
  /// `__cluster_dims__` (Attributes.h). A check that overrides this must call
  /// CudaCheck::registerPPCallbacks first.
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;

protected:
  /// Emits a finding of this check's rule at \p Loc (macro locations are
  /// mapped to their expansion in user code). It is emitted as a warning so
  /// that NOLINT works; rules of severity error are errors through the
  /// module's default WarningsAsErrors.
  clang::DiagnosticBuilder report(clang::SourceLocation Loc,
                                  llvm::StringRef Message);
  /// Like \c report, for a rule of mixed severity (RULES.md "error/portability",
  /// "error/warning") whose finding here has severity \p S. A finding below
  /// the rule's error severity is emitted at remark level, which
  /// WarningsAsErrors does not promote; cuda-lint's outputs show it as a
  /// warning.
  clang::DiagnosticBuilder report(clang::SourceLocation Loc,
                                  llvm::StringRef Message, Severity S);
  /// Attaches a note to the last finding.
  clang::DiagnosticBuilder note(clang::SourceLocation Loc,
                                llvm::StringRef Message);

  /// The catalog entry of this check (nullptr for an id without docs page).
  const RuleInfo *Rule;
  /// Set by the check: the SourceManager of the current translation unit,
  /// used to map macro locations. Checks set it in check().
  const clang::SourceManager *SM = nullptr;
};

/// Whether this AST is a device-side compilation (`-fcuda-is-device`).
bool isDeviceSide(const clang::ASTContext &Ctx);

/// The compute capability of this device-side compilation as a number (90 for
/// sm_90, 100 for sm_100a), or std::nullopt on the host side.
std::optional<unsigned> deviceArch(const clang::ASTContext &Ctx);

/// Parses "sm_90", "sm_90a", "compute_80" into 90/90/80; nullopt otherwise.
std::optional<unsigned> parseCudaArch(llvm::StringRef Arch);

/// Whether \p FD, or any of its redeclarations, is a `__global__` kernel.
bool isKernel(const clang::FunctionDecl *FD);

/// Whether \p FD runs on the device (`__device__`, `__global__`, or
/// `__host__ __device__`); implicit host-device (constexpr) functions count.
bool isDeviceFunction(const clang::FunctionDecl *FD);

/// The location in user code that \p Loc expands to.
clang::SourceLocation userLoc(const clang::SourceManager &SM,
                              clang::SourceLocation Loc);

} // namespace cuda_lint

/// Defines the factory `create<Class>` that checks/Checks.def registers.
#define CUDA_LINT_DEFINE_CHECK_FACTORY(Class)                                  \
  std::unique_ptr<clang::tidy::ClangTidyCheck> create##Class(                   \
      llvm::StringRef Name, clang::tidy::ClangTidyContext *Context) {          \
    return std::make_unique<Class>(Name, Context);                             \
  }

#endif
