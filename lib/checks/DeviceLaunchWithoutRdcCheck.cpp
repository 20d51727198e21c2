#include "checks/DeviceLaunchWithoutRdcCheck.h"
#include "analysis/BodyParents.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

DeviceLaunchWithoutRdcCheck::DeviceLaunchWithoutRdcCheck(llvm::StringRef Name,
                                                         tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context),
      RdcFact(Options.getLocalOrGlobal("CudaLint.RelocatableDeviceCode", "") == "true") {}

void DeviceLaunchWithoutRdcCheck::registerMatchers(MatchFinder *Finder) {
  if (!onDeviceSide()) // checkMatch says why
    return;
  Finder->addMatcher(
      cudaKernelCallExpr(forEnclosingFunction(functionDecl().bind("caller"))).bind("launch"), this);
}

/// A `__global__`, or a `__device__` written as such: clang makes lambdas
/// (and constexpr functions) implicitly `__host__ __device__`, and one in a
/// host function that launches a kernel is host code (clang defers, and then
/// never gives, its device-side error there; nvcc accepts it).
static bool explicitlyDevice(const FunctionDecl *FD) {
  if (FD->hasAttr<CUDAGlobalAttr>())
    return true;
  const auto *A = FD->getAttr<CUDADeviceAttr>();
  return A && !A->isImplicit();
}

void DeviceLaunchWithoutRdcCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  // The device compilation decides: on the host side a __host__ __device__
  // function's launch is a host launch.
  if (!isDeviceSide(*Ctx) || RdcFact || Ctx->getLangOpts().GPURelocatableDeviceCode)
    return;
  const auto *Launch = Result.Nodes.getNodeAs<CUDAKernelCallExpr>("launch");
  const auto *Caller = Result.Nodes.getNodeAs<FunctionDecl>("caller");
  if (!Launch || !Caller || !explicitlyDevice(Caller))
    return;
  SourceLocation Loc = userLoc(*SM, Launch->getBeginLoc());
  if (!reportOnce(Loc.getPtrEncoding()))
    return;
  const FunctionDecl *Callee = Launch->getDirectCallee();
  std::string What = Callee ? "kernel '" + nameForDiagnostic(Callee, *Ctx) + "'" : "a kernel";
  report(Loc, "%0 is launched from device code (in %1) without relocatable device code: "
              "compile with -rdc=true (nvcc) or -fgpu-rdc (clang)")
      << What << Caller;
}

CUDA_LINT_DEFINE_CHECK_FACTORY(DeviceLaunchWithoutRdcCheck)

} // namespace cuda_lint
