#include "checks/LaunchDynamicSharedLimitCheck.h"
#include "Attributes.h"
#include "analysis/ArchLimits.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void LaunchDynamicSharedLimitCheck::checkLaunch(const LaunchSite &L) {
  // Reported from device sides, where the architecture is known (the host
  // code is parsed there too); the 48 KiB message is the same on every side.
  if (!L.DynamicSharedBytes || !isDeviceSide(*Ctx))
    return;
  const uint64_t Bytes = *L.DynamicSharedBytes;
  SourceLocation Loc = locOf(L.SharedExpr, L);
  // Above what the architecture of this device side can ever give.
  if (auto Arch = deviceArch(*Ctx))
    if (auto Lim = archLimits(*Arch)) {
      if (Bytes > Lim->MaxSharedBytesPerBlockOptIn) {
        report(Loc, "launch of '%0' requests %1 bytes of dynamic shared memory, "
                    "above the %2-byte maximum of sm_%3 even with "
                    "cudaFuncAttributeMaxDynamicSharedMemorySize")
            << kernelName(L) << num(Bytes) << num(Lim->MaxSharedBytesPerBlockOptIn)
            << num(*Arch);
        return;
      }
      const FunctionDecl *K = L.Kernel && L.Kernel->getDefinition()
                                  ? L.Kernel->getDefinition()
                                  : L.Kernel;
      uint64_t Static = K ? staticSharedBytes(K, *Ctx) : 0;
      if (Static && llvm::SaturatingAdd(Static, Bytes) > Lim->MaxSharedBytesPerBlockOptIn) {
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
  int64_t MaxDyn = cudaEnumValue(*Ctx, "cudaFuncAttributeMaxDynamicSharedMemorySize", 8);
  const FuncAttributeSetting *Known = nullptr;
  uint64_t KnownMax = 0;
  for (const FuncAttributeSetting &S : settings()) {
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

CUDA_LINT_DEFINE_CHECK_FACTORY(LaunchDynamicSharedLimitCheck)

} // namespace cuda_lint
