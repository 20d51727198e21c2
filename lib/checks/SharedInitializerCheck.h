#ifndef CUDA_LINT_CHECKS_SHAREDINITIALIZERCHECK_H
#define CUDA_LINT_CHECKS_SHAREDINITIALIZERCHECK_H

#include "CudaCheck.h"
#include "llvm/ADT/DenseSet.h"

namespace cuda_lint {

/// cuda-shared-initializer (RULES.md A; CUDA C++ Programming Guide,
/// "Variable Memory Space Specifiers" / "__shared__", and the restriction on
/// dynamic initialization of __shared__ variables): a `__shared__` variable
/// with an initializer, or whose type (or array element type) has a default
/// constructor or destructor that is not empty in the sense of the CUDA
/// programming guide (trivial, or no parameters, an empty body, no virtual
/// functions and only empty constructors of bases and members): shared memory
/// is never initialized, so the constructor never runs. Reported as an error;
/// libcu++ types meant to be declared this way and set up afterwards
/// (`cuda::barrier`, `cuda::pipeline_shared_state`) are reported only where
/// clang 22 rejects them, as a portability warning.
/// Docs: docs/rules/cuda-shared-initializer.md
class SharedInitializerCheck : public CudaCheck {
public:
  using CudaCheck::CudaCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

public:
  /// Why a constructor or destructor is not empty: where to point and what
  /// to say there (%0 is \c Class, the class whose member is at fault).
  struct Reason {
    clang::SourceLocation Loc;
    std::string Text;
    const clang::NamedDecl *Class = nullptr;
  };

private:
  /// Reports \p VD when constructing or destroying its class \p RD (the
  /// element type of \p T) runs code: \p Init's constructor when given, else
  /// the default construction. Returns whether it reported.
  bool reportIfConstructed(const clang::VarDecl *VD, const clang::ASTContext &Ctx,
                           clang::QualType T, const clang::CXXRecordDecl *RD, bool IsArray,
                           const clang::FunctionDecl *Instantiated,
                           const clang::CXXConstructExpr *Init = nullptr);
  void reportType(const clang::VarDecl *VD, const clang::ASTContext &Ctx,
                  clang::QualType T, bool IsArray, bool CtorEmpty,
                  const Reason &CtorWhy, const Reason &DtorWhy,
                  const clang::FunctionDecl *Instantiated);
};

} // namespace cuda_lint

#endif
