#include "checks/LaunchBoundsInvalidCheck.h"
#include "llvm/Support/YAMLTraits.h"
#include "Attributes.h"
#include "analysis/ArchLimits.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {
bool valueDependent(const CUDALaunchBoundsAttr *A) {
  for (const Expr *E : {A->getMaxThreads(), A->getMinBlocks(), A->getMaxBlocks()})
    if (E && E->isValueDependent())
      return true;
  return false;
}
} // namespace

LaunchBoundsInvalidCheck::LaunchBoundsInvalidCheck(llvm::StringRef Name,
                                                   tidy::ClangTidyContext *Context)
    : KernelDeclCheckBase(Name, Context),
      // Read as text: the libclangTidy of Debian's LLVM 22 lacks the bool
      // specialization of OptionsView::get. clang-tidy's own spellings.
      RequireWarpMultiple(
          llvm::yaml::parseBool(Options.get("RequireWarpMultiple", "false")).value_or(false)) {}

void LaunchBoundsInvalidCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "RequireWarpMultiple", RequireWarpMultiple ? "true" : "false");
}

bool LaunchBoundsInvalidCheck::wantsInstantiation(const FunctionDecl *FD) {
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  const auto *PA = Pattern ? Pattern->getAttr<CUDALaunchBoundsAttr>() : nullptr;
  return PA && valueDependent(PA);
}

void LaunchBoundsInvalidCheck::checkFunction(const FunctionDecl *FD) {
  if (!isKernel(FD))
    return;
  // Declarations disagreeing: compare each written attribute with the first.
  const CUDALaunchBoundsAttr *First = nullptr;
  CudaLaunchBounds FirstVals;
  for (const FunctionDecl *R : FD->getFirstDecl()->redecls()) {
    const auto *A = R->getAttr<CUDALaunchBoundsAttr>();
    if (!A || A->isInherited() || valueDependent(A))
      continue;
    CudaLaunchBounds V;
    V.Attr = A;
    // Folded once per translation unit (a constexpr call in the bounds of a
    // kernel template costs about a million instructions per evaluation).
    auto Ev = [&](const Expr *E) -> std::optional<uint64_t> {
      if (std::optional<llvm::APSInt> V = launchBoundsArgValue(E, *Ctx))
        return V->getZExtValue();
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

  CudaLaunchBounds LB = getLaunchBounds(FD, *Ctx);
  if (!LB.Attr || valueDependent(LB.Attr))
    return;
  SourceLocation Loc = LB.Attr->getLocation();
  if (auto T = LB.MaxThreadsPerBlock) {
    if (*T > launch_limits::MaxThreadsPerBlock) {
      report(Loc, "__launch_bounds__ of kernel '%0' gives %1 threads per block, "
                  "above the limit of 1024; no launch can use them")
          << FD->getName() << std::to_string(*T);
      return;
    }
    // Off by default: a kernel launched with exactly one thread per element
    // of a 40-, 72- or 112-wide row is correct code (ggml's flash attention).
    if (RequireWarpMultiple && *T % launch_limits::WarpSize != 0) {
      report(Loc, "__launch_bounds__ of kernel '%0' gives %1 threads per block, "
                  "not a multiple of the warp size 32")
          << FD->getName() << std::to_string(*T);
      return;
    }
  }
  auto Arch = deviceArch(*Ctx);
  if (!Arch)
    return;
  if (LB.MaxBlocksPerCluster && *Arch < launch_limits::FirstClusterArch) {
    report(Loc, "the third __launch_bounds__ argument (maxBlocksPerCluster) of "
                "kernel '%0' needs sm_90 or newer; compiled for sm_%1 it is "
                "ignored")
        << FD->getName() << std::to_string(*Arch);
    return;
  }
  if (LB.MaxThreadsPerBlock && LB.MinBlocksPerSM)
    if (auto Lim = archLimits(*Arch)) {
      uint64_t Threads = *LB.MaxThreadsPerBlock * *LB.MinBlocksPerSM;
      if (Threads > Lim->MaxResidentThreadsPerSM)
        report(Loc, "__launch_bounds__ of kernel '%0' asks for %1 blocks of %2 "
                    "threads per multiprocessor (%3 threads), more than the %4 "
                    "resident threads of sm_%5")
            << FD->getName() << std::to_string(*LB.MinBlocksPerSM)
            << std::to_string(*LB.MaxThreadsPerBlock) << std::to_string(Threads)
            << std::to_string(Lim->MaxResidentThreadsPerSM) << std::to_string(*Arch);
    }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(LaunchBoundsInvalidCheck)

} // namespace cuda_lint
