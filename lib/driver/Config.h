//===- Config.h - .cuda-lint.yaml and .clang-tidy ---------------*- C++ -*-===//
//
// A `.cuda-lint.yaml` is looked up from each file's directory upward; the
// nearest wins. Keys: Checks (clang-tidy glob), WarningsAsErrors,
// HeaderFilterRegex, CheckOptions (per-rule options), Baseline (path of a
// baseline file, relative to the configuration file), and the other keys of
// clang-tidy's configuration format. Command-line options override it.
//
// `.clang-tidy` files are read too, by the command line and by
// cuda-lint-clangd alike (makeConfigFilesProvider, configuredOptions), with
// one precedence (docs/configuration.md, "One configuration"):
//
//   command line  >  nearer directory  >  farther directory (only with
//   InheritParentConfig: true)  >  cuda-lint's defaults (-*,cuda-*)
//
// and within one directory `.cuda-lint.yaml` over `.clang-tidy`: both are
// read, the `.clang-tidy` first, then the `.cuda-lint.yaml` merged over it
// as clang-tidy merges a child configuration (Checks appended, so its globs
// win; its CheckOptions replace the same keys).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_CONFIG_H
#define CUDA_LINT_DRIVER_CONFIG_H

#include <map>
#include "ClangTidyOptions.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace cuda_lint {

/// The configuration file name cuda-lint looks for.
inline constexpr llvm::StringLiteral ConfigFileName = ".cuda-lint.yaml";
/// clang-tidy's configuration file, which cuda-lint reads below its own.
inline constexpr llvm::StringLiteral ClangTidyConfigFileName = ".clang-tidy";

/// A parsed configuration file.
/// Every option the registered cuda-* checks read ("rule-id.Option" -> its
/// default), from their storeOptions (clang-tidy's getCheckOptions).
const std::map<std::string, std::string> &knownCheckOptions();

struct LoadedConfig {
  std::string Path;                      ///< absolute path of the file
  clang::tidy::ClangTidyOptions Options; ///< what clang-tidy understands
  std::optional<std::string> Baseline;   ///< `Baseline:`, made absolute
  std::vector<std::string> Warnings;     ///< e.g. unknown rule ids, "path:line:col: ..."
};

/// A `.clang-tidy`'s Checks or WarningsAsErrors that names no `cuda*` glob
/// is about clang-tidy's other checks: `-*,bugprone-*` leaves cuda-lint's
/// rules as they were (",cuda-*" is appended to Checks, ",-cuda-*" to
/// WarningsAsErrors). A list that names one (`-*,cuda-shared-race`) is read
/// as clang-tidy reads it. The clang-tidy plugin keeps clang-tidy's own
/// reading, where `-*` turns every rule off.
void leaveRulesToCudaGlobs(clang::tidy::ClangTidyOptions &Options);

/// Parses \p Text as the configuration file \p Path. A file named
/// `.clang-tidy` is a clang-tidy configuration that also configures other
/// checks: only its globs about cuda-* rules are judged (`bugprone-*` is not
/// an error there), a list without them leaves the rules alone
/// (leaveRulesToCudaGlobs), and cuda-lint's own keys (Baseline) are not
/// read from it.
/// Errors name the file,
/// the line and the column ("path:3:10: error: ..."), among them a glob in
/// Checks or WarningsAsErrors that matches no rule (checkGlobProblem); a
/// CheckOptions key of a rule that does not exist is a warning.
llvm::Expected<LoadedConfig> parseConfig(llvm::StringRef Path, llvm::StringRef Text);

/// Reads and parses \p Path (an unreadable file is an error naming it).
llvm::Expected<LoadedConfig> loadConfig(llvm::StringRef Path);

/// What is wrong with one glob of a Checks or WarningsAsErrors list
/// (clang-tidy syntax, its leading '-' removed): an id that names no rule, or
/// a pattern that matches none, with the closest rule id as a suggestion
/// ("unknown rule id 'cuda-wmma-divergnet'; did you mean
/// 'cuda-wmma-divergent'?"). Empty when the glob matches a rule. Compiler
/// diagnostics (`clang-diagnostic-*`) are not judged.
std::string checkGlobProblem(llvm::StringRef Glob);

/// Every problem (checkGlobProblem) of a comma-separated glob list.
std::vector<std::string> checkGlobListProblems(llvm::StringRef Globs);

/// Whether the glob list \p Globs (applied after cuda-lint's default
/// `-*,cuda-*`) enables at least one rule.
bool enablesAnyRule(llvm::StringRef Globs);

/// The nearest `.cuda-lint.yaml` at or above the directory of \p File, or "".
std::string findConfigFor(llvm::StringRef File);

/// The configuration files of the nearest directory at or above that of
/// \p File that has one: its `.clang-tidy` then its `.cuda-lint.yaml`
/// (either may be missing; both empty: none anywhere). These are the files
/// that decide the file's options unless one says InheritParentConfig.
std::vector<std::string> configFilesFor(llvm::StringRef File);

/// clang-tidy's FileOptionsProvider over both configuration files, with the
/// precedence of the file comment: \p Defaults below the files, \p
/// Overrides (the command line) above them. The provider caches the files'
/// options per directory for its lifetime.
std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
makeConfigFilesProvider(const clang::tidy::ClangTidyOptions &Defaults,
                        const clang::tidy::ClangTidyOptions &Overrides);

/// What the configuration files above \p File (an absolute path) say, merged
/// in precedence order, without any defaults: unset fields are unset. Reads
/// the files on each call (cuda-lint-clangd calls it for each AST it builds,
/// so that an edited `.cuda-lint.yaml` takes effect). An unparsable file is
/// skipped with a message on stderr.
clang::tidy::ClangTidyOptions configuredOptions(llvm::StringRef File);

/// The YAML text clang-tidy's parser is given: \p Text without the keys it
/// does not know (Baseline), line structure preserved.
std::string stripCudaLintKeys(llvm::StringRef Text);

} // namespace cuda_lint

#endif
