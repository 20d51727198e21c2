#include "analysis/TypeLayout.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;
namespace json = llvm::json;

namespace cuda_lint {
namespace {

class LayoutWriter {
public:
  LayoutWriter(const ASTContext &Ctx, std::vector<SourceLocation> &Locs)
      : Ctx(Ctx), Locs(Locs) {}

  unsigned loc(SourceLocation L) {
    Locs.push_back(L);
    return Locs.size() - 1;
  }

  void entry(std::string Name, int64_t Bit, int64_t Bits, SourceLocation L) {
    Fields.push_back(json::Object{
        {"name", std::move(Name)}, {"bit", Bit}, {"bits", Bits}, {"loc", loc(L)}});
  }

  /// The entries of the object of type \p T at bit \p Base, names prefixed.
  void members(QualType T, int64_t Base, const std::string &Prefix, unsigned Depth) {
    if (Fields.size() >= MaxLayoutEntries || Depth > 16)
      return;
    T = T.getCanonicalType();
    if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
      if (AT->getZExtSize() > 0)
        members(AT->getElementType(), Base, Prefix + "[0]", Depth + 1);
      return;
    }
    const auto *RD = T->getAsRecordDecl();
    if (!RD || !(RD = RD->getDefinition()) || RD->isInvalidDecl() || RD->isDependentType())
      return;
    const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
    std::string Dot = Prefix.empty() ? "" : Prefix + ".";
    if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
      for (const CXXBaseSpecifier &B : CRD->bases()) {
        const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
        if (!BD || B.isVirtual() || !BD->hasDefinition())
          continue;
        int64_t Off = Base + Ctx.toBits(L.getBaseClassOffset(BD));
        std::string Name = Dot + "base '" + BD->getNameAsString() + "'";
        entry(Name, Off, Ctx.toBits(Ctx.getASTRecordLayout(BD).getSize()), B.getBeginLoc());
        members(B.getType(), Off, Name, Depth + 1);
        if (Fields.size() >= MaxLayoutEntries)
          return;
      }
    for (const FieldDecl *F : RD->fields()) {
      if (Fields.size() >= MaxLayoutEntries)
        return;
      int64_t Off = Base + int64_t(L.getFieldOffset(F->getFieldIndex()));
      std::string Name =
          Dot + (F->getDeclName() ? F->getNameAsString() : std::string("(anonymous)"));
      QualType FT = F->getType();
      int64_t Bits = 0;
      if (F->isBitField())
        Bits = F->getBitWidthValue();
      else if (!FT->isIncompleteType() && !FT->isDependentType())
        Bits = Ctx.getTypeSize(FT);
      entry(Name, Off, Bits, F->getLocation());
      if (!F->isBitField())
        members(FT, Off, Name, Depth + 1);
    }
  }

  json::Array Fields;

private:
  const ASTContext &Ctx;
  std::vector<SourceLocation> &Locs;
};

std::optional<int64_t> integer(const json::Object &O, llvm::StringRef K) {
  return O.getInteger(K);
}

} // namespace

std::optional<json::Value> describeLayout(const ASTContext &Ctx, QualType T,
                                          std::vector<SourceLocation> &Locs) {
  if (T.isNull() || T->isDependentType() || T->isIncompleteType() ||
      T->containsErrors() || !T->isObjectType())
    return std::nullopt;
  QualType C = T.getCanonicalType();
  if (const auto *RD = C->getAsRecordDecl())
    if (RD->isInvalidDecl())
      return std::nullopt;
  LayoutWriter W(Ctx, Locs);
  SourceLocation TypeLoc;
  if (const auto *TD = C->getAsTagDecl())
    TypeLoc = TD->getLocation();
  unsigned TypeLocIndex = W.loc(TypeLoc);
  W.members(C, 0, "", 0);
  TypeInfo TI = Ctx.getTypeInfo(C);
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  return json::Value(json::Object{{"type", T.getUnqualifiedType().getAsString(Policy)},
                                  {"size", int64_t(Ctx.toCharUnitsFromBits(TI.Width).getQuantity())},
                                  {"align", int64_t(Ctx.toCharUnitsFromBits(TI.Align).getQuantity())},
                                  {"loc", TypeLocIndex},
                                  {"fields", std::move(W.Fields)}});
}

std::optional<LayoutDifference> compareLayouts(const json::Value &Host,
                                               const json::Value &Device) {
  const json::Object *H = Host.getAsObject(), *D = Device.getAsObject();
  if (!H || !D)
    return std::nullopt;
  LayoutDifference Diff;
  Diff.HostSize = integer(*H, "size").value_or(0);
  Diff.DeviceSize = integer(*D, "size").value_or(0);
  Diff.HostAlign = integer(*H, "align").value_or(0);
  Diff.DeviceAlign = integer(*D, "align").value_or(0);
  static const json::Array Empty;
  const json::Array *HF = H->getArray("fields"), *DF = D->getArray("fields");
  if (!HF)
    HF = &Empty;
  if (!DF)
    DF = &Empty;
  auto Field = [](const json::Array &A, size_t I) -> const json::Object * {
    return I < A.size() ? A[I].getAsObject() : nullptr;
  };
  auto NameOf = [](const json::Object *O) {
    return O ? O->getString("name").value_or("") : llvm::StringRef();
  };
  auto IndexOf = [&](const json::Array &A, llvm::StringRef Name) -> std::optional<size_t> {
    for (size_t I = 0; I < A.size(); ++I)
      if (NameOf(Field(A, I)) == Name)
        return I;
    return std::nullopt;
  };
  // A record-typed entry whose size differs is reported at the first
  // difference inside it when there is one ("in.pad" rather than "in").
  std::optional<LayoutDifference> Outer;
  auto Found = [&](LayoutDifference D) -> std::optional<LayoutDifference> {
    if (Outer && !llvm::StringRef(D.Field).starts_with(Outer->Field + ".") &&
        !llvm::StringRef(D.Field).starts_with(Outer->Field + "["))
      return Outer;
    return D;
  };
  for (size_t I = 0; I < std::max(HF->size(), DF->size()); ++I) {
    LayoutDifference Here = Diff;
    const json::Object *HO = Field(*HF, I), *DO = Field(*DF, I);
    if (HO && DO && NameOf(HO) == NameOf(DO)) {
      int64_t HB = integer(*HO, "bit").value_or(0), DB = integer(*DO, "bit").value_or(0);
      int64_t HS = integer(*HO, "bits").value_or(0), DS = integer(*DO, "bits").value_or(0);
      if (HB == DB && HS == DS)
        continue;
      Here.HostField = I;
      Here.DeviceField = I;
      Here.Field = NameOf(HO).str();
      Here.HostBit = HB, Here.DeviceBit = DB, Here.HostBits = HS, Here.DeviceBits = DS;
      if (HB == DB && !Outer) { // the size alone: look inside first
        Outer = Here;
        continue;
      }
      return Found(Here);
    }
    // Names differ at I (or one side has ended): an entry only one side has.
    if (DO && !IndexOf(*HF, NameOf(DO))) {
      Here.DeviceField = I;
      Here.Field = NameOf(DO).str();
      Here.DeviceBit = integer(*DO, "bit").value_or(0);
      Here.DeviceBits = integer(*DO, "bits").value_or(0);
      return Found(Here);
    }
    if (HO && !IndexOf(*DF, NameOf(HO))) {
      Here.HostField = I;
      Here.Field = NameOf(HO).str();
      Here.HostBit = integer(*HO, "bit").value_or(0);
      Here.HostBits = integer(*HO, "bits").value_or(0);
      return Found(Here);
    }
    // Both sides have both names, in another order: the host's entry.
    if (HO) {
      std::optional<size_t> J = IndexOf(*DF, NameOf(HO));
      const json::Object *Other = Field(*DF, *J);
      Here.HostField = I;
      Here.DeviceField = *J;
      Here.Field = NameOf(HO).str();
      Here.HostBit = integer(*HO, "bit").value_or(0);
      Here.HostBits = integer(*HO, "bits").value_or(0);
      Here.DeviceBit = integer(*Other, "bit").value_or(0);
      Here.DeviceBits = integer(*Other, "bits").value_or(0);
      return Found(Here);
    }
  }
  if (Outer)
    return Outer;
  if (Diff.HostSize != Diff.DeviceSize || Diff.HostAlign != Diff.DeviceAlign)
    return Diff;
  return std::nullopt;
}

} // namespace cuda_lint
