//===- Output.h - Presenting findings ---------------------------*- C++ -*-===//
#ifndef CUDA_LINT_DRIVER_OUTPUT_H
#define CUDA_LINT_DRIVER_OUTPUT_H

#include "driver/LintRunner.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

namespace cuda_lint {

struct OutputOptions {
  std::optional<bool> Color; ///< nullopt: when stdout is a terminal
};

/// Prints \p Findings on stdout in clang's format, one per finding:
/// `path:line:col: error|warning: message [rule-id]`, the source line, a
/// caret, fix-it hints and `note:` lines. Compiler diagnostics keep clang's
/// `[clang-diagnostic-...]` name so they stand apart from rule findings.
void printText(const std::vector<Finding> &Findings, const OutputOptions &Opts);

/// Counts for the closing summary line.
struct RunSummary {
  size_t Files = 0;
  unsigned RuleErrors = 0, RuleWarnings = 0, CompilerErrors = 0, CompilerWarnings = 0;
  unsigned ToolFailures = 0;
  double Seconds = 0;
};

RunSummary summarize(const std::vector<Finding> &Findings, size_t Files,
                     unsigned ToolFailures, double Seconds);

/// "cuda-lint: 12 files, 3 findings (1 error, 2 warnings), 0 compiler errors, 0 tool failures, 4.2 s"
void printSummary(const RunSummary &S, llvm::raw_ostream &OS);

} // namespace cuda_lint

#endif
