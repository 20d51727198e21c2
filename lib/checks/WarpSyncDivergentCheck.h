#ifndef CUDA_LINT_CHECKS_WARPSYNCDIVERGENTCHECK_H
#define CUDA_LINT_CHECKS_WARPSYNCDIVERGENTCHECK_H

#include "families/CollectiveDivergenceCheckBase.h"

namespace cuda_lint {

/// cuda-warp-sync-divergent (RULES.md C; CUDA C++ Programming Guide, "Warp
/// Shuffle Functions", "Warp Vote Functions", "Synchronization Functions"
/// (`__syncwarp`): every non-exited thread named in the mask must execute
/// the same intrinsic with the same mask): a warp synchronization with a mask
/// argument (`__syncwarp`, `__shfl*_sync`, `__ballot_sync`, `__all_sync`,
/// `__any_sync`, `__uni_sync`, `__match_*_sync`, `__reduce_*_sync`) whose
/// mask is a constant with all 32 bits set, reached under control flow that
/// varies between the lanes of a warp, directly or through `__device__`
/// helpers. Lanes that have returned from the kernel do not count (a
/// collective after a lane-varying `return` of the kernel is judged by the
/// control around it). The collective-divergence query at the warp-uniform
/// level.
/// Docs: docs/rules/cuda-warp-sync-divergent.md
class WarpSyncDivergentCheck : public CollectiveDivergenceCheckBase {
public:
  WarpSyncDivergentCheck(llvm::StringRef Name,
                         clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

  /// Whether \p CE's mask argument (position \p MaskArg) is a constant whose
  /// low 32 bits are all set (`0xffffffff`, `~0u`, `-1`, a `constexpr` or
  /// `const` variable, a template argument, a default argument), or a local
  /// variable initialized so and never assigned, incremented, or bound to a
  /// non-const reference or pointer afterwards.
  static bool hasFullMask(const clang::CallExpr *CE, int MaskArg,
                          const clang::ASTContext &Ctx);

protected:
  std::vector<DivergentCollective>
  findings(UniformityContext &UC,
           llvm::ArrayRef<const clang::FunctionDecl *> Functions) override;
  Wording wording() const override;

private:
  /// Option AssumeWarpAlignedBlocks (default true), as cuda-wmma-divergent's:
  /// blockDim.x is a multiple of 32 unless the translation unit shows
  /// otherwise, so `threadIdx.x < 32` and `threadIdx.x / 32` are
  /// warp-uniform.
  const bool AssumeWarpAlignedBlocks;
};

} // namespace cuda_lint

#endif
