#include "checks/LaunchConfigCheck.h"
#include "Attributes.h"
#include "analysis/ArchLimits.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {
std::string num(uint64_t V) { return std::to_string(V); }

const char *const DimNames[] = {"x", "y", "z"};

/// Where to point at a part of a launch: the expression if it is written in
/// the source, else the launch.
SourceLocation locOf(const Expr *E, const LaunchSite &L) {
  if (E && E->getBeginLoc().isValid())
    return E->getBeginLoc();
  return L.Call->getBeginLoc();
}

std::string kernelName(const LaunchSite &L) {
  return L.Kernel ? L.Kernel->getNameAsString() : std::string("<unknown>");
}
} // namespace

LaunchConfigCheck::LaunchConfigCheck(llvm::StringRef Name,
                                     tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context) {
  if (Name == "cuda-launch-exceeds-launch-bounds")
    Which = Rule::ExceedsLaunchBounds;
  else if (Name == "cuda-launch-config-limits")
    Which = Rule::ConfigLimits;
  else if (Name == "cuda-launch-dynamic-shared-limit")
    Which = Rule::DynamicSharedLimit;
  else if (Name == "cuda-cluster-dims-missing-at-launch")
    Which = Rule::ClusterMissingAtLaunch;
  else if (Name == "cuda-cluster-grid-divisibility")
    Which = Rule::ClusterGridDivisibility;
  else
    Which = Rule::ClusterSize;
}


void LaunchConfigCheck::registerMatchers(MatchFinder *Finder) {
  // Two node-kind-specific matchers (a CUDAKernelCallExpr, a CallExpr to a
  // launch function) rather than expr(anyOf(...)) under traverse(): the
  // match finder then tries them only on call expressions, not on every
  // expression of the translation unit.
  Finder->addMatcher(cudaKernelCallExpr().bind("launch"), this);
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(
                   "cudaLaunchKernel", "cudaLaunchKernel_ptsz", "cudaLaunchCooperativeKernel",
                   "cudaLaunchCooperativeKernel_ptsz", "cudaLaunchKernelEx",
                   "cudaLaunchKernelExC", "cudaLaunchKernelExC_ptsz"))))
          .bind("launch"),
      this);
  if (Which == Rule::ClusterSize)
    Finder->addMatcher(functionDecl(hasAttr(attr::CUDAGlobal)).bind("kernel"), this);
}

const std::vector<FuncAttributeSetting> &
LaunchConfigCheck::settings(ASTContext &Ctx) {
  return LaunchSiteCache::forAST(Ctx).funcAttributeSettings();
}

void LaunchConfigCheck::check(const MatchFinder::MatchResult &Result) {
  SM = Result.SourceManager;
  ASTContext &Ctx = *Result.Context;

  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("kernel")) {
    // cuda-cluster-size on the declaration: __cluster_dims__ against the
    // third argument of __launch_bounds__, and above 8 blocks.
    if (FD != FD->getMostRecentDecl() ||
        SM->isInSystemHeader(SM->getExpansionLoc(FD->getLocation())))
      return;
    CudaClusterDims CD = getClusterDims(FD, Ctx);
    if (CD.K != CudaClusterDims::Fixed)
      return;
    auto Blocks = CD.blocks();
    if (!Blocks)
      return;
    CudaLaunchBounds LB = getLaunchBounds(FD, Ctx);
    if (LB.MaxBlocksPerCluster && *LB.MaxBlocksPerCluster > 0 &&
        *Blocks > *LB.MaxBlocksPerCluster) {
      report(CD.Loc, "cluster of %0 blocks of kernel '%1' exceeds the "
                     "maxBlocksPerCluster of %2 given by its __launch_bounds__")
          << num(*Blocks) << FD->getName() << num(*LB.MaxBlocksPerCluster);
      note(LB.Attr->getLocation(), "__launch_bounds__ is given here");
      return;
    }
    if (LB.MaxBlocksPerCluster) {
      // nvcc 13.0's ptxas: "Conflicting directives: .reqnctapercluster and
      // .maxclusterrank cannot both be specified".
      report(CD.Loc, "kernel '%0' has both __cluster_dims__ and a "
                     "maxBlocksPerCluster in __launch_bounds__; nvcc 13.0 "
                     "rejects the combination")
          << FD->getName();
      note(LB.Attr->getLocation(), "__launch_bounds__ is given here");
      return;
    }
    if (*Blocks > launch_limits::MaxPortableClusterBlocks) {
      bool NonPortable = false;
      int64_t NP = cudaEnumValue(Ctx, "cudaFuncAttributeNonPortableClusterSizeAllowed", 14);
      for (const FuncAttributeSetting &S : settings(Ctx))
        if (S.mayConcern(FD) && (!S.Attribute || *S.Attribute == NP))
          NonPortable = true;
      if (*Blocks > launch_limits::MaxNonPortableClusterBlocks)
        report(CD.Loc,
               "cluster of %0 blocks of kernel '%1' exceeds %2, the largest cluster "
               "any GPU supports; the launch fails",
               Severity::Warning)
            << num(*Blocks) << FD->getName()
            << num(launch_limits::MaxNonPortableClusterBlocks);
      else if (!NonPortable)
        report(CD.Loc,
               "cluster of %0 blocks of kernel '%1' exceeds the portable maximum of "
               "8 and no cudaFuncSetAttribute(..., "
               "cudaFuncAttributeNonPortableClusterSizeAllowed, 1) allows it",
               Severity::Warning)
            << num(*Blocks) << FD->getName();
    }
    return;
  }

  const auto *E = Result.Nodes.getNodeAs<Expr>("launch");
  if (!E || SM->isInSystemHeader(SM->getExpansionLoc(E->getBeginLoc())))
    return;
  const std::optional<LaunchSite> &L = LaunchSiteCache::forAST(Ctx).evaluate(E);
  if (!L)
    return;
  switch (Which) {
  case Rule::ExceedsLaunchBounds:
    return checkExceedsLaunchBounds(*L, Ctx);
  case Rule::ConfigLimits:
    return checkConfigLimits(*L);
  case Rule::DynamicSharedLimit:
    return checkDynamicShared(*L, Ctx);
  case Rule::ClusterMissingAtLaunch:
    return checkClusterMissing(*L, Ctx);
  case Rule::ClusterGridDivisibility:
    return checkClusterDivisibility(*L, Ctx);
  case Rule::ClusterSize:
    return checkClusterSize(*L, Ctx);
  }
}

void LaunchConfigCheck::checkExceedsLaunchBounds(const LaunchSite &L, ASTContext &Ctx) {
  if (!L.Kernel)
    return;
  CudaLaunchBounds LB = getLaunchBounds(L.Kernel, Ctx);
  auto Threads = L.threadsPerBlock();
  if (!LB.MaxThreadsPerBlock || !Threads || *Threads <= *LB.MaxThreadsPerBlock)
    return;
  report(locOf(L.BlockExpr, L),
         "kernel '%0' is launched with %1 threads per block, more than the "
         "%2 of its __launch_bounds__; the launch fails")
      << kernelName(L) << num(*Threads) << num(*LB.MaxThreadsPerBlock);
  note(LB.Attr->getLocation(), "__launch_bounds__ is given here");
}

void LaunchConfigCheck::checkConfigLimits(const LaunchSite &L) {
  using namespace launch_limits;
  const uint64_t BlockMax[] = {MaxBlockDimXY, MaxBlockDimXY, MaxBlockDimZ};
  const uint64_t GridMax[] = {MaxGridDimX, MaxGridDimYZ, MaxGridDimYZ};
  for (unsigned I = 0; I < 3; ++I)
    if (auto V = L.Block.get(I); V && *V > BlockMax[I]) {
      report(locOf(L.BlockExpr, L),
             "block dimension %0 of %1 threads exceeds the limit of %2; the "
             "launch of '%3' fails")
          << DimNames[I] << num(*V) << num(BlockMax[I]) << kernelName(L);
      return;
    }
  if (auto T = L.threadsPerBlock(); T && *T > MaxThreadsPerBlock) {
    report(locOf(L.BlockExpr, L),
           "block of %0 threads (%1 x %2 x %3) exceeds the limit of %4 threads "
           "per block; the launch of '%5' fails")
        << num(*T) << num(*L.Block.X) << num(*L.Block.Y) << num(*L.Block.Z)
        << num(MaxThreadsPerBlock) << kernelName(L);
    return;
  }
  for (unsigned I = 0; I < 3; ++I)
    if (auto V = L.Grid.get(I); V && *V > GridMax[I]) {
      report(locOf(L.GridExpr, L),
             "grid dimension %0 of %1 blocks exceeds the limit of %2; the launch "
             "of '%3' fails")
          << DimNames[I] << num(*V) << num(GridMax[I]) << kernelName(L);
      return;
    }
}

void LaunchConfigCheck::checkDynamicShared(const LaunchSite &L, ASTContext &Ctx) {
  // Reported from device sides, where the architecture is known (the host
  // code is parsed there too); the 48 KiB message is the same on every side.
  if (!L.DynamicSharedBytes || !isDeviceSide(Ctx))
    return;
  const uint64_t Bytes = *L.DynamicSharedBytes;
  SourceLocation Loc = locOf(L.SharedExpr, L);
  // Above what the architecture of this device side can ever give.
  if (auto Arch = deviceArch(Ctx))
    if (auto Lim = archLimits(*Arch)) {
      if (Bytes > Lim->MaxSharedBytesPerBlockOptIn) {
        report(Loc, "launch of '%0' requests %1 bytes of dynamic shared memory, "
                    "above the %2-byte maximum of sm_%3 even with "
                    "cudaFuncAttributeMaxDynamicSharedMemorySize")
            << kernelName(L) << num(Bytes) << num(Lim->MaxSharedBytesPerBlockOptIn)
            << num(*Arch);
        return;
      }
      uint64_t Static = L.Kernel ? staticSharedBytes(L.Kernel->getDefinition()
                                                         ? L.Kernel->getDefinition()
                                                         : L.Kernel,
                                                     Ctx)
                                 : 0;
      if (Static && Static + Bytes > Lim->MaxSharedBytesPerBlockOptIn) {
        report(Loc, "kernel '%0' has %1 bytes of static shared memory; with the "
                    "%2 bytes of dynamic shared memory of this launch it exceeds "
                    "the %3-byte maximum of sm_%4")
            << kernelName(L) << num(Static) << num(Bytes)
            << num(Lim->MaxSharedBytesPerBlockOptIn) << num(*Arch);
        return;
      }
    }
  if (Bytes <= launch_limits::DefaultMaxDynamicSharedBytes)
    return;
  // Above 48 KiB: needs cudaFuncSetAttribute(kernel,
  // cudaFuncAttributeMaxDynamicSharedMemorySize, >= Bytes) before, on the path.
  int64_t MaxDyn = cudaEnumValue(Ctx, "cudaFuncAttributeMaxDynamicSharedMemorySize", 8);
  const FuncAttributeSetting *Known = nullptr;
  uint64_t KnownMax = 0;
  for (const FuncAttributeSetting &S : settings(Ctx)) {
    if (!S.mayConcern(L.Kernel) || (S.Attribute && *S.Attribute != MaxDyn))
      continue;
    // In the launching function, only a setting before the launch counts.
    if (S.Caller == L.Caller && L.Caller &&
        !SM->isBeforeInTranslationUnit(S.Call->getBeginLoc(), L.Call->getBeginLoc()))
      continue;
    if (!S.Value || !S.Attribute || !S.Kernel)
      return; // a setting whose value or target is not known: trust it
    if (!Known || *S.Value > KnownMax) {
      Known = &S;
      KnownMax = *S.Value;
    }
  }
  if (Known) {
    if (Bytes > KnownMax) {
      report(Loc, "launch of '%0' requests %1 bytes of dynamic shared memory, "
                  "more than the %2 bytes cudaFuncSetAttribute allows it")
          << kernelName(L) << num(Bytes) << num(KnownMax);
      note(Known->Call->getBeginLoc(), "maximum dynamic shared memory set here");
    }
    return;
  }
  report(Loc, "launch of '%0' requests %1 bytes of dynamic shared memory, above "
              "the 48 KiB default, with no earlier cudaFuncSetAttribute(..., "
              "cudaFuncAttributeMaxDynamicSharedMemorySize, ...) for it")
      << kernelName(L) << num(Bytes);
}

void LaunchConfigCheck::checkClusterMissing(const LaunchSite &L, ASTContext &Ctx) {
  if (!L.Kernel)
    return;
  CudaClusterDims CD = getClusterDims(L.Kernel, Ctx);
  if (CD.K != CudaClusterDims::AtLaunch)
    return;
  if (L.ClusterAttr == ClusterAttrState::Present ||
      L.ClusterAttr == ClusterAttrState::Unknown)
    return;
  // A required cluster size set on the function at run time also gives it.
  int64_t Width = cudaEnumValue(Ctx, "cudaFuncAttributeRequiredClusterWidth", 11);
  for (const FuncAttributeSetting &S : settings(Ctx))
    if (S.mayConcern(L.Kernel) &&
        (!S.Attribute || (*S.Attribute >= Width && *S.Attribute <= Width + 2)))
      return;
  if (L.Kind == LaunchKind::LaunchKernelEx)
    report(L.Call->getBeginLoc(),
           "kernel '%0' is declared __cluster_dims__() and takes its cluster "
           "dimensions at launch, but this cudaLaunchKernelEx sets no "
           "cudaLaunchAttributeClusterDimension; the launch fails")
        << kernelName(L);
  else
    report(L.Call->getBeginLoc(),
           "kernel '%0' is declared __cluster_dims__() and takes its cluster "
           "dimensions at launch, which this launch cannot give; launch it with "
           "cudaLaunchKernelEx and cudaLaunchAttributeClusterDimension")
        << kernelName(L);
  note(CD.Loc, "__cluster_dims__() is given here");
}

void LaunchConfigCheck::checkClusterDivisibility(const LaunchSite &L, ASTContext &Ctx) {
  Dim3Value Cluster;
  SourceLocation ClusterLoc;
  if (L.ClusterAttr == ClusterAttrState::Present) {
    Cluster = L.ClusterDim;
  } else if (L.Kernel) {
    CudaClusterDims CD = getClusterDims(L.Kernel, Ctx);
    if (CD.K != CudaClusterDims::Fixed)
      return;
    Cluster = {CD.X, CD.Y, CD.Z};
    ClusterLoc = CD.Loc;
  } else {
    return;
  }
  for (unsigned I = 0; I < 3; ++I) {
    auto G = L.Grid.get(I), C = Cluster.get(I);
    if (!G || !C || *C == 0 || *G % *C == 0)
      continue;
    report(locOf(L.GridExpr, L),
           "grid dimension %0 of %1 blocks is not a multiple of the cluster "
           "dimension %2 of kernel '%3'; the launch fails")
        << DimNames[I] << num(*G) << num(*C) << kernelName(L);
    if (ClusterLoc.isValid())
      note(ClusterLoc, "cluster dimensions are given here");
    return;
  }
}

void LaunchConfigCheck::checkClusterSize(const LaunchSite &L, ASTContext &Ctx) {
  if (L.ClusterAttr != ClusterAttrState::Present)
    return;
  auto Blocks = L.ClusterDim.product();
  if (!Blocks)
    return;
  if (L.Kernel) {
    CudaLaunchBounds LB = getLaunchBounds(L.Kernel, Ctx);
    if (LB.MaxBlocksPerCluster && *LB.MaxBlocksPerCluster > 0 &&
        *Blocks > *LB.MaxBlocksPerCluster) {
      report(L.Call->getBeginLoc(),
             "cluster of %0 blocks at this launch of '%1' exceeds the "
             "maxBlocksPerCluster of %2 given by its __launch_bounds__")
          << num(*Blocks) << kernelName(L) << num(*LB.MaxBlocksPerCluster);
      note(LB.Attr->getLocation(), "__launch_bounds__ is given here");
      return;
    }
  }
  if (*Blocks <= launch_limits::MaxPortableClusterBlocks)
    return;
  int64_t NP = cudaEnumValue(Ctx, "cudaFuncAttributeNonPortableClusterSizeAllowed", 14);
  for (const FuncAttributeSetting &S : settings(Ctx))
    if (S.mayConcern(L.Kernel) && (!S.Attribute || *S.Attribute == NP))
      return;
  report(L.Call->getBeginLoc(),
       "cluster of %0 blocks at this launch of '%1' exceeds the portable maximum "
       "of 8 and no cudaFuncSetAttribute(..., "
       "cudaFuncAttributeNonPortableClusterSizeAllowed, 1) allows it",
             Severity::Warning)
      << num(*Blocks) << kernelName(L);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(LaunchConfigCheck)

} // namespace cuda_lint
