//===- Fixes.h - Applying and exporting fix-its ----------------*- C++ -*-===//
#ifndef CUDA_LINT_DRIVER_FIXES_H
#define CUDA_LINT_DRIVER_FIXES_H

#include "driver/LintRunner.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace cuda_lint {

/// Result of applying fix-its.
struct FixReport {
  unsigned Applied = 0;          ///< replacements written
  unsigned Conflicting = 0;      ///< replacements skipped: they overlap another
  std::vector<std::string> FilesChanged;
};

/// Applies the fix-its of \p Findings (`--fix`). Replacements are grouped per
/// file; one that overlaps an earlier one is skipped and counted. Each changed
/// file is written to a temporary file beside it and renamed over it, so a
/// failure never leaves a half-written source; a file without a fix is never
/// touched. Errors name the file.
llvm::Expected<FixReport> applyFixes(const std::vector<Finding> &Findings);

/// Writes the fix-its of \p Findings as clang-tidy's `--export-fixes` YAML
/// (`clang-apply-replacements` applies it) to \p Path, atomically. A fix that
/// may change behaviour says so in its diagnostic message.
llvm::Error exportFixes(llvm::StringRef Path, const std::vector<Finding> &Findings);

} // namespace cuda_lint

#endif
