#ifndef CUDA_LINT_CHECKS_TILEUNSUPPORTEDCHECK_H
#define CUDA_LINT_CHECKS_TILEUNSUPPORTEDCHECK_H

#include "CudaCheck.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace clang {
class MacroInfo;
}

namespace cuda_lint {

/// __int128, __float128 or threadIdx/blockIdx/blockDim/gridDim used in tile code (the body
/// of a `__tile__` function or `__tile_global__` kernel). The 128-bit types are found in the
/// AST (declarations, results, conversions). The built-in index variables are not: clang 22
/// rejects them in a tile function (a host function to it) and drops them from the AST, so
/// they are found in the function's source text, lexed raw (Lexer), with the macro
/// expansions the preprocessor reported for it (a macro expanded in the body that spells
/// one of them counts, a macro that is only defined does not); comments, string literals,
/// member names (`s.threadIdx`, `ns::threadIdx`), preprocessor directives, code skipped by
/// `#if`, and names that the AST resolves to a declaration of the program (a local variable
/// `threadIdx`) are not findings. Source: CUDA C++ Programming Guide, "Built-in Variables"
/// and "Host Compiler Type Extensions" (tile code).
/// Docs: docs/rules/cuda-tile-unsupported.md
class TileUnsupportedCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  /// Called by CudaCheck::check() for matches outside system headers, with SM and Ctx set.
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

protected:
  void registerCudaPPCallbacks(const clang::SourceManager &SM,
                               clang::Preprocessor *PP) override;

private:
  /// Reports the built-in index variables named in the body of the tile
  /// function \p FD (see the class comment).
  void checkBuiltinVariables(const clang::FunctionDecl *FD);

  /// Macro expansions at file locations (the macro name's raw location) and
  /// the macro each expanded; filled by the preprocessor callbacks.
  llvm::DenseMap<clang::SourceLocation::UIntTy, const clang::MacroInfo *> Expansions;
  /// Source ranges the preprocessor skipped (`#if 0` ...).
  std::vector<clang::SourceRange> Skipped;
};

} // namespace cuda_lint

#endif
