//===- SarifMerge.h - Merging the SARIF files of cuda-lint shards -*- C++ -*-===//
//
// `cuda-lint --shard=I/N` analyses a share of a project's units, so that N CI
// jobs cover it; `cuda-lint merge-sarif` joins their SARIF 2.1.0 files into
// one document (docs/ci.md, "Sharding a large project").
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_SARIFMERGE_H
#define CUDA_LINT_DRIVER_SARIFMERGE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <string>

namespace cuda_lint {

/// One SARIF log to merge: its parsed document and the name of the file it
/// came from (for error messages).
struct SarifInput {
  std::string Name;
  llvm::json::Value Log;
};

/// Merges cuda-lint SARIF 2.1.0 logs (each with one run, as `--format=sarif`
/// writes them) into one log with one run:
///  - tool.driver (name, version, rules) and originalUriBaseIds from the
///    first log; rules of later logs that the first lacks (compiler
///    diagnostics, a rule of a newer cuda-lint) are appended;
///  - artifacts joined, one per file (identified by its URI relative to the
///    log's SRCROOT, else its URI);
///  - results concatenated, each result's ruleIndex and artifact indices
///    rewritten for the merged arrays, identical results kept once (a header
///    finding that two shards report), and sorted by file, line, column,
///    rule and message;
///  - invocations concatenated: every shard's, so that a shard's tool
///    failures (executionSuccessful false) stay in the merged log.
/// Errors (naming the input) for a document that is not a SARIF 2.1.0 log
/// with exactly one run, or whose tool is not cuda-lint.
llvm::Expected<llvm::json::Value> mergeSarifLogs(llvm::ArrayRef<SarifInput> Inputs);

} // namespace cuda_lint

#endif
