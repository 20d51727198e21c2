#ifndef CUDA_LINT_CHECKS_MANAGEDACCESSWITHOUTSYNCCHECK_H
#define CUDA_LINT_CHECKS_MANAGEDACCESSWITHOUTSYNCCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseMap.h"

namespace cuda_lint {

/// cuda-managed-access-without-sync (CUDA C++ Programming Guide, "Unified
/// Memory Programming", coherency and concurrency: the host must not access
/// managed memory while a kernel that may use it runs, unless the device
/// supports concurrent managed access, and even then it sees values only
/// after synchronizing): host code reading or writing a `__managed__`
/// variable where, on some path of its function's CFG, a kernel launch that
/// may use the variable precedes it with no `cudaDeviceSynchronize`, no
/// `cudaStreamSynchronize` of the launch's stream (or of the legacy default
/// stream), no `cudaEventSynchronize` of an event recorded after the launch
/// on its stream, and no synchronous `cudaMemcpy` between them. A forward
/// may-dataflow over the clang CFG (ForwardDataflowWorklist): the state is
/// the set of launches not yet synchronized and, per event, the launches
/// every path has recorded it after.
/// Docs: docs/rules/cuda-managed-access-without-sync.md
class ManagedAccessWithoutSyncCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void startTranslationUnit() override {
    HaveManaged = false;
    KernelUses.clear();
  }

private:
  void analyze(const clang::FunctionDecl *FD);
  /// Whether kernel \p K (and the functions it calls, with bodies, a few
  /// levels deep) names managed variable \p V; memoised.
  bool kernelMayUse(const clang::FunctionDecl *K, const clang::VarDecl *V);

  bool HaveManaged = false;
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallPtrSet<const clang::VarDecl *, 4>>
      KernelUses;
};

} // namespace cuda_lint

#endif
