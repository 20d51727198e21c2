//===- Baseline.h - Fingerprints and baselines of findings ------*- C++ -*-===//
//
// A team adopts cuda-lint on an existing codebase by recording today's
// findings (`--write-baseline FILE`) and reporting only new ones
// (`--baseline FILE`, or `Baseline:` in .cuda-lint.yaml). Matching must
// survive unrelated lines moving, so it never uses line numbers: a finding is
// identified by its rule, its file, and a fingerprint of the code it points at.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_BASELINE_H
#define CUDA_LINT_DRIVER_BASELINE_H

#include "driver/FindingSources.h"
#include "driver/LintRunner.h"
#include "llvm/Support/Error.h"
#include <map>
#include <string>
#include <vector>

namespace cuda_lint {

/// \p Path relative to \p BaseDir when it lies below it, else \p Path; '/'
/// separators.
std::string relativePath(llvm::StringRef Path, llvm::StringRef BaseDir);

/// One fingerprint per finding (same order): a hex hash of the rule id, the
/// finding's message without side tags, the whitespace-trimmed text of its
/// line, and its occurrence index among findings of the same file with the
/// same three. Stable when unrelated lines above move; changes when the
/// flagged line itself changes.
std::vector<std::string> computeFingerprints(const std::vector<Finding> &Findings,
                                             FindingSources &Sources);

/// A recorded set of findings: (rule, file relative to the baseline's
/// directory, fingerprint), with multiplicity.
struct Baseline {
  std::string Directory; ///< paths are relative to it
  std::map<std::string, unsigned> Counts;
};

/// The `version` of the baseline format writeBaseline writes and readBaseline
/// reads.
constexpr int BaselineFormatVersion = 1;

/// Reads a baseline written by \c writeBaseline. Errors name the file and,
/// for malformed JSON, the position; a file whose `tool` is not "cuda-lint",
/// whose `version` is not BaselineFormatVersion, or with an entry that is not
/// an object with non-empty string `rule`, `file` and `fingerprint` (16
/// hexadecimal digits) and an optional string `message` is an error naming
/// the entry (`findings[3]`): cuda-lint exits with status 2 before any
/// analysis.
llvm::Expected<Baseline> readBaseline(llvm::StringRef Path);

/// Writes \p Findings (with their fingerprints) as a baseline to \p Path,
/// atomically (temporary file and rename).
llvm::Error writeBaseline(llvm::StringRef Path, const std::vector<Finding> &Findings,
                          const std::vector<std::string> &Fingerprints);

/// Removes from \p Findings (and \p Fingerprints) those the baseline records;
/// each recorded entry absorbs at most as many findings as it counted.
/// Returns how many were removed.
unsigned filterByBaseline(const Baseline &B, std::vector<Finding> &Findings,
                          std::vector<std::string> &Fingerprints);

/// Writes \p Text to \p Path through a temporary file in the same directory
/// and a rename, so readers never see a half-written file.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text);

} // namespace cuda_lint

#endif
