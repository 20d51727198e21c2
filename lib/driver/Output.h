//===- Output.h - Presenting findings ---------------------------*- C++ -*-===//
//
// Formats (docs/output-formats.md):
//   text    clang's format, `path:line:col: error|warning: message [rule-id]`,
//           source line, caret, fix-it hints, `note:` lines
//   json    an array with one object per finding
//   sarif   SARIF 2.1.0 for code-scanning dashboards (clang's SarifDocumentWriter)
//   github  GitHub Actions workflow commands (`::error file=...::message`)
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_OUTPUT_H
#define CUDA_LINT_DRIVER_OUTPUT_H

#include "driver/FindingSources.h"
#include "driver/LintRunner.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

namespace cuda_lint {

enum class OutputFormat { Text, Json, Sarif, Github };

/// A tool failure of the run (exit status 2): a translation unit that could
/// not be analysed (a crash, a timeout, memory, a database entry that is not
/// a readable file), a file whose fixes were not applied, an output that was
/// not written. Printed on stderr as it happens; json lists them in
/// `failures`, sarif as `invocations[0].toolExecutionNotifications` with
/// `executionSuccessful: false`.
struct ToolFailure {
  std::string File;    ///< the file concerned; empty when none is
  std::string Message; ///< as printed on stderr, without "cuda-lint: error: "
};

struct OutputOptions {
  OutputFormat Format = OutputFormat::Text;
  std::optional<bool> Color; ///< text only; nullopt: when the stream is a terminal
  /// Paths are printed relative to this directory (SARIF: the `SRCROOT`
  /// uriBaseId) when they lie below it.
  std::string BaseDir;
  /// The run's tool failures so far (json `failures`, sarif `invocations`).
  std::vector<ToolFailure> Failures;
};

/// Writes \p Findings to \p OS in the chosen format. \p Fingerprints holds one
/// fingerprint per finding (Baseline.h), used by json and sarif.
void writeFindings(const std::vector<Finding> &Findings,
                   const std::vector<std::string> &Fingerprints,
                   FindingSources &Sources, const OutputOptions &Opts,
                   llvm::raw_ostream &OS);

/// Whether the fix of \p F may change behaviour: the check marked it with a
/// note starting "unsafe fix: " (CudaCheck::markFixUnsafe), or its rule's
/// docs say `fix: unsafe`. `--fix` applies it only with `--unsafe-fixes`.
bool isUnsafeFix(const Finding &F);

/// Whether the check marked the fix of \p F unsafe with a note.
bool hasUnsafeFixNote(const Finding &F);

/// Counts for the closing summary line.
struct RunSummary {
  size_t Files = 0;
  unsigned RuleErrors = 0, RuleWarnings = 0, CompilerErrors = 0, CompilerWarnings = 0;
  unsigned ToolFailures = 0, Baselined = 0, FixesApplied = 0;
  /// Times an analysis stopped at one of its limits (UniformityStats): its
  /// rules may have missed findings there. Printed only when not zero.
  unsigned AnalysisLimits = 0;
  double Seconds = 0;
};

RunSummary summarize(const std::vector<Finding> &Findings, size_t Files,
                     unsigned ToolFailures, double Seconds);

/// "cuda-lint: 12 files, 3 findings (1 error, 2 warnings), 0 compiler errors, 0 tool failures, 4.2 s"
void printSummary(const RunSummary &S, llvm::raw_ostream &OS);

} // namespace cuda_lint

#endif
