#ifndef CUDA_LINT_CHECKS_SHAREDBANKCONFLICTCHECK_H
#define CUDA_LINT_CHECKS_SHAREDBANKCONFLICTCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace cuda_lint {

/// cuda-shared-bank-conflict (RULES.md F; CUDA C++ Programming Guide, "Shared
/// Memory" under "Device Memory Accesses" and the compute capability 5.x+
/// shared memory section: 32 banks of successive 32-bit words): an access
/// `a[row][col]` to a 2-D `__shared__` array of 4-byte elements whose row
/// length is a multiple of 32, with `row` thread-varying and `col` the same
/// in every lane of a warp (uniformity analysis, analysis/Uniformity.h): the
/// lanes read different words of one bank, serialized. Device side only.
/// The fix-it pads the row by one element (`[N]` to `[N + 1]`); it is marked
/// unsafe where the array is used other than as `a[i][j]` in its function
/// (its address or a row escapes, `sizeof` reads it) or declared at namespace
/// scope; no fix-it in a template instantiation or a macro.
/// Docs: docs/rules/cuda-shared-bank-conflict.md
class SharedBankConflictCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onEndOfTranslationUnit() override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void startTranslationUnit() override { Accesses.clear(); }

private:
  struct Access {
    const clang::FunctionDecl *FD;
    const clang::ArraySubscriptExpr *Outer, *Inner;
    const clang::VarDecl *Var;
  };
  std::vector<Access> Accesses;
  struct PadSafety {
    /// Why padding the row may change behaviour ("" when it cannot).
    std::string Unsafe;
    /// The array, its address or a row is used as a type that names the row
    /// length (passed as 'T (*)[N]', bound to 'T (&)[N]'): padding may not
    /// compile, so no fix-it is offered.
    bool TypeEscapes = false;
  };
  /// What padding the row of \p VD, a local `__shared__` array, may break.
  PadSafety padSafety(const clang::VarDecl *VD);
};

} // namespace cuda_lint

#endif
