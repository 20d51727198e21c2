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
    Fields.push_back({std::move(Name), Bit, Bits, loc(L)});
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

  std::vector<LayoutEntry> Fields;

private:
  const ASTContext &Ctx;
  std::vector<SourceLocation> &Locs;
};

} // namespace

std::optional<TypeLayout> describeLayout(const ASTContext &Ctx, QualType T,
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
  TypeLayout L;
  L.Loc = W.loc(TypeLoc);
  W.members(C, 0, "", 0);
  TypeInfo TI = Ctx.getTypeInfo(C);
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  L.Type = T.getUnqualifiedType().getAsString(Policy);
  L.Size = Ctx.toCharUnitsFromBits(TI.Width).getQuantity();
  L.Align = Ctx.toCharUnitsFromBits(TI.Align).getQuantity();
  L.Fields = std::move(W.Fields);
  return L;
}

json::Value layoutToJSON(const TypeLayout &L) {
  json::Array Fields;
  Fields.reserve(L.Fields.size());
  for (const LayoutEntry &E : L.Fields)
    Fields.push_back(json::Array{E.Name, E.Bit, E.Bits, E.Loc});
  return json::Array{L.Type, L.Size, L.Align, L.Loc, std::move(Fields)};
}

std::optional<TypeLayout> layoutFromJSON(const json::Value &V) {
  const json::Array *A = V.getAsArray();
  if (!A || A->size() != 5)
    return std::nullopt;
  TypeLayout L;
  std::optional<llvm::StringRef> Type = (*A)[0].getAsString();
  std::optional<int64_t> Size = (*A)[1].getAsInteger(), Align = (*A)[2].getAsInteger(),
                         Loc = (*A)[3].getAsUINT64();
  const json::Array *Fields = (*A)[4].getAsArray();
  if (!Type || !Size || !Align || !Loc || !Fields)
    return std::nullopt;
  L.Type = Type->str();
  L.Size = *Size, L.Align = *Align, L.Loc = unsigned(*Loc);
  for (const json::Value &F : *Fields) {
    const json::Array *E = F.getAsArray();
    if (!E || E->size() != 4)
      return std::nullopt;
    std::optional<llvm::StringRef> Name = (*E)[0].getAsString();
    std::optional<int64_t> Bit = (*E)[1].getAsInteger(), Bits = (*E)[2].getAsInteger(),
                           ELoc = (*E)[3].getAsUINT64();
    if (!Name || !Bit || !Bits || !ELoc)
      return std::nullopt;
    L.Fields.push_back({Name->str(), *Bit, *Bits, unsigned(*ELoc)});
  }
  return L;
}

std::optional<LayoutDifference> compareLayouts(const TypeLayout &H, const TypeLayout &D) {
  LayoutDifference Diff;
  Diff.HostSize = H.Size;
  Diff.DeviceSize = D.Size;
  Diff.HostAlign = H.Align;
  Diff.DeviceAlign = D.Align;
  const std::vector<LayoutEntry> &HF = H.Fields, &DF = D.Fields;
  auto Field = [](const std::vector<LayoutEntry> &A, size_t I) -> const LayoutEntry * {
    return I < A.size() ? &A[I] : nullptr;
  };
  auto IndexOf = [](const std::vector<LayoutEntry> &A,
                    llvm::StringRef Name) -> std::optional<size_t> {
    for (size_t I = 0; I < A.size(); ++I)
      if (A[I].Name == Name)
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
  for (size_t I = 0; I < std::max(HF.size(), DF.size()); ++I) {
    LayoutDifference Here = Diff;
    const LayoutEntry *HO = Field(HF, I), *DO = Field(DF, I);
    if (HO && DO && HO->Name == DO->Name) {
      if (HO->Bit == DO->Bit && HO->Bits == DO->Bits)
        continue;
      Here.HostField = I;
      Here.DeviceField = I;
      Here.Field = HO->Name;
      Here.HostBit = HO->Bit, Here.DeviceBit = DO->Bit;
      Here.HostBits = HO->Bits, Here.DeviceBits = DO->Bits;
      if (HO->Bit == DO->Bit && !Outer) { // the size alone: look inside first
        Outer = Here;
        continue;
      }
      return Found(Here);
    }
    // Names differ at I (or one side has ended): an entry only one side has.
    if (DO && !IndexOf(HF, DO->Name)) {
      Here.DeviceField = I;
      Here.Field = DO->Name;
      Here.DeviceBit = DO->Bit;
      Here.DeviceBits = DO->Bits;
      return Found(Here);
    }
    if (HO && !IndexOf(DF, HO->Name)) {
      Here.HostField = I;
      Here.Field = HO->Name;
      Here.HostBit = HO->Bit;
      Here.HostBits = HO->Bits;
      return Found(Here);
    }
    // Both sides have both names, in another order: the host's entry.
    if (HO) {
      size_t J = *IndexOf(DF, HO->Name);
      Here.HostField = I;
      Here.DeviceField = J;
      Here.Field = HO->Name;
      Here.HostBit = HO->Bit;
      Here.HostBits = HO->Bits;
      Here.DeviceBit = DF[J].Bit;
      Here.DeviceBits = DF[J].Bits;
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
