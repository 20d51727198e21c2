#ifndef CUDA_LINT_CHECKS_KERNELLAUNCHUNCHECKEDCHECK_H
#define CUDA_LINT_CHECKS_KERNELLAUNCHUNCHECKEDCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <vector>

namespace cuda_lint {

/// cuda-kernel-launch-unchecked (RULES.md B; CUDA C++ Programming Guide,
/// "Error Checking"): a function launches a kernel (`<<<>>>`, or a launch
/// function whose result is discarded) and nothing after the launch in that
/// function checks for errors: a call of cudaGetLastError /
/// cudaPeekAtLastError whose result is used (a checked synchronization does
/// not count: it does not report configuration errors); a function or macro
/// the option CheckFunctions names; or a
/// call of a function whose body does so (`getLastCudaError("msg")` of the
/// CUDA samples). A launching function is not reported when a caller, at any
/// level up to four above it, calls cudaGetLastError / cudaPeekAtLastError
/// after the call, receives an integral status from it, or cannot be seen: a
/// function with external linkage and no call in this translation unit, or
/// one whose address is taken. Docs: docs/rules/cuda-kernel-launch-unchecked.md
class KernelLaunchUncheckedCheck : public CudaCheck {
public:
  KernelLaunchUncheckedCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void startTranslationUnit() override {
    ChecksMemo.clear();
    CallsByCallee.reset();
    AddressTaken.clear();
    LaunchingFunctions.reset();
    BodyCalls.clear();
    CheckAtDepthZero.clear();
  }

private:
  /// Whether \p FD's body (or a function it calls, a few levels deep) checks
  /// for launch errors.
  bool bodyChecks(const clang::FunctionDecl *FD, clang::ASTContext &Ctx, unsigned Depth);
  /// Whether call \p CE is an error check.
  bool isCheck(const clang::CallExpr *CE, clang::ASTContext &Ctx, unsigned Depth);
  /// Whether a check follows \p After in \p Body.
  bool checkedAfter(const clang::Stmt *Body, clang::SourceLocation After,
                    clang::ASTContext &Ctx);
  /// The calls in \p Body in pre-order, kernel launches included, not looking
  /// into lambdas' bodies (a lambda's calls run when it is called): not
  /// UniformityContext::callsIn, which looks into lambdas and leaves launches
  /// out. checkedAfter runs once per launch of a body, and walking the body
  /// each time was quadratic in a host dispatcher with hundreds of launches
  /// (ggml's mmf units).
  llvm::ArrayRef<const clang::CallExpr *> callsOutsideLambdas(const clang::Stmt *Body);
  llvm::DenseMap<const clang::Stmt *, std::vector<const clang::CallExpr *>> BodyCalls;
  /// isCheck(CE, Ctx, 0), kept once known: a second evaluation gives the
  /// first's answer (bodyChecks keeps what it found), so only the walk is
  /// saved; the calls are still asked in checkedAfter's order, which
  /// decides what bodyChecks keeps at the helper-depth limit.
  bool isCheckAtDepthZero(const clang::CallExpr *CE, clang::ASTContext &Ctx);
  llvm::DenseMap<const clang::CallExpr *, bool> CheckAtDepthZero;
  /// Whether \p FD's body may hold a launch: the functions that enclose one
  /// of the CallIndex's launches (a kernel launch or a call of a launch
  /// function), each as its template instantiation pattern (patternKey), since a launch
  /// that instantiation shares between a pattern and its specializations is
  /// indexed once. Every other body needs no walk.
  bool mayLaunch(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);
  std::optional<llvm::DenseSet<const clang::FunctionDecl *>> LaunchingFunctions;
  /// Fills CallsByCallee and AddressTaken from the translation unit's CallIndex.
  void collectCalls(clang::ASTContext &Ctx);
  /// Whether some caller of \p FD, \p Depth levels above the launching
  /// function, may check for errors after calling it (see the class comment).
  bool callersMayCheck(const clang::FunctionDecl *FD, clang::ASTContext &Ctx,
                       unsigned Depth,
                       llvm::SmallPtrSetImpl<const clang::FunctionDecl *> &Visited);
  /// Whether \p CE calls a function, or is written in a macro, that the
  /// option CheckFunctions names.
  bool isConfiguredCheck(const clang::CallExpr *CE) const;
  /// Option CheckFunctions: functions or macros (';' or ',' separated) that
  /// check the last launch, wherever their body is.
  const std::string CheckFunctionsOption;
  const std::vector<std::string> CheckFunctions;
  llvm::DenseMap<const clang::FunctionDecl *, bool> ChecksMemo;
  /// Functions (canonical declaration of the function or of its template
  /// pattern) named other than as the callee of a call.
  llvm::SmallPtrSet<const clang::FunctionDecl *, 16> AddressTaken;
  /// Calls of each function of the translation unit (by canonical
  /// declaration of the function or of its template pattern).
  std::optional<llvm::DenseMap<const clang::FunctionDecl *,
                               llvm::SmallVector<const clang::CallExpr *, 4>>>
      CallsByCallee;
};

} // namespace cuda_lint

#endif
