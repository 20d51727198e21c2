//===- CrossSideFilter.h - Per-side filters for cross-side findings -*- C++ -*-===//
//
// A cross-side finding (CrossSide.h) is made by the driver's merge step, after
// the sides are done, so clang-tidy's diagnostic consumer, which applies
// NOLINT comments and the header filter to each side's findings, never sees
// it. The side that records the fact applies them instead: where the finding
// would be dropped, it records no fact, and nothing is compared.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_CROSSSIDEFILTER_H
#define CUDA_LINT_ANALYSIS_CROSSSIDEFILTER_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class ASTContext;
namespace tidy {
struct ClangTidyOptions;
}
} // namespace clang

namespace cuda_lint {

/// Whether a finding of rule \p RuleId at \p Loc would be dropped on this side
/// the way clang-tidy's diagnostic consumer drops per-side findings: by a
/// `NOLINT`, `NOLINTNEXTLINE` or `NOLINTBEGIN`/`NOLINTEND` comment, bare or
/// naming the rule (clang-tidy's own NoLintDirectiveHandler decides), or
/// because \p Loc lies in a system header (without `SystemHeaders`) or in a
/// header that `HeaderFilterRegex` does not select or
/// `ExcludeHeaderFilterRegex` does (the main file always passes). \p Options:
/// the side's clang-tidy options for the file (ClangTidyContext::getOptions).
bool crossSideFindingSuppressed(clang::ASTContext &Ctx,
                                const clang::tidy::ClangTidyOptions &Options,
                                llvm::StringRef RuleId, clang::SourceLocation Loc);

} // namespace cuda_lint

#endif
