#include "analysis/PointerOffset.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/FoldingSet.h"
#include <numeric>

using namespace clang;

namespace cuda_lint {

namespace {

constexpr int64_t Limit = int64_t(1) << 40;

ByteResidue normalize(int64_t R, uint64_t Mod) {
  if (Mod >= uint64_t(Limit) || R >= Limit || R <= -Limit)
    return ByteResidue::unknown();
  if (Mod == 1)
    return ByteResidue::unknown();
  if (Mod != 0) {
    int64_t M = int64_t(Mod);
    R %= M;
    if (R < 0)
      R += M;
  }
  return {R, Mod};
}

uint64_t absU(int64_t V) { return V < 0 ? uint64_t(-V) : uint64_t(V); }

} // namespace

bool ByteResidue::certainlyNotMultipleOf(uint64_t A) const {
  if (A <= 1)
    return false;
  // The value is R modulo G = gcd(Mod, A) whatever t is: when R is not 0
  // modulo G, no value is a multiple of A.
  int64_t G = int64_t(Mod == 0 ? A : std::gcd(Mod, A));
  if (G <= 1)
    return false;
  return ((R % G) + G) % G != 0;
}

ByteResidue ByteResidue::operator+(const ByteResidue &O) const {
  return normalize(R + O.R, std::gcd(Mod, O.Mod));
}

ByteResidue ByteResidue::operator-(const ByteResidue &O) const {
  return normalize(R - O.R, std::gcd(Mod, O.Mod));
}

ByteResidue ByteResidue::operator*(const ByteResidue &O) const {
  if (absU(R) >= uint64_t(Limit >> 20) && absU(O.R) >= uint64_t(Limit >> 20))
    return unknown();
  // (R + Mod s)(O.R + O.Mod t) = R O.R + R O.Mod t + O.R Mod s + Mod O.Mod st.
  uint64_t M = std::gcd(std::gcd(absU(R) * O.Mod, absU(O.R) * Mod), Mod * O.Mod);
  return normalize(R * O.R, M);
}

ByteResidue integerResidue(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return ByteResidue::unknown();
  E = E->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent())
    return ByteResidue::unknown();
  Expr::EvalResult Res;
  if (E->EvaluateAsInt(Res, Ctx) && Res.Val.isInt()) {
    const llvm::APSInt &V = Res.Val.getInt();
    if (V.getSignificantBits() <= 40)
      return ByteResidue::exact(V.getExtValue());
    return ByteResidue::unknown();
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    if (CE->getCastKind() == CK_IntegralCast || CE->getCastKind() == CK_NoOp)
      return integerResidue(CE->getSubExpr(), Ctx);
    return ByteResidue::unknown();
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    switch (BO->getOpcode()) {
    case BO_Add:
      return integerResidue(BO->getLHS(), Ctx) + integerResidue(BO->getRHS(), Ctx);
    case BO_Sub:
      return integerResidue(BO->getLHS(), Ctx) - integerResidue(BO->getRHS(), Ctx);
    case BO_Mul:
      return integerResidue(BO->getLHS(), Ctx) * integerResidue(BO->getRHS(), Ctx);
    case BO_Shl: {
      ByteResidue S = integerResidue(BO->getRHS(), Ctx);
      if (!S.isExact() || S.R < 0 || S.R > 30)
        return ByteResidue::unknown();
      return integerResidue(BO->getLHS(), Ctx).scaled(int64_t(1) << S.R);
    }
    default:
      return ByteResidue::unknown();
    }
  }
  return ByteResidue::unknown();
}

namespace {

std::optional<int64_t> pointeeSize(QualType PtrOrArray, const ASTContext &Ctx) {
  QualType Pointee;
  if (const auto *PT = PtrOrArray->getAs<PointerType>())
    Pointee = PT->getPointeeType();
  else if (const ArrayType *AT = Ctx.getAsArrayType(PtrOrArray))
    Pointee = AT->getElementType();
  else
    return std::nullopt;
  if (Pointee->isVoidType())
    return 1; // GNU arithmetic on void *
  if (Pointee->isIncompleteType() || Pointee->isDependentType() ||
      Pointee->isFunctionType() || Pointee->isSizelessType())
    return std::nullopt;
  if (!Pointee->isConstantSizeType())
    return std::nullopt;
  return Ctx.getTypeSizeInChars(Pointee).getQuantity();
}

std::optional<PointerOffset>
decompose(const Expr *E, const ASTContext &Ctx,
          llvm::function_ref<const Expr *(const VarDecl *)> Follow, int Depth) {
  if (!E || Depth > 16)
    return std::nullopt;
  E = E->IgnoreParens();
  if (E->isTypeDependent() || E->isValueDependent())
    return std::nullopt;
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_NoOp:
    case CK_BitCast:
    case CK_ArrayToPointerDecay:
    case CK_LValueToRValue:
    case CK_AddressSpaceConversion:
      return decompose(CE->getSubExpr(), Ctx, Follow, Depth + 1);
    default:
      return std::nullopt;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return std::nullopt;
    QualType T = VD->getType();
    if (T->isArrayType())
      return PointerOffset{VD, true, ByteResidue::exact(0)};
    if (T->isReferenceType())
      return std::nullopt;
    if (!T->isPointerType())
      return std::nullopt;
    if (Follow && VD->isLocalVarDecl() && !isa<ParmVarDecl>(VD))
      if (const Expr *Init = Follow(VD))
        if (auto Inner = decompose(Init, Ctx, Follow, Depth + 1))
          return Inner;
    return PointerOffset{VD, false, ByteResidue::exact(0)};
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
      return std::nullopt;
    const Expr *P = BO->getLHS(), *I = BO->getRHS();
    if (!P->getType()->isPointerType()) {
      if (BO->getOpcode() == BO_Sub)
        return std::nullopt;
      std::swap(P, I);
    }
    if (!P->getType()->isPointerType() || !I->getType()->isIntegerType())
      return std::nullopt;
    std::optional<int64_t> Size = pointeeSize(P->getType(), Ctx);
    if (!Size)
      return std::nullopt;
    if (I->HasSideEffects(Ctx))
      return std::nullopt;
    auto Base = decompose(P, Ctx, Follow, Depth + 1);
    if (!Base)
      return std::nullopt;
    ByteResidue Off = integerResidue(I, Ctx).scaled(*Size);
    Base->Bytes = BO->getOpcode() == BO_Add ? Base->Bytes + Off : Base->Bytes - Off;
    return Base;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_AddrOf)
      return std::nullopt;
    const Expr *Sub = UO->getSubExpr()->IgnoreParens();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Sub)) {
      const Expr *B = ASE->getBase();
      std::optional<int64_t> Size = pointeeSize(B->getType(), Ctx);
      if (!Size || ASE->getIdx()->HasSideEffects(Ctx))
        return std::nullopt;
      auto Base = decompose(B, Ctx, Follow, Depth + 1);
      if (!Base)
        return std::nullopt;
      Base->Bytes = Base->Bytes + integerResidue(ASE->getIdx(), Ctx).scaled(*Size);
      return Base;
    }
    if (const auto *Deref = dyn_cast<UnaryOperator>(Sub))
      if (Deref->getOpcode() == UO_Deref)
        return decompose(Deref->getSubExpr(), Ctx, Follow, Depth + 1);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (!VD->getType()->isReferenceType())
          return PointerOffset{VD, true, ByteResidue::exact(0)};
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace

std::optional<PointerOffset>
decomposePointer(const Expr *E, const ASTContext &Ctx,
                 llvm::function_ref<const Expr *(const VarDecl *)> Follow) {
  return decompose(E, Ctx, Follow, 0);
}

bool mayPointIntoSameObject(const Expr *A, const Expr *B, ASTContext &Ctx) {
  for (const Expr *E : {A, B})
    if (E->isValueDependent() ||
        E->IgnoreParenCasts()->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return false;
  std::optional<PointerOffset> OA = decomposePointer(A, Ctx), OB = decomposePointer(B, Ctx);
  if (OA && OB)
    return OA->Base == OB->Base && OA->AddressOfBase == OB->AddressOfBase;
  llvm::FoldingSetNodeID IA, IB;
  A->IgnoreParenCasts()->Profile(IA, Ctx, /*Canonical=*/true);
  B->IgnoreParenCasts()->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

} // namespace cuda_lint
