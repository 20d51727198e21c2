//===- LintRunner.h - Running the checks on every side and merging -*- C++ -*-===//
#ifndef CUDA_LINT_DRIVER_LINTRUNNER_H
#define CUDA_LINT_DRIVER_LINTRUNNER_H

#include "driver/SidePlan.h"
#include "analysis/Uniformity.h"
#include "CudaCheck.h"
#include "analysis/CrossSide.h"
#include "ClangTidyDiagnosticConsumer.h"
#include "ClangTidyOptions.h"
#include "clang/Frontend/CompilerInvocation.h"
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
  /// Name of cuda-lint's configuration file (informational: the files read
  /// are Config.h's `.cuda-lint.yaml` and `.clang-tidy`, makeConfigFilesProvider).
  std::string ConfigFileName = ".cuda-lint.yaml";
  /// `--config-file`: this configuration for every file instead of the
  /// `.cuda-lint.yaml` files.
  std::optional<clang::tidy::ClangTidyOptions> ExplicitConfig;
  /// `--enable-check-profile`: clang-tidy's per-check timing, printed on
  /// stderr after each side.
  bool ProfileChecks = false;
  /// The directory of the shared preambles (Preamble.h, `<cache-dir>/pch`);
  /// empty (`--no-preamble`): every side parses its headers itself. Not
  /// part of the result cache's key: a side gives the same result either way.
  std::string PreambleDir;
  /// The default: a preamble is built for a flag set only once a second
  /// side needs it (the first parses cold). `--preamble`: at the first.
  bool PreambleOnFirstSide = false;
};

/// The result of linting one translation unit on all its sides.
struct TranslationUnitResult {
  std::string File;
  std::vector<Finding> Findings;       ///< merged over sides, owned diagnostics relabelled
  std::vector<std::string> ToolFailures; ///< e.g. "the checker crashed on the sm_90 side"
  std::vector<std::string> Sides;        ///< the sides that ran
  /// Whether some side ran without a fatal compiler error: false when every
  /// side failed (a tool failure) or hit a fatal error (a header not found).
  /// cuda-lint exits 2 when no unit of the run has a side like that or a rule
  /// finding (docs/ci.md).
  bool Analysed = false;
};

/// A file a side read (its main file, a header, a forced include) and the
/// xxh3 128-bit hash of the content it analysed, as 32 hex digits: the
/// result cache (ResultCache.h) reuses the side's result only while every
/// such file still has that content.
struct InputDigest {
  std::string Path; ///< the file system's real path (forEachLoadedInput)
  std::string Hash;
  /// The absolute name the side opened the file by, when it is not Path (a
  /// link, or `..`, on the way): the result cache checks that it still
  /// reaches Path, so a re-pointed or removed link is a change. "" otherwise.
  std::string Opened;
};

/// What one side of a translation unit produced.
struct SideResult {
  /// The side's diagnostics: rule findings and compiler diagnostics, as
  /// clang-tidy's diagnostic consumer collected them (NOLINT and the header
  /// filter applied).
  std::vector<clang::tidy::ClangTidyError> Errors;
  /// Set when the side failed: what happened, without the side ("the checker
  /// crashed", "timed out after 600 s (--timeout)"); the errors are then empty.
  /// mergeSides reports one tool failure per kind, naming the sides.
  std::optional<std::string> ToolFailure;
  /// The check glob in effect for this file (command line over `.cuda-lint.yaml`).
  std::string EffectiveChecks;
  /// Lines whose owned clang error the project's compiler would not give
  /// (CudaCheck::portabilityApplies), paths normalized as the errors' are.
  std::vector<AcceptedLine> Accepted;
  /// The files the side read, with their contents' hashes (empty when it
  /// failed); cuda-lint's in-memory compatibility headers are not listed.
  std::vector<InputDigest> Inputs;
  /// What the shared preamble did (PreambleOutcome::str(): "used", "built",
  /// "cold: why"); empty when it was not asked for. Reported by --verbose.
  std::string Preamble;
  /// What the uniformity analysis counted on this side (functions analysed,
  /// limits reached), for the run's summary.
  UniformityStats Uniformity;
  /// Whether the side hit a fatal compiler error (a header not found, too
  /// many errors). clang parses on, without that header and with its later
  /// diagnostics suppressed, so the checks still run on what is left.
  bool StoppedAtFatalError = false;
  /// Facts the checks recorded for cross-side rules (analysis/CrossSide.h),
  /// paths normalized as the errors' are; mergeSides compares them.
  std::vector<SideFact> Facts;
};

/// The 32-hex-digit xxh3 128-bit hash of \p Content (InputDigest::Hash).
std::string contentHash(llvm::StringRef Content);

/// The clang-tidy options in effect for \p File: Settings.Defaults, then the
/// `.cuda-lint.yaml` files above it (clang-tidy's lookup and
/// InheritParentConfig) or Settings.ExplicitConfig, then Settings.Overrides.
/// cuda-lint reads `ExtraArgs` / `ExtraArgsBefore` from it.
clang::tidy::ClangTidyOptions optionsForFile(const LintSettings &Settings,
                                             llvm::StringRef File);

/// Runs clang-tidy's runner with the cuda module on one side of a translation
/// unit (`--cuda-host-only`, or `--cuda-device-only` for one architecture)
/// under LLVM crash recovery: a crash is this side's ToolFailure, never the
/// process's. \p FactOptions are extra global clang-tidy options for this unit
/// (nvcc-only facts such as "CudaLint.MaxRRegCount", the architectures
/// "CudaLint.GpuArchs"). Thread-safe: sides of any units may run concurrently.
SideResult lintSide(const std::string &File, const std::string &Directory,
                    const AnalysisSide &Side, const LintSettings &Settings,
                    const clang::tidy::ClangTidyOptions::OptionMap &FactOptions);

/// Merges the sides of one translation unit: the host side's facts are
/// compared with each device side's (compareSideFacts: the cross-side rules'
/// findings), a finding several sides see is reported once, owned compiler diagnostics are relabelled
/// (relabelOwnedCompilerDiagnostics), and a device finding that only some of
/// the unit's architectures see is tagged with them (`[sm_80]`).
/// \p SideResults has one slot per entry of \p Sides, in the same order; an
/// empty slot (a side abandoned after --timeout) is a tool failure.
TranslationUnitResult mergeSides(const std::string &File,
                                 const std::vector<AnalysisSide> &Sides,
                                 std::vector<std::optional<SideResult>> SideResults);

/// Lints one translation unit: lintSide on each of \p Sides one after
/// another, then mergeSides. (cuda-lint itself schedules sides of all units
/// on its worker threads and merges each unit when its last side is done.)
TranslationUnitResult
lintTranslationUnit(const std::string &File, const std::string &Directory,
                    const std::vector<AnalysisSide> &Sides,
                    const LintSettings &Settings,
                    const clang::tidy::ClangTidyOptions::OptionMap &FactOptions);

/// Clears everything in \p CI that would make the front end write a file or
/// load code or serialized ASTs: dependency and header-include files, module
/// dependency directories, serialized and logged diagnostics, statistics and
/// time-trace files, plugins and plugin actions, LLVM options, implicit module
/// builds and their cache, prebuilt modules, precompiled headers, AST
/// merges and the sanitizer, XRay and profile lists. The compile-command translation already drops the flags that ask
/// for these (isSafeDatabaseOption, NvccTranslation.cpp); this is the second
/// line, for what a flag's spelling could still reach (and for flags given
/// after `--`). An analysis writes nothing but cuda-lint's own outputs.
/// lintSide applies it to every side; cuda-lint-clangd to every invocation
/// clangd builds.
void withoutSideEffects(clang::CompilerInvocation &CI);

/// Upper bounds of the nesting limits a side may run under: a compile command
/// can raise `-fbracket-depth`, `-ftemplate-depth` and `-fconstexpr-depth`
/// (clang's defaults 256 or 2048, 1024, 512) to values whose recursion
/// overflows any stack. The bounds fit the SideStackBytes stack of a side.
constexpr unsigned MaxBracketDepth = 4096;
constexpr unsigned MaxInstantiationDepth = 2048;
constexpr unsigned MaxConstexprCallDepth = 2048;

/// Lowers the nesting limits of \p CI to MaxBracketDepth,
/// MaxInstantiationDepth and MaxConstexprCallDepth (never raises them).
/// lintSide applies it to every side.
void withBoundedNesting(clang::CompilerInvocation &CI);

/// Rewrites the file paths of \p E (its location, notes, ranges and fix-its)
/// as absolute paths (a relative one is taken from \p Directory, the compile
/// command's directory) without `.` / `..` components where that names the
/// same file, so that a header reached as `src/../inc/k.cuh` from one unit and
/// `inc/k.cuh` from another is one file: its findings are reported once,
/// under one name. lintSide applies it to every diagnostic.
void normalizeDiagnosticPaths(clang::tidy::ClangTidyError &E, llvm::StringRef Directory);

/// The forms of the header path \p Path (absolute, normalized) that the
/// header filter (HeaderFilterRegex, ExcludeHeaderFilterRegex, --header-filter)
/// is matched against: \p Path itself, then its path relative to each of the
/// project roots \p Roots (absolute directories) that contain it, e.g.
/// `include/k.cuh` for `/src/proj/include/k.cuh` under the root `/src/proj`.
/// A header passes the filter when any form matches (docs/configuration.md).
std::vector<std::string> headerFilterForms(llvm::StringRef Path,
                                           llvm::ArrayRef<std::string> Roots);

/// Merges per-unit results into the run's findings: a finding in a header seen
/// by several translation units is kept once. Sorted by file, offset, rule.
std::vector<Finding>
mergeResults(const std::vector<TranslationUnitResult> &Results);

/// Compiler diagnostics that a rule owns (front matter `clang-diagnostics:` of
/// its docs page) belong to the rule whether it is enabled or not. Enabled:
/// reported under the rule id, once (dropped when the rule reported the same
/// line itself, relabelled otherwise). Disabled: on a clang command (\p Nvcc
/// false) the project's compiler rejects the code, so it is still relabelled
/// under the rule id; on an nvcc command it is relabelled only when nvcc
/// rejects the code too (front matter `nvcc-rejects:`), and dropped
/// otherwise, never shown as `clang-diagnostic-error`. \p RuleEnabled says
/// whether a rule id is enabled for this unit. An owned error at a line of
/// \p Accepted (the rule found the code correct for the project's compiler,
/// a portability case of the other one) is dropped. A message several rules
/// own (`clang-diagnostics:` of one, `clang-diagnostics-where-claimed:` of
/// another) goes to the rule claimed for its line in \p Accepted
/// (AcceptedLine::Claim), else to the rule owning it everywhere.
void relabelOwnedCompilerDiagnostics(
    std::vector<Finding> &Findings,
    const std::function<bool(llvm::StringRef)> &RuleEnabled, bool Nvcc = false,
    const std::vector<AcceptedLine> &Accepted = {});

} // namespace cuda_lint

#endif
