#ifndef CUDA_LINT_CHECKS_WMMADIVERGENTCHECK_H
#define CUDA_LINT_CHECKS_WMMADIVERGENTCHECK_H

#include "families/CollectiveDivergenceCheckBase.h"

namespace cuda_lint {

/// cuda-wmma-divergent (CUDA C++ Programming Guide, "Warp Matrix Functions":
/// all threads of the warp must execute them convergently): a warp-collective
/// `nvcuda::wmma` call reached under control flow that is not warp-uniform,
/// directly or through `__device__` helpers of the translation unit. A thin
/// check on the collective-divergence family (IntrinsicKind::WmmaCollective at
/// the warp-uniform level), which runs the uniformity analysis only on
/// functions that (transitively) call WMMA.
/// Docs: docs/rules/cuda-wmma-divergent.md
class WmmaDivergentCheck : public CollectiveDivergenceCheckBase {
public:
  WmmaDivergentCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  std::vector<DivergentCollective>
  findings(UniformityContext &UC,
           llvm::ArrayRef<const clang::FunctionDecl *> Functions) override;
  Wording wording() const override;
  /// The WMMA function's own name (`fill_fragment`), however it is qualified.
  std::string nameOf(const clang::CallExpr *CE) const override;

private:
  /// Option AssumeWarpAlignedBlocks (default true): blockDim.x is a multiple
  /// of 32 unless the translation unit shows otherwise, so threadIdx.x / 32
  /// and threadIdx.y are warp-uniform. False: they are thread-varying.
  const bool AssumeWarpAlignedBlocks;
};

} // namespace cuda_lint

#endif
