#include "checks/HostDeviceLayoutMismatchCheck.h"
#include "families/SharedMatchers.h"
#include "analysis/CrossSideFilter.h"
#include "analysis/TypeLayout.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

using namespace clang;
using namespace clang::ast_matchers;
namespace json = llvm::json;

namespace cuda_lint {

static constexpr llvm::StringLiteral RuleId = "cuda-host-device-layout-mismatch";

void HostDeviceLayoutMismatchCheck::registerMatchers(MatchFinder *Finder) {
  // Every kernel declaration, template instantiations included.
  addKernelDeclMatcher(*this, Finder);
}

void HostDeviceLayoutMismatchCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (!collectingSideFacts()) // clang-tidy, clangd: one side, nothing to compare
    return;
  const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  if (!Kernel || Kernel->isDependentContext() || Kernel->isInvalidDecl())
    return;
  Kernels.insert(Kernel->getCanonicalDecl());
}

void HostDeviceLayoutMismatchCheck::onEndOfTranslationUnit() {
  if (!SM || !Ctx)
    return;
  PrintingPolicy Policy = Ctx->getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  for (const FunctionDecl *Canon : Kernels) {
    const FunctionDecl *FD = Canon->getDefinition();
    if (!FD)
      FD = Canon->getMostRecentDecl();
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    FD->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
    std::string Signature = Name + "(";
    for (const ParmVarDecl *P : FD->parameters())
      Signature += (P == FD->parameters().front() ? "" : ", ") + P->getType().getAsString(Policy);
    Signature += ")";
    // The facts' key: the signature names the kernel identically on every
    // side; its 128-bit hash does too, in 32 characters instead of the
    // hundreds a template specialization's signature takes, per parameter.
    llvm::XXH128_hash_t H = llvm::xxh3_128bits(llvm::arrayRefFromStringRef(Signature));
    std::string KernelKey = llvm::utohexstr(H.high64, /*LowerCase=*/true, /*Width=*/16) +
                            llvm::utohexstr(H.low64, /*LowerCase=*/true, /*Width=*/16);
    std::string Short = nameForDiagnostic(FD, *Ctx);
    for (unsigned I = 0; I < FD->getNumParams(); ++I) {
      const ParmVarDecl *P = FD->getParamDecl(I);
      const DescribedType *Described = describe(P->getType());
      if (!Described)
        continue;
      std::optional<FactLocation> Where = factLocation(*SM, P->getLocation());
      // Where the finding would go (compareHostDeviceLayouts): a NOLINT
      // there or the header filter drops it as it drops per-side findings.
      if (!Where || Where->File.empty())
        continue;
      auto [Known, New] = SuppressedAt.try_emplace(P->getLocation().getRawEncoding(), false);
      if (New)
        Known->second = crossSideFindingSuppressed(*Ctx, TidyContext->getOptions(), RuleId,
                                                   P->getLocation());
      if (Known->second)
        continue;
      SideFact F;
      F.RuleId = RuleId.str();
      F.Key = KernelKey + "#" + std::to_string(I);
      F.Locations = Described->Locations;
      F.Locations.front() = std::move(*Where);
      F.Value = json::Array{Short,
                            P->getDeclName() ? P->getNameAsString() : "#" + std::to_string(I + 1),
                            Described->Layout};
      recordSideFact(std::move(F));
    }
  }
}

const HostDeviceLayoutMismatchCheck::DescribedType *
HostDeviceLayoutMismatchCheck::describe(QualType T) {
  auto [It, New] = Described.try_emplace(T.getTypePtrOrNull());
  if (New) {
    std::vector<SourceLocation> Locs{SourceLocation()}; // the parameter's, per fact
    if (std::optional<TypeLayout> L = describeLayout(*Ctx, T, Locs)) {
      DescribedType D;
      D.Layout = layoutToJSON(*L);
      for (SourceLocation Loc : Locs)
        D.Locations.push_back(factLocation(*SM, Loc).value_or(FactLocation{}));
      It->second = std::move(D);
    }
  }
  return It->second ? &*It->second : nullptr;
}

namespace {

std::string quoted(llvm::StringRef S) { return "'" + S.str() + "'"; }

std::string sizeText(int64_t Size, int64_t Align) {
  return std::to_string(Size) + " bytes, alignment " + std::to_string(Align);
}

/// "byte offset 8" or, for an offset inside a byte (bit-fields), "bit offset 35".
std::string offsetText(int64_t Bit) {
  if (Bit % 8 == 0)
    return "byte offset " + std::to_string(Bit / 8);
  return "bit offset " + std::to_string(Bit);
}

std::string widthText(int64_t Bits) {
  if (Bits % 8 == 0)
    return std::to_string(Bits / 8) + (Bits == 8 ? " byte" : " bytes");
  return std::to_string(Bits) + (Bits == 1 ? " bit" : " bits");
}

FactLocation locationOf(const SideFact &F, unsigned Loc) {
  if (Loc < F.Locations.size() && !F.Locations[Loc].File.empty())
    return F.Locations[Loc];
  return F.Locations.empty() ? FactLocation{} : F.Locations.front();
}

/// The fact's value: [kernel, parameter, layout] (the check's form).
struct LayoutFact {
  llvm::StringRef Kernel, Param;
  TypeLayout Layout;
};
std::optional<LayoutFact> layoutFact(const SideFact &F) {
  const json::Array *A = F.Value.getAsArray();
  if (!A || A->size() != 3)
    return std::nullopt;
  std::optional<llvm::StringRef> Kernel = (*A)[0].getAsString(), Param = (*A)[1].getAsString();
  std::optional<TypeLayout> Layout = layoutFromJSON((*A)[2]);
  if (!Kernel || !Param || !Layout)
    return std::nullopt;
  return LayoutFact{*Kernel, *Param, std::move(*Layout)};
}

} // namespace

std::optional<CrossSideFinding> compareHostDeviceLayouts(const SideFact &Host,
                                                         const SideFact &Device,
                                                         llvm::StringRef) {
  std::optional<LayoutFact> HV = layoutFact(Host), DV = layoutFact(Device);
  if (!HV || !DV || Host.Locations.empty())
    return std::nullopt;
  std::optional<LayoutDifference> Diff = compareLayouts(HV->Layout, DV->Layout);
  if (!Diff)
    return std::nullopt;
  const std::string &Type = HV->Layout.Type;
  CrossSideFinding F;
  F.Message.Where = Host.Locations.front();
  F.Message.Message = "the layout of " + quoted(Type) + ", type of parameter " +
                      quoted(HV->Param) + " of kernel " +
                      quoted(HV->Kernel) +
                      ", differs between the host and the device side (host: " +
                      sizeText(Diff->HostSize, Diff->HostAlign) + "; device: " +
                      sizeText(Diff->DeviceSize, Diff->DeviceAlign) +
                      "): the kernel reads the argument in another layout than the host "
                      "wrote it";
  CrossSideMessage Note;
  std::string Field = quoted(Diff->Field);
  if (Diff->HostField && Diff->DeviceField) {
    Note.Where = locationOf(Host, HV->Layout.Fields[*Diff->HostField].Loc);
    if (Diff->HostBit != Diff->DeviceBit)
      Note.Message = "field " + Field + " is at " + offsetText(Diff->HostBit) +
                     " on the host side and at " + offsetText(Diff->DeviceBit) +
                     " on the device side";
    else
      Note.Message = "field " + Field + " at " + offsetText(Diff->HostBit) + " is " +
                     widthText(Diff->HostBits) + " on the host side and " +
                     widthText(Diff->DeviceBits) + " on the device side";
  } else if (Diff->DeviceField) {
    Note.Where = locationOf(Device, DV->Layout.Fields[*Diff->DeviceField].Loc);
    Note.Message = "field " + Field + " (" + offsetText(Diff->DeviceBit) +
                   ") exists on the device side only";
  } else if (Diff->HostField) {
    Note.Where = locationOf(Host, HV->Layout.Fields[*Diff->HostField].Loc);
    Note.Message = "field " + Field + " (" + offsetText(Diff->HostBit) +
                   ") exists on the host side only";
  } else {
    Note.Where = locationOf(Host, HV->Layout.Loc);
    Note.Message = quoted(Type) + " has the same fields at the same offsets on both sides, "
                   "but another size or alignment";
  }
  F.Notes.push_back(std::move(Note));
  return F;
}

[[maybe_unused]] static const bool Registered = registerCrossSideComparator(RuleId, compareHostDeviceLayouts);

CUDA_LINT_DEFINE_CHECK_FACTORY(HostDeviceLayoutMismatchCheck)

} // namespace cuda_lint
