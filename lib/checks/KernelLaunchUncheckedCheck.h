#ifndef CUDA_LINT_CHECKS_KERNELLAUNCHUNCHECKEDCHECK_H
#define CUDA_LINT_CHECKS_KERNELLAUNCHUNCHECKEDCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace cuda_lint {

/// cuda-kernel-launch-unchecked (RULES.md B; CUDA C++ Programming Guide,
/// "Error Checking"): a function launches a kernel (`<<<>>>`, or a launch
/// function whose result is discarded) and nothing after the launch in that
/// function checks for errors: a call of cudaGetLastError /
/// cudaPeekAtLastError, or of a synchronization (cudaDeviceSynchronize,
/// cudaStreamSynchronize, cudaEventSynchronize), whose result is used; or a
/// call of a function whose body does so (`getLastCudaError("msg")` of the
/// CUDA samples). A launching function whose caller calls cudaGetLastError /
/// cudaPeekAtLastError after calling it is not reported. Docs: docs/rules/cuda-kernel-launch-unchecked.md
class KernelLaunchUncheckedCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override {
    ChecksMemo[0].clear();
    ChecksMemo[1].clear();
    CallsByCallee.reset();
  }

private:
  /// Whether \p FD's body (or a function it calls, a few levels deep) checks
  /// for launch errors.
  bool bodyChecks(const clang::FunctionDecl *FD, clang::ASTContext &Ctx, unsigned Depth,
                  bool AllowSync);
  /// Whether call \p CE is an error check (\p AllowSync: a checked
  /// synchronization counts too).
  bool isCheck(const clang::CallExpr *CE, clang::ASTContext &Ctx, unsigned Depth,
               bool AllowSync);
  /// Whether a check follows \p After in \p Body.
  bool checkedAfter(const clang::Stmt *Body, clang::SourceLocation After,
                    clang::ASTContext &Ctx, bool AllowSync);
  llvm::DenseMap<const clang::FunctionDecl *, bool> ChecksMemo[2];
  /// Calls of each function of the translation unit (by canonical
  /// declaration of the function or of its template pattern).
  std::optional<llvm::DenseMap<const clang::FunctionDecl *,
                               llvm::SmallVector<const clang::CallExpr *, 4>>>
      CallsByCallee;
};

} // namespace cuda_lint

#endif
