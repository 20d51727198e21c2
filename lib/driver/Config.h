//===- Config.h - .cuda-lint.yaml ------------------------------*- C++ -*-===//
//
// A `.cuda-lint.yaml` is looked up from each file's directory upward; the
// nearest wins. Keys: Checks (clang-tidy glob), WarningsAsErrors,
// HeaderFilterRegex, CheckOptions (per-rule options), Baseline (path of a
// baseline file, relative to the configuration file), and the other keys of
// clang-tidy's configuration format. Command-line options override it.
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

/// Parses \p Text as the configuration file \p Path. Errors name the file,
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

/// The YAML text clang-tidy's parser is given: \p Text without the keys it
/// does not know (Baseline), line structure preserved.
std::string stripCudaLintKeys(llvm::StringRef Text);

} // namespace cuda_lint

#endif
