#ifndef CUDA_LINT_CHECKS_WMMADIVERGENTCHECK_H
#define CUDA_LINT_CHECKS_WMMADIVERGENTCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace cuda_lint {

struct DivergentCollective;

/// cuda-wmma-divergent (RULES.md C; CUDA C++ Programming Guide, "Warp Matrix
/// Functions": all threads of the warp must execute them convergently): a
/// warp-collective `nvcuda::wmma` call reached under control flow that is not
/// warp-uniform, directly or through `__device__` helpers of the translation
/// unit. A thin check on the collective-divergence component
/// (analysis/CollectiveDivergence.h: IntrinsicKind::WmmaCollective at the
/// warp-uniform level), which runs the uniformity analysis only on functions
/// that (transitively) call WMMA.
/// Docs: docs/rules/cuda-wmma-divergent.md
class WmmaDivergentCheck : public CudaCheck {
public:
  WmmaDivergentCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onEndOfTranslationUnit() override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// Option AssumeWarpAlignedBlocks (default true): blockDim.x is a multiple
  /// of 32 unless the translation unit shows otherwise, so threadIdx.x / 32
  /// and threadIdx.y are warp-uniform. False: they are thread-varying.
  const bool AssumeWarpAlignedBlocks;
  void reportFinding(const DivergentCollective &D);

  std::vector<const clang::FunctionDecl *> Functions;
  llvm::DenseSet<std::pair<unsigned, unsigned>> Reported;
};

} // namespace cuda_lint

#endif
