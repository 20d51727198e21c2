#ifndef CUDA_LINT_CHECKS_PRAGMAUNROLLCHECK_H
#define CUDA_LINT_CHECKS_PRAGMAUNROLLCHECK_H

#include "CudaCheck.h"
#include "analysis/Pragmas.h"
#include <vector>

namespace cuda_lint {

/// `#pragma unroll` (or `_Pragma("unroll ...")`) that nvcc 13.0 ignores or
/// rejects, or that the host compiler warns about:
///   - a literal count that is not positive (`-1`, `0`): nvcc ignores it
///     (warning #20168); clang 22 rejects a negative one and takes `0` as
///     "do not unroll";
///   - a count that is not an integral constant expression (a run-time
///     value): nvcc rejects it (#20169); clang 22 drops the hint with a
///     generic error, which this rule owns where it reports;
///   - a pragma not followed by a `for`, `while` or `do` loop;
///   - a pragma in a function only the host compiler sees (not `__device__`,
///     `__global__` or `__host__ __device__`), where gcc warns
///     -Wunknown-pragmas under -Wall: reported on the host side.
/// Not findings: constant expressions (`(Count + 1)`, `MyStruct::value`, a
/// template argument), and clang's -Wcuda-compat on them is never forwarded.
/// The pragmas are read through PPCallbacks::PragmaDirective; the loops that
/// carry clang's LoopHintAttr and the host functions come from the AST; the
/// comparison is made at the end of the translation unit.
/// Source: CUDA C++ Programming Guide, "#pragma unroll".
/// Docs: docs/rules/cuda-pragma-unroll.md
class PragmaUnrollCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;


protected:
  void startTranslationUnit() override;
  void registerCudaPPCallbacks(const clang::SourceManager &SM,
                               clang::Preprocessor *PP) override;

private:
  std::vector<CollectedPragma> Pragmas;
  /// Lines (file ID and line) of the loop hints clang accepted.
  std::vector<std::pair<clang::FileID, unsigned>> Hints;
  /// The first tokens of the loops in project code.
  std::vector<clang::SourceLocation> LoopStarts;
  /// Bodies of host-only functions (host side only).
  std::vector<clang::SourceRange> HostBodies;
  /// Every function body the host side parsed (a host side that skipped
  /// device bodies judges only the pragmas in these).
  std::vector<clang::SourceRange> ParsedBodies;
};

} // namespace cuda_lint

#endif
