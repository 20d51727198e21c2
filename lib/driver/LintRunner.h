//===- LintRunner.h - Running the checks on every side and merging -*- C++ -*-===//
#ifndef CUDA_LINT_DRIVER_LINTRUNNER_H
#define CUDA_LINT_DRIVER_LINTRUNNER_H

#include "driver/SidePlan.h"
#include "ClangTidyDiagnosticConsumer.h"
#include "ClangTidyOptions.h"
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cuda_lint {

/// One diagnostic as the user sees it: a rule finding (DiagnosticName
/// "cuda-...") or a compiler diagnostic ("clang-diagnostic-..."), with the
/// sides of the translation unit that produced it.
struct Finding {
  clang::tidy::ClangTidyError Error;
  std::vector<std::string> Sides; ///< "host", "sm_80", ... in plan order
  /// The translation unit whose analysis produced it first.
  std::string TranslationUnit;

  bool isCompilerDiagnostic() const {
    return llvm::StringRef(Error.DiagnosticName).starts_with("clang-diagnostic-");
  }
  bool isError() const {
    return Error.DiagLevel == clang::tooling::Diagnostic::Error ||
           Error.IsWarningAsError;
  }
};

/// Options every side of every translation unit shares.
struct LintSettings {
  /// Defaults below `.cuda-lint.yaml` files (Checks "-*,cuda-*", ...).
  clang::tidy::ClangTidyOptions Defaults;
  /// Command-line options, above the configuration files.
  clang::tidy::ClangTidyOptions Overrides;
  /// Name of the configuration file looked up from each file's directory upward.
  std::string ConfigFileName = ".cuda-lint.yaml";
  /// `--config-file`: this configuration for every file instead of the
  /// `.cuda-lint.yaml` files.
  std::optional<clang::tidy::ClangTidyOptions> ExplicitConfig;
};

/// The result of linting one translation unit on all its sides.
struct TranslationUnitResult {
  std::string File;
  std::vector<Finding> Findings;       ///< merged over sides, owned diagnostics relabelled
  std::vector<std::string> ToolFailures; ///< e.g. "crashed on side sm_90"
  std::vector<std::string> Sides;        ///< the sides that ran
};

/// Lints one translation unit: runs clang-tidy's runner with the cuda module
/// on each side of \p Sides (`--cuda-host-only`, `--cuda-device-only` per
/// architecture), under LLVM crash recovery so a crash on one side is a tool
/// failure of this file only, and merges the sides' findings: one finding
/// reported once even when several sides see it. \p FactOptions are extra
/// global clang-tidy options for this unit (nvcc-only facts such as
/// "CudaLint.MaxRRegCount", the architectures "CudaLint.GpuArchs").
TranslationUnitResult
lintTranslationUnit(const std::string &File, const std::string &Directory,
                    const std::vector<AnalysisSide> &Sides,
                    const LintSettings &Settings,
                    const clang::tidy::ClangTidyOptions::OptionMap &FactOptions);

/// Merges per-unit results into the run's findings: a finding in a header seen
/// by several translation units is kept once. Sorted by file, offset, rule.
std::vector<Finding>
mergeResults(const std::vector<TranslationUnitResult> &Results);

/// Compiler diagnostics that a rule owns (front matter `clang-diagnostics:` of
/// its docs page) are reported under the rule id, once: dropped when the rule
/// reported the same line itself, relabelled otherwise. \p RuleEnabled says
/// whether a rule id is enabled for this unit.
void relabelOwnedCompilerDiagnostics(
    std::vector<Finding> &Findings,
    const std::function<bool(llvm::StringRef)> &RuleEnabled);

} // namespace cuda_lint

#endif
