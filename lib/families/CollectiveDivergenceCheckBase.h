//===- CollectiveDivergenceCheckBase.h - Rules on divergent collectives -*- C++ -*-===//
//
// The base of the checks that report a collective operation reached under
// control flow that is not uniform enough (RULES.md group C:
// cuda-syncthreads-divergent, cuda-warp-sync-divergent, cuda-wmma-divergent): it collects the
// translation unit's device function definitions, runs one
// CollectiveDivergence query at the end of the translation unit (on the
// shared UniformityContext, so each function is analysed once for all the
// rules) and reports each finding once per (collective, condition), with the
// divergent condition, where its variance comes from, the early exit and the
// chain of helper calls as notes.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_FAMILIES_COLLECTIVEDIVERGENCECHECKBASE_H
#define CUDA_LINT_FAMILIES_COLLECTIVEDIVERGENCECHECKBASE_H

#include "CudaCheck.h"
#include "analysis/CollectiveDivergence.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace cuda_lint {

class CollectiveDivergenceCheckBase : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onEndOfTranslationUnit() override;

protected:
  void
  checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

  /// The findings of the translation unit: run the rule's query on
  /// \p Functions (the device function definitions outside system headers,
  /// template instantiations included).
  virtual std::vector<DivergentCollective>
  findings(UniformityContext &UC,
           llvm::ArrayRef<const clang::FunctionDecl *> Functions) = 0;

  /// The words of the messages.
  struct Wording {
    /// "block" or "warp": "varies across the <Scope>".
    llvm::StringRef Scope;
    /// The note at an early exit, with %0 the exit ("return", "break", ...).
    llvm::StringRef ExitNote;
  };
  virtual Wording wording() const = 0;
  /// The collective's name in the messages (default: collectiveName, as
  /// written at the call).
  virtual std::string nameOf(const clang::CallExpr *CE) const;

private:
  void reportFinding(const DivergentCollective &D);
  std::vector<const clang::FunctionDecl *> Functions;
  llvm::DenseSet<std::pair<unsigned, unsigned>> Reported;
};

/// The name of the collective as written at \p CE: `__syncthreads`,
/// `block.sync`, `cg::sync` (the callee's spelling), else the callee's name.
std::string collectiveName(const clang::ASTContext &Ctx,
                           const clang::CallExpr *CE);

} // namespace cuda_lint

#endif
