//===- RuleCatalog.h - Rule metadata from docs/rules ------------*- C++ -*-===//
//
// One source of truth per rule: docs/rules/<id>.md. Its front matter gives the
// id, severity and one-line summary; its body is what `cuda-lint --explain`
// prints and what the docs site shows. The build embeds the pages
// (cmake/EmbedRuleDocs.cmake), so code, `--list-checks` and docs cannot drift.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_RULECATALOG_H
#define CUDA_LINT_RULECATALOG_H

#include "clang/Basic/DiagnosticIDs.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace cuda_lint {

/// Severity classes of ../shared/RULES.md. `Error`: the toolchain rejects the
/// code or the launch can never succeed; `Warning`: UB, hang, wrong results or
/// an ignored annotation; `Performance` and `Portability` are reported at
/// warning level with their class in the rule's metadata.
enum class Severity { Error, Warning, Performance, Portability };

/// Metadata of one rule, as written in the front matter of its docs page.
struct RuleInfo {
  llvm::StringRef Id;       ///< e.g. "cuda-wmma-divergent" (stable, never renamed)
  Severity Sev;             ///< the catalog severity
  llvm::StringRef Summary;  ///< one line, lowercase
  llvm::StringRef Doc;      ///< the whole Markdown page
  /// Regular expressions (front matter `clang-diagnostics:` lines) matching
  /// the text of clang diagnostics this rule owns: the driver reports such a
  /// compiler diagnostic under this rule's id, once.
  std::vector<std::string> ClangDiagnostics;
  /// Regular expressions (front matter `clang-diagnostics-at-finding:` lines)
  /// matching clang diagnostics too generic to own everywhere ("requested
  /// alignment is not a power of 2" is also alignas's error): the driver drops
  /// such a compiler diagnostic where this rule reports a finding on the same
  /// line (the rule's finding replaces it) and leaves it alone elsewhere.
  std::vector<std::string> ClangDiagnosticsAtFinding;
  /// Regular expressions (front matter `clang-diagnostics-where-claimed:`
  /// lines) matching a clang message that another rule owns everywhere
  /// (`clang-diagnostics:`) and that belongs to this rule at the lines a check
  /// claims for it (CudaCheck::claimOwnedCompilerDiagnosticAt): there the
  /// driver handles it as this rule's owned diagnostic, elsewhere as the other
  /// rule's.
  std::vector<std::string> ClangDiagnosticsWhereClaimed;
  /// Regular expressions (front matter `nvcc-rejects:` lines) saying when nvcc
  /// rejects the code behind an owned clang diagnostic too: one matches the
  /// source text from the diagnostic's position to the end of its line (`^`:
  /// always). None: nvcc accepts what clang rejects. Decides what a disabled
  /// rule's owned diagnostic becomes on an nvcc command (LintRunner.h).
  std::vector<std::string> NvccRejects;
  /// Front matter `fix:` — "safe", "unsafe" (may change behaviour) or "none".
  llvm::StringRef FixSafety;
};

/// Every rule with a docs page, sorted by id.
llvm::ArrayRef<RuleInfo> allRules();

/// The rule with id \p Id, or nullptr when no docs page defines it.
const RuleInfo *findRule(llvm::StringRef Id);

/// "error", "warning", "performance" or "portability".
llvm::StringRef severityName(Severity S);

/// The diagnostic level a rule of severity \p S is emitted at.
clang::DiagnosticIDs::Level diagnosticLevel(Severity S);

/// Base URL of the rule pages; a rule's page is `<base><id>.md`.
llvm::StringRef docsBaseUrl();

} // namespace cuda_lint

#endif
