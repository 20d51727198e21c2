#ifndef CUDA_LINT_CHECKS_ARCHINHOSTCODECHECK_H
#define CUDA_LINT_CHECKS_ARCHINHOSTCODECHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseMap.h"
#include <map>
#include <optional>
#include <vector>

namespace cuda_lint {

/// `__CUDA_ARCH__` tested by a preprocessor conditional (`#if`, `#elif`,
/// `#ifdef`, `#ifndef`, `#elifdef`, `#elifndef`, `defined(...)`) inside the
/// body of a function that runs only on the host: a host function is compiled
/// by the host compilation alone, where `__CUDA_ARCH__` is never defined, so
/// the branch that tests it is dead. `__host__ __device__`, `__device__` and
/// `__global__` functions (and lambdas marked so) are where such tests belong.
/// Source: CUDA C++ Programming Guide, "__CUDA_ARCH__" (Execution Space
/// Specifiers / Application Compatibility); nvcc documentation, "Virtual
/// Architecture Macros".
/// Docs: docs/rules/cuda-arch-in-host-code.md
class ArchInHostCodeCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

  /// A conditional testing __CUDA_ARCH__, at \p Loc (the directive's
  /// condition or macro name); called by the preprocessor callbacks.
  void addTest(clang::SourceLocation Loc, llvm::StringRef Directive);

  /// Forgets the test of index \p I (a conditional found not to be a
  /// finding: an `#ifndef __CUDA_ARCH__` without a device branch).
  void dropTest(size_t I) {
    if (I < Tests.size())
      Tests[I].Loc = clang::SourceLocation();
  }
  /// Number of tests recorded so far in this unit.
  size_t testCount() const { return Tests.size(); }

protected:
  /// Matching starts after preprocessing: the tests were recorded already
  /// (they are cleared in registerCudaPPCallbacks, per unit).
  void startTranslationUnit() override {
    Innermost.clear();
    TestsByFile.reset();
  }
  void registerCudaPPCallbacks(const clang::SourceManager &SM,
                               clang::Preprocessor *PP) override;

  /// One conditional testing __CUDA_ARCH__ (an invalid Loc: dropped).
  struct Test {
    clang::SourceLocation Loc;
    std::string Directive;
  };
  std::vector<Test> Tests; ///< in source order
  /// For each test (index), the innermost function body containing it.
  std::map<unsigned, const clang::FunctionDecl *> Innermost;
  /// The valid tests by file: (offset, index) in offset order, built at the
  /// first match, so that a body looks up only the tests inside its range
  /// (a CuTe unit has thousands of bodies and hundreds of tests).
  std::optional<llvm::DenseMap<clang::FileID,
                               std::vector<std::pair<unsigned, unsigned>>>>
      TestsByFile;
};

} // namespace cuda_lint

#endif
