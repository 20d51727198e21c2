#include "checks/ExtendedLambdaCheck.h"
#include "analysis/BodyParents.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

ExtendedLambdaCheck::ExtendedLambdaCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context),
      Fact(Options.getLocalOrGlobal("CudaLint.ExtendedLambda", "").str()) {}

void ExtendedLambdaCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(lambdaExpr(forEnclosingFunction(functionDecl().bind("enclosing"))).bind("lambda"),
                     this);
}

/// The written (not inferred) `__device__` / `__host__` of a lambda's call
/// operator.
template <typename A> static const A *writtenAttr(const CXXMethodDecl *MD) {
  const A *Attr = MD ? MD->getAttr<A>() : nullptr;
  return Attr && !Attr->isImplicit() ? Attr : nullptr;
}

void ExtendedLambdaCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  // Only an nvcc command seen without the flag says it is missing: a file
  // outside any database (flags unknown) or a clang command is not reported.
  if (Fact != "false")
    return;
  const auto *Lambda = Result.Nodes.getNodeAs<LambdaExpr>("lambda");
  const auto *Enclosing = Result.Nodes.getNodeAs<FunctionDecl>("enclosing");
  // nvcc 13.0 rejects the annotation wherever the lambda is, in device code
  // too (both sides report a lambda they share once: the merge keeps one).
  if (!Lambda || !Enclosing)
    return;
  const CXXMethodDecl *Call = Lambda->getCallOperator();
  const auto *Device = writtenAttr<CUDADeviceAttr>(Call);
  if (!Device)
    return;
  SourceLocation Loc = userLoc(*SM, Lambda->getBeginLoc());
  if (!reportOnce(Lambda->getBeginLoc().getPtrEncoding()) ||
      !portabilityApplies(CudaCompiler::Nvcc, Loc))
    return;
  report(Loc, "%select{__device__|__host__ __device__}0 lambda requires nvcc's --extended-lambda "
              "flag, which the compile command lacks")
      << (writtenAttr<CUDAHostAttr>(Call) ? 1 : 0);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ExtendedLambdaCheck)

} // namespace cuda_lint
