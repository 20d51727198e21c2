#include "checks/KernelAttributesCheck.h"
#include "Attributes.h"
#include "analysis/ArchLimits.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {
std::string num(uint64_t V) { return std::to_string(V); }

bool valueDependent(const CUDALaunchBoundsAttr *A) {
  for (const Expr *E : {A->getMaxThreads(), A->getMinBlocks(), A->getMaxBlocks()})
    if (E && E->isValueDependent())
      return true;
  return false;
}
} // namespace

KernelAttributesCheck::KernelAttributesCheck(llvm::StringRef Name,
                                             tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context) {
  if (Name == "cuda-launch-bounds-invalid")
    Which = Rule::LaunchBoundsInvalid;
  else if (Name == "cuda-cluster-dims-arch")
    Which = Rule::ClusterDimsArch;
  else
    Which = Rule::ClusterDimsOnTile;
}

void KernelAttributesCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionDecl().bind("fn"), this);
  if (Which == Rule::ClusterDimsArch)
    Finder->addMatcher(
        callExpr(callee(functionDecl(hasAnyName("cudaLaunchKernelEx", "cudaLaunchKernelExC",
                                                 "cudaLaunchKernelExC_ptsz"))))
            .bind("launch"),
        this);
}

void KernelAttributesCheck::checkLaunchBounds(const FunctionDecl *FD, ASTContext &Ctx) {
  // Declarations disagreeing: compare each written attribute with the first.
  const CUDALaunchBoundsAttr *First = nullptr;
  CudaLaunchBounds FirstVals;
  for (const FunctionDecl *R : FD->getFirstDecl()->redecls()) {
    const auto *A = R->getAttr<CUDALaunchBoundsAttr>();
    if (!A || A->isInherited() || valueDependent(A))
      continue;
    CudaLaunchBounds V;
    V.Attr = A;
    Expr::EvalResult Res;
    auto Ev = [&](const Expr *E) -> std::optional<uint64_t> {
      if (E && E->EvaluateAsInt(Res, Ctx))
        return Res.Val.getInt().getZExtValue();
      return std::nullopt;
    };
    V.MaxThreadsPerBlock = Ev(A->getMaxThreads());
    V.MinBlocksPerSM = Ev(A->getMinBlocks());
    V.MaxBlocksPerCluster = Ev(A->getMaxBlocks());
    if (!First) {
      First = A;
      FirstVals = V;
      continue;
    }
    if (V.MaxThreadsPerBlock != FirstVals.MaxThreadsPerBlock ||
        V.MinBlocksPerSM != FirstVals.MinBlocksPerSM ||
        V.MaxBlocksPerCluster != FirstVals.MaxBlocksPerCluster) {
      report(A->getLocation(), "declarations of kernel '%0' disagree on "
                               "__launch_bounds__; which one applies depends on "
                               "the compiler")
          << FD->getName();
      note(First->getLocation(), "first __launch_bounds__ is given here");
      return;
    }
  }

  CudaLaunchBounds LB = getLaunchBounds(FD, Ctx);
  if (!LB.Attr || valueDependent(LB.Attr))
    return;
  SourceLocation Loc = LB.Attr->getLocation();
  if (auto T = LB.MaxThreadsPerBlock) {
    if (*T > launch_limits::MaxThreadsPerBlock) {
      report(Loc, "__launch_bounds__ of kernel '%0' gives %1 threads per block, "
                  "above the limit of 1024; no launch can use them")
          << FD->getName() << num(*T);
      return;
    }
    if (*T % launch_limits::WarpSize != 0) {
      report(Loc, "__launch_bounds__ of kernel '%0' gives %1 threads per block, "
                  "not a multiple of the warp size 32")
          << FD->getName() << num(*T);
      return;
    }
  }
  auto Arch = deviceArch(Ctx);
  if (!Arch)
    return;
  if (LB.MaxBlocksPerCluster && *Arch < launch_limits::FirstClusterArch) {
    report(Loc, "the third __launch_bounds__ argument (maxBlocksPerCluster) of "
                "kernel '%0' needs sm_90 or newer; compiled for sm_%1 it is "
                "ignored")
        << FD->getName() << num(*Arch);
    return;
  }
  if (LB.MaxThreadsPerBlock && LB.MinBlocksPerSM)
    if (auto Lim = archLimits(*Arch)) {
      uint64_t Threads = *LB.MaxThreadsPerBlock * *LB.MinBlocksPerSM;
      if (Threads > Lim->MaxResidentThreadsPerSM)
        report(Loc, "__launch_bounds__ of kernel '%0' asks for %1 blocks of %2 "
                    "threads per multiprocessor (%3 threads), more than the %4 "
                    "resident threads of sm_%5")
            << FD->getName() << num(*LB.MinBlocksPerSM) << num(*LB.MaxThreadsPerBlock)
            << num(Threads) << num(Lim->MaxResidentThreadsPerSM) << num(*Arch);
    }
}

void KernelAttributesCheck::check(const MatchFinder::MatchResult &Result) {
  SM = Result.SourceManager;
  ASTContext &Ctx = *Result.Context;
  if (const auto *CE = Result.Nodes.getNodeAs<CallExpr>("launch")) {
    auto Arch = deviceArch(Ctx);
    if (!Arch || *Arch >= launch_limits::FirstClusterArch ||
        SM->isInSystemHeader(SM->getExpansionLoc(CE->getBeginLoc())))
      return;
    if (!Eval)
      Eval = std::make_unique<LaunchSiteEvaluator>(Ctx);
    auto L = Eval->evaluate(CE);
    if (L && L->ClusterAttr == ClusterAttrState::Present)
      report(CE->getBeginLoc(), "launch with a cluster dimension attribute "
                                "compiled for sm_%0; thread block clusters need "
                                "sm_90 or newer")
          << num(*Arch);
    return;
  }
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD || SM->isInSystemHeader(SM->getExpansionLoc(FD->getLocation())))
    return;
  // One report per declaration set, at the most recent declaration; template
  // instantiations only where the template's own attribute depends on them.
  if (FD != FD->getMostRecentDecl())
    return;
  if (FD->isTemplateInstantiation()) {
    const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
    const auto *PA = Pattern ? Pattern->getAttr<CUDALaunchBoundsAttr>() : nullptr;
    if (Which != Rule::LaunchBoundsInvalid || !PA || !valueDependent(PA))
      return;
  }
  switch (Which) {
  case Rule::LaunchBoundsInvalid:
    if (isKernel(FD))
      checkLaunchBounds(FD, Ctx);
    return;
  case Rule::ClusterDimsArch: {
    auto Arch = deviceArch(Ctx);
    if (!Arch || *Arch >= launch_limits::FirstClusterArch)
      return;
    CudaClusterDims CD = getClusterDims(FD, Ctx);
    if (CD.K == CudaClusterDims::None)
      return;
    report(CD.Loc, "__cluster_dims__ on kernel '%0' compiled for sm_%1; thread "
                   "block clusters need sm_90 or newer")
        << FD->getName() << num(*Arch);
    return;
  }
  case Rule::ClusterDimsOnTile: {
    if (!isTileKernel(FD))
      return;
    CudaClusterDims CD = getClusterDims(FD, Ctx);
    if (CD.K == CudaClusterDims::None)
      return;
    report(CD.Loc, "__cluster_dims__ on __tile_global__ kernel '%0'; tile "
                   "kernels do not take cluster dimensions")
        << FD->getName();
    return;
  }
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(KernelAttributesCheck)

} // namespace cuda_lint
