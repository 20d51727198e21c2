#ifndef CUDA_LINT_CHECKS_WMMADIVERGENTCHECK_H
#define CUDA_LINT_CHECKS_WMMADIVERGENTCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace cuda_lint {

class FunctionUniformity;
class UniformityContext;

/// cuda-wmma-divergent (RULES.md C; CUDA C++ Programming Guide, "Warp Matrix
/// Functions": all threads of the warp must execute them convergently): a
/// warp-collective `nvcuda::wmma` call reached under control flow that is not
/// warp-uniform, directly or through `__device__` helpers of the translation
/// unit. Built on the uniformity analysis (analysis/Uniformity.h), which only
/// runs on functions that (transitively) call WMMA.
/// Docs: docs/rules/cuda-wmma-divergent.md
class WmmaDivergentCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

  /// One call of a helper on the way from a root function to a WMMA call.
  struct CallStep {
    const clang::CallExpr *Call;
    const clang::FunctionDecl *Callee;
  };

private:
  void visit(UniformityContext &UC, const FunctionUniformity &FU,
             std::vector<CallStep> &Chain, unsigned Depth);
  void reportAt(const clang::CallExpr *Wmma, const FunctionUniformity &Where,
                const clang::Stmt *Reached, std::vector<CallStep> &Chain,
                const std::vector<CallStep> &Inner);

  std::vector<const clang::FunctionDecl *> Functions;
  clang::ASTContext *Ctx = nullptr;
  llvm::DenseSet<const void *> Visited;
  llvm::DenseSet<std::pair<unsigned, unsigned>> Reported;
};

} // namespace cuda_lint

#endif
