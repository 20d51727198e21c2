#include "checks/VectorTypeAlignmentCheck.h"
#include "analysis/BodyParents.h"
#include "analysis/PointerOffset.h"
#include "analysis/TypeMatchers.h"
#include "analysis/Uniformity.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {
/// A pointer type as written (what `pointerType()` matches as a QualType:
/// not through a typedef).
bool isPointerAsWritten(QualType T) { return !T.isNull() && isa<PointerType>(T.getTypePtr()); }
} // namespace

void VectorTypeAlignmentCheck::registerMatchers(MatchFinder *Finder) {
  // Explicit casts to a pointer type in a function body (the type tested in
  // one step: TypeMatchers.h).
  Finder->addMatcher(
      explicitCastExpr(castsToTypeThat(isPointerAsWritten),
                       forEnclosingFunction(functionDecl().bind("fn")))
          .bind("cast"),
      this);
}

void VectorTypeAlignmentCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *CE = Result.Nodes.getNodeAs<ExplicitCastExpr>("cast");
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!CE || !FD || CE->isTypeDependent() || CE->isValueDependent() ||
      FD->isDependentContext())
    return;
  QualType Dst = CE->getType()->getPointeeType();
  const Expr *Sub = CE->getSubExpr();
  QualType SrcT = Sub->IgnoreParenImpCasts()->getType();
  QualType Src;
  if (const auto *PT = SrcT->getAs<PointerType>())
    Src = PT->getPointeeType();
  else if (const ArrayType *AT = Ctx->getAsArrayType(SrcT))
    Src = AT->getElementType();
  else
    return;
  if (Dst.isNull() || Dst->isIncompleteType() || Dst->isDependentType() ||
      Dst->isFunctionType() || !Dst->isConstantSizeType())
    return;
  uint64_t A = Ctx->getTypeAlignInChars(Dst).getQuantity();
  if (A <= 1)
    return;
  uint64_t ASrc = 1;
  if (!Src->isVoidType() && !Src->isIncompleteType() && !Src->isDependentType() &&
      Src->isConstantSizeType())
    ASrc = Ctx->getTypeAlignInChars(Src).getQuantity();
  auto Follow = [&](const VarDecl *VD) -> const Expr * {
    auto It = FollowCache.find(VD);
    if (It != FollowCache.end())
      return It->second;
    const Expr *Init = nullptr;
    if (VD->getType()->isPointerType() && VD->getInit() &&
        !VD->getType().isVolatileQualified()) {
      const auto *Owner = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
      if (Owner && Owner->getBody() && !mayModifyVariable(Owner->getBody(), VD))
        Init = VD->getInit();
    }
    FollowCache[VD] = Init;
    return Init;
  };
  std::optional<PointerOffset> Off = decomposePointer(Sub, *Ctx, Follow);
  if (!Off)
    return;
  // Kept: casts whose offset is known modulo the alignment (a finding, or
  // the aligned sibling that shows the base aligned, below).
  if (!Off->Bytes.certainlyNotMultipleOf(A) && Off->Bytes.Mod % A != 0)
    return;
  (void)ASrc;
  Casts.push_back({CE, FD, Off->Base, Off->AddressOfBase, Off->Bytes.R,
                   Off->Bytes.Mod, A});
}

void VectorTypeAlignmentCheck::onEndOfTranslationUnit() {
  if (!Ctx || Casts.empty()) {
    Casts.clear();
    FollowCache.clear();
    return;
  }
  // Bases the same function casts to an A-aligned type at a multiple of A.
  llvm::DenseSet<std::tuple<const FunctionDecl *, const ValueDecl *, unsigned, uint64_t>>
      AlignedUse;
  for (const Cast &C : Casts) {
    ByteResidue B{C.R, C.Mod};
    if ((B.Mod % C.Align == 0) && !B.certainlyNotMultipleOf(C.Align))
      for (uint64_t A = C.Align; A >= 2; A /= 2)
        AlignedUse.insert({C.FD, C.Base, unsigned(C.AddressOfBase), A});
  }
  for (const Cast &C : Casts) {
    ByteResidue B{C.R, C.Mod};
    if (!B.certainlyNotMultipleOf(C.Align))
      continue;
    std::string Why;
    if (C.AddressOfBase) {
      const auto *VD = dyn_cast<VarDecl>(C.Base);
      // What the declaration asks for (its type, __align__/alignas), not
      // what a target's ABI adds to large arrays.
      uint64_t Declared = 0;
      if (VD)
        Declared = std::max<uint64_t>(
            Ctx->getTypeAlignInChars(VD->getType()).getQuantity(),
            Ctx->toCharUnitsFromBits(VD->getMaxAlignment()).getQuantity());
      if (Declared >= C.Align)
        Why = "'" + VD->getName().str() + "' is declared " +
              std::to_string(Declared) + "-byte aligned";
    } else if (const auto *P = dyn_cast<ParmVarDecl>(C.Base);
               P && isKernel(C.FD) && P->getDeclContext() == C.FD) {
      Why = "kernel pointer arguments are at least 256-byte aligned allocations";
    }
    if (Why.empty() && AlignedUse.count({C.FD, C.Base, unsigned(C.AddressOfBase), C.Align}))
      Why = "this function also uses '" + C.Base->getName().str() +
            "' as a " + std::to_string(C.Align) + "-byte aligned address";
    if (Why.empty())
      continue;
    SourceLocation Loc = userLoc(*SM, C.E->getBeginLoc());
    if (!reportOnce(reinterpret_cast<const void *>(uintptr_t(Loc.getRawEncoding()))))
      continue;
    std::string Offset = B.isExact() ? std::to_string(B.R) + " bytes"
                                     : std::to_string(B.Mod) + "*k + " +
                                           std::to_string(B.R) + " bytes";
    PrintingPolicy PP(Ctx->getLangOpts());
    PP.SuppressTagKeyword = true;
    report(C.E->getBeginLoc(),
           "cast to '%0' of an address %1 past '%2', which breaks the %3-byte "
           "alignment of '%4' (%5); the access through it faults with a "
           "misaligned address")
        << C.E->getType().getAsString(PP) << Offset << C.Base->getName()
        << std::to_string(C.Align)
        << C.E->getType()->getPointeeType().getUnqualifiedType().getAsString(PP) << Why;
    noteInstantiation(C.FD);
  }
  Casts.clear();
  FollowCache.clear();
}

CUDA_LINT_DEFINE_CHECK_FACTORY(VectorTypeAlignmentCheck)

} // namespace cuda_lint
