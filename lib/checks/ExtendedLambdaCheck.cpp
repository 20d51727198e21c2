#include "checks/ExtendedLambdaCheck.h"
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
  Finder->addMatcher(lambdaExpr(forCallable(functionDecl().bind("enclosing"))).bind("lambda"),
                     this);
}

/// The written (not inferred) `__device__` / `__host__` of a lambda's call
/// operator.
template <typename A> static const A *writtenAttr(const CXXMethodDecl *MD) {
  const A *Attr = MD ? MD->getAttr<A>() : nullptr;
  return Attr && !Attr->isImplicit() ? Attr : nullptr;
}

/// Whether \p FD is device code as written: `__global__` or a written
/// `__device__`. clang makes every unannotated lambda implicitly
/// `__host__ __device__`: such a lambda is what its enclosing function is.
static bool inDeviceCode(const FunctionDecl *FD) {
  while (FD) {
    if (FD->hasAttr<CUDAGlobalAttr>())
      return true;
    const auto *D = FD->getAttr<CUDADeviceAttr>();
    if (D && !D->isImplicit())
      return true;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!MD || !MD->getParent()->isLambda())
      return false;
    FD = dyn_cast_or_null<FunctionDecl>(MD->getParent()->getDeclContext());
  }
  return false;
}

void ExtendedLambdaCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  // Only an nvcc command seen without the flag says it is missing: a file
  // outside any database (flags unknown) or a clang command is not reported.
  if (Fact != "false" || isDeviceSide(*Ctx)) // one side reports: the host's
    return;
  const auto *Lambda = Result.Nodes.getNodeAs<LambdaExpr>("lambda");
  const auto *Enclosing = Result.Nodes.getNodeAs<FunctionDecl>("enclosing");
  if (!Lambda || !Enclosing || inDeviceCode(Enclosing))
    return; // a lambda in device code needs no flag
  const CXXMethodDecl *Call = Lambda->getCallOperator();
  const auto *Device = writtenAttr<CUDADeviceAttr>(Call);
  if (!Device)
    return;
  SourceLocation Loc = userLoc(*SM, Lambda->getBeginLoc());
  if (!reportOnce(Lambda->getBeginLoc().getPtrEncoding()) ||
      !portabilityApplies(CudaCompiler::Nvcc, Loc))
    return;
  report(Loc, "%select{__device__|__host__ __device__}0 lambda in host code requires nvcc's "
              "--extended-lambda flag, which the compile command lacks")
      << (writtenAttr<CUDAHostAttr>(Call) ? 1 : 0);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ExtendedLambdaCheck)

} // namespace cuda_lint
