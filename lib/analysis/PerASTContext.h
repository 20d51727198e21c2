//===- PerASTContext.h - One analysis object per translation unit -*- C++ -*-===//
//
// Several checks of one translation unit ask the same analysis (the launch
// sites, the uniformity of a kernel); each check object is separate, so the
// shared state hangs off the ASTContext instead: created on first use,
// destroyed with the ASTContext (ASTContext::AddDeallocation).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_PERASTCONTEXT_H
#define CUDA_LINT_ANALYSIS_PERASTCONTEXT_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <mutex>

namespace cuda_lint {

/// The one \p T of the translation unit of \p Ctx, constructed as `T(Ctx)` on
/// first use and destroyed when \p Ctx is. Thread-safe across translation
/// units analysed in parallel (the registry is locked; one ASTContext, and so
/// its \p T, is only ever used by one thread).
template <typename T> T &perASTContext(clang::ASTContext &Ctx) {
  struct Registry {
    std::mutex M;
    llvm::DenseMap<const clang::ASTContext *, std::unique_ptr<T>> Map;
  };
  static Registry *R = new Registry(); // never destroyed: workers may outlive main
  std::lock_guard<std::mutex> Lock(R->M);
  std::unique_ptr<T> &Slot = R->Map[&Ctx];
  if (!Slot) {
    Slot = std::make_unique<T>(Ctx);
    Ctx.AddDeallocation(
        [](void *Dying) {
          std::unique_ptr<T> Dead; // destroyed after the lock is released
          std::lock_guard<std::mutex> Lock(R->M);
          auto It = R->Map.find(static_cast<const clang::ASTContext *>(Dying));
          if (It != R->Map.end()) {
            Dead = std::move(It->second);
            R->Map.erase(It);
          }
        },
        &Ctx);
  }
  return *Slot;
}

} // namespace cuda_lint

#endif
