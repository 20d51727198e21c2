//===- CudaTidyModule.cpp - The clang-tidy module "cuda" -----------------===//
#include "Attributes.h"
#include "RuleCatalog.h"
#include "llvm/ADT/StringExtras.h"
#include "ClangTidyModule.h"
#include "ClangTidyCheck.h"

namespace cuda_lint {
#define CUDA_LINT_CHECK(Id, Class)                                             \
  std::unique_ptr<clang::tidy::ClangTidyCheck> create##Class(                   \
      llvm::StringRef, clang::tidy::ClangTidyContext *);
#include "checks/Checks.def"
#undef CUDA_LINT_CHECK

namespace {
/// Registers every cuda-* check of checks/Checks.def.
class CudaTidyModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(
      clang::tidy::ClangTidyCheckFactories &Factories) override {
    linkCudaAttributes();
#define CUDA_LINT_CHECK(Id, Class) Factories.registerCheckFactory(Id, create##Class);
#include "checks/Checks.def"
#undef CUDA_LINT_CHECK
  }

  /// Rules of severity error are reported as errors. Findings are emitted as
  /// warnings (so that NOLINT, which never silences errors, works) and turned
  /// into errors here; a user's WarningsAsErrors ("-cuda-x") can undo it.
  clang::tidy::ClangTidyOptions getModuleOptions() override {
    clang::tidy::ClangTidyOptions Options;
    std::vector<std::string> Errors;
    for (const RuleInfo &R : allRules())
      if (R.Sev == Severity::Error)
        Errors.push_back(R.Id.str());
    Options.WarningsAsErrors = llvm::join(Errors, ",");
    return Options;
  }
};
} // namespace
} // namespace cuda_lint

static clang::tidy::ClangTidyModuleRegistry::Add<cuda_lint::CudaTidyModule>
    X("cuda-module", "CUDA C++ checks of cuda-lint.");

// Referenced by the front ends so that a static link keeps this module.
volatile int CudaLintModuleAnchorSource = 0;
