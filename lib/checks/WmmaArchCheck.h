#ifndef CUDA_LINT_CHECKS_WMMAARCHCHECK_H
#define CUDA_LINT_CHECKS_WMMAARCHCHECK_H

#include "CudaCheck.h"
#include "clang/Basic/SourceLocation.h"
#include <vector>

namespace cuda_lint {

struct WmmaFragment;

/// cuda-wmma-arch: a WMMA feature in code that a device side compiles for an
/// architecture below the feature's floor (CUDA C++ Programming Guide, "Warp
/// Matrix Functions" and "Element Types and Matrix Sizes"): any
/// `nvcuda::wmma` use below sm_70 (crt/mma.h then declares nothing); 8-bit
/// integer fragments below sm_72; sub-byte fragments, `bmma_sync` and
/// `bmmaBitOpXOR` below sm_75; `__nv_bfloat16`, `precision::tf32` and
/// `double` fragments, `bmmaBitOpAND` and `__float_to_tf32` below sm_80.
/// Reported on each device side that sees it (the driver tags a finding
/// with its sides, `[sm_75]`), once per line; the host side compiles for no
/// architecture and reports nothing. Fragments come from the AST; names the
/// header does not declare on that side (`precision::tf32` on sm_75) from a
/// raw lexing of the main file outside skipped `#if` regions, done only on
/// sides below sm_80. clang's errors on those lines are the rule's.
/// Docs: docs/rules/cuda-wmma-arch.md
class WmmaArchCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

protected:
  void registerCudaPPCallbacks(const clang::SourceManager &SM,
                               clang::Preprocessor *PP) override;

private:
  void scanMainFile(unsigned Arch);
  std::vector<clang::SourceRange> Skipped; ///< skipped #if regions
};

} // namespace cuda_lint

#endif
