#include "checks/HostDeviceLayoutMismatchCheck.h"
#include "analysis/CrossSideFilter.h"
#include "analysis/TypeLayout.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;
namespace json = llvm::json;

namespace cuda_lint {

static constexpr llvm::StringLiteral RuleId = "cuda-host-device-layout-mismatch";

void HostDeviceLayoutMismatchCheck::registerMatchers(MatchFinder *Finder) {
  // Every kernel declaration, template instantiations included.
  Finder->addMatcher(functionDecl(hasAttr(attr::CUDAGlobal)).bind("kernel"), this);
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
    std::string Short = nameForDiagnostic(FD, *Ctx);
    for (unsigned I = 0; I < FD->getNumParams(); ++I) {
      const ParmVarDecl *P = FD->getParamDecl(I);
      std::vector<SourceLocation> Locs{P->getLocation()};
      std::optional<json::Value> Layout = describeLayout(*Ctx, P->getType(), Locs);
      if (!Layout)
        continue;
      SideFact F;
      F.RuleId = RuleId.str();
      F.Key = Signature + "#" + std::to_string(I);
      for (SourceLocation L : Locs)
        F.Locations.push_back(factLocation(*SM, L).value_or(FactLocation{}));
      // Where the finding would go (compareHostDeviceLayouts): a NOLINT
      // there or the header filter drops it as it drops per-side findings.
      if (F.Locations.front().File.empty())
        continue;
      auto [Known, New] = SuppressedAt.try_emplace(P->getLocation().getRawEncoding(), false);
      if (New)
        Known->second = crossSideFindingSuppressed(*Ctx, TidyContext->getOptions(), RuleId,
                                                   P->getLocation());
      if (Known->second)
        continue;
      F.Value = json::Object{
          {"kernel", Short},
          {"param", P->getDeclName() ? P->getNameAsString() : "#" + std::to_string(I + 1)},
          {"layout", std::move(*Layout)}};
      recordSideFact(std::move(F));
    }
  }
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

FactLocation locationOf(const SideFact &F, const json::Object *Entry) {
  if (Entry)
    if (std::optional<int64_t> I = Entry->getInteger("loc"))
      if (*I >= 0 && size_t(*I) < F.Locations.size() && !F.Locations[*I].File.empty())
        return F.Locations[*I];
  return F.Locations.empty() ? FactLocation{} : F.Locations.front();
}

const json::Object *fieldAt(const json::Object *Layout, std::optional<size_t> I) {
  if (!Layout || !I)
    return nullptr;
  const json::Array *A = Layout->getArray("fields");
  return A && *I < A->size() ? (*A)[*I].getAsObject() : nullptr;
}

} // namespace

std::optional<CrossSideFinding> compareHostDeviceLayouts(const SideFact &Host,
                                                         const SideFact &Device,
                                                         llvm::StringRef) {
  const json::Object *HV = Host.Value.getAsObject(), *DV = Device.Value.getAsObject();
  if (!HV || !DV || Host.Locations.empty())
    return std::nullopt;
  const json::Value *HL = HV->get("layout"), *DL = DV->get("layout");
  if (!HL || !DL)
    return std::nullopt;
  std::optional<LayoutDifference> Diff = compareLayouts(*HL, *DL);
  if (!Diff)
    return std::nullopt;
  const json::Object *HLO = HL->getAsObject(), *DLO = DL->getAsObject();
  llvm::StringRef Type = HLO->getString("type").value_or("");
  CrossSideFinding F;
  F.Message.Where = Host.Locations.front();
  F.Message.Message = "the layout of " + quoted(Type) + ", type of parameter " +
                      quoted(HV->getString("param").value_or("")) + " of kernel " +
                      quoted(HV->getString("kernel").value_or("")) +
                      ", differs between the host and the device side (host: " +
                      sizeText(Diff->HostSize, Diff->HostAlign) + "; device: " +
                      sizeText(Diff->DeviceSize, Diff->DeviceAlign) +
                      "): the kernel reads the argument in another layout than the host "
                      "wrote it";
  CrossSideMessage Note;
  std::string Field = quoted(Diff->Field);
  if (Diff->HostField && Diff->DeviceField) {
    Note.Where = locationOf(Host, fieldAt(HLO, Diff->HostField));
    if (Diff->HostBit != Diff->DeviceBit)
      Note.Message = "field " + Field + " is at " + offsetText(Diff->HostBit) +
                     " on the host side and at " + offsetText(Diff->DeviceBit) +
                     " on the device side";
    else
      Note.Message = "field " + Field + " at " + offsetText(Diff->HostBit) + " is " +
                     widthText(Diff->HostBits) + " on the host side and " +
                     widthText(Diff->DeviceBits) + " on the device side";
  } else if (Diff->DeviceField) {
    Note.Where = locationOf(Device, fieldAt(DLO, Diff->DeviceField));
    Note.Message = "field " + Field + " (" + offsetText(Diff->DeviceBit) +
                   ") exists on the device side only";
  } else if (Diff->HostField) {
    Note.Where = locationOf(Host, fieldAt(HLO, Diff->HostField));
    Note.Message = "field " + Field + " (" + offsetText(Diff->HostBit) +
                   ") exists on the host side only";
  } else {
    Note.Where = locationOf(Host, HLO);
    Note.Message = quoted(Type) + " has the same fields at the same offsets on both sides, "
                   "but another size or alignment";
  }
  F.Notes.push_back(std::move(Note));
  return F;
}

[[maybe_unused]] static const bool Registered = registerCrossSideComparator(RuleId, compareHostDeviceLayouts);

CUDA_LINT_DEFINE_CHECK_FACTORY(HostDeviceLayoutMismatchCheck)

} // namespace cuda_lint
