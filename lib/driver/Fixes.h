//===- Fixes.h - Applying and exporting fix-its ----------------*- C++ -*-===//
#ifndef CUDA_LINT_DRIVER_FIXES_H
#define CUDA_LINT_DRIVER_FIXES_H

#include "driver/LintRunner.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace cuda_lint {

/// Result of applying fix-its.
struct FixReport {
  unsigned Applied = 0;          ///< replacements written
  unsigned Conflicting = 0;      ///< replacements skipped: they overlap another
  unsigned SkippedUnsafe = 0;    ///< findings whose unsafe fix was not applied
  std::vector<std::string> FilesChanged;
  /// One message per file whose fixes were not applied ("k.cu: changed since
  /// it was analysed; ..."): the other files are still fixed.
  std::vector<std::string> Failures;
};

/// Options of applyFixes.
struct FixOptions {
  bool IncludeUnsafe = false; ///< `--unsafe-fixes`: also fixes marked unsafe
  bool Force = false;         ///< `--force`: also write read-only files
};

/// Records the content of \p Path as the checks saw it (the buffer a side
/// analysed, for a file that a fix-it edits). Called by the sides while they
/// run; thread-safe. applyFixes refuses to write a file whose content is no
/// longer the one recorded, or that two sides saw with different contents
/// (it was edited during the run): fix-its are byte offsets into that
/// content.
void recordAnalysedContent(llvm::StringRef Path, llvm::StringRef Content);

/// One file's entry in the record of analysed contents: its real path, the
/// xxh3 hash of the content the sides saw, and whether two sides saw it with
/// different contents.
struct AnalysedContentHash {
  std::string RealPath;
  uint64_t Hash = 0;
  bool Changed = false;
};

/// The record of analysed contents of this process (recordAnalysedContent),
/// in no particular order: what a side worker process sends back.
std::vector<AnalysedContentHash> analysedContentHashes();

/// Empties this process's record: a side worker process that analyses
/// several sides one after another sends each side's record alone.
void clearAnalysedContentHashes();

/// Adds an entry that a side worker process recorded to this process's
/// record, as recordAnalysedContent would have with that content.
void recordAnalysedHash(const AnalysedContentHash &H);

/// Applies the fix-its of \p Findings (`--fix`). Replacements are grouped per
/// file (the real file behind a symbolic link, which stays a link); the same
/// edit from several findings or units is applied once, and one that
/// overlaps another is skipped and counted. Each file is handled on its own
/// (a failure is reported in Failures and the next file is still fixed):
///   - it is locked while it is read, checked and replaced, so that two
///     concurrent `--fix` runs do not interleave;
///   - its content must be the one analysed (recordAnalysedContent);
///   - a read-only file is refused unless \p Opts.Force, a file with several
///     hard links is refused (replacing it would split them);
///   - the new text goes to a temporary file beside it (removed if the
///     process is interrupted by SIGINT or SIGTERM) that takes the file's
///     mode and owner and is renamed over it, so a failure never leaves a
///     half-written source; a file without a fix is never touched.
/// A fix that may change behaviour (isUnsafeFix) is applied only with
/// \p Opts.IncludeUnsafe; otherwise it is counted in SkippedUnsafe.
FixReport applyFixes(const std::vector<Finding> &Findings, const FixOptions &Opts);

/// Writes the fix-its of \p Findings as clang-tidy's `--export-fixes` YAML
/// (`clang-apply-replacements` applies it) to \p Path, atomically. A fix that
/// may change behaviour says so in its diagnostic message.
llvm::Error exportFixes(llvm::StringRef Path, const std::vector<Finding> &Findings);

} // namespace cuda_lint

#endif
