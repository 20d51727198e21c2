#include "checks/WmmaPointerAlignmentCheck.h"
#include "analysis/WmmaFragment.h"
#include "analysis/WmmaMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

static constexpr unsigned Align = 32; // 256 bits

void WmmaPointerAlignmentCheck::registerMatchers(MatchFinder *Finder) {
  addWmmaCallMatcher(*this, Finder);
}

std::optional<unsigned> WmmaPointerAlignmentCheck::indexRem(const Expr *E,
                                                            uint64_t ElemSize) {
  E = E->IgnoreParenImpCasts();
  if (E->isValueDependent())
    return std::nullopt;
  if (auto V = E->getIntegerConstantExpr(*Ctx)) {
    int64_t Bytes = V->getSExtValue() * static_cast<int64_t>(ElemSize);
    return static_cast<unsigned>(((Bytes % Align) + Align) % Align);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) {
      auto L = indexRem(BO->getLHS(), ElemSize), R = indexRem(BO->getRHS(), ElemSize);
      if (!L || !R)
        return std::nullopt;
      return BO->getOpcode() == BO_Add ? (*L + *R) % Align : (*L + Align - *R) % Align;
    }
    if (BO->getOpcode() == BO_Mul) {
      // x * c (or c * x): a multiple of c elements.
      for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
        if (Side->isValueDependent())
          continue;
        if (auto C = Side->IgnoreParenImpCasts()->getIntegerConstantExpr(*Ctx))
          if ((C->getSExtValue() * static_cast<int64_t>(ElemSize)) % Align == 0)
            return 0u;
      }
    }
  }
  return std::nullopt;
}

std::optional<WmmaPointerAlignmentCheck::Known>
WmmaPointerAlignmentCheck::pointerRem(const Expr *E, const FunctionDecl *Fn) {
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_NoOp:
    case CK_BitCast:
    case CK_LValueToRValue:
    case CK_ArrayToPointerDecay:
      return pointerRem(Cast->getSubExpr(), Fn);
    default:
      return std::nullopt;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return std::nullopt;
    // ASSUMPTION: a kernel's pointer parameter comes from cudaMalloc.
    if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
      const auto *Owner = dyn_cast<FunctionDecl>(P->getDeclContext());
      if (Owner && isKernel(Owner) && P->getType()->isPointerType())
        return Known{P, 0};
      return std::nullopt;
    }
    // A __shared__ array declared 32-byte aligned or more.
    if (VD->hasAttr<CUDASharedAttr>() && VD->getType()->isArrayType() &&
        Ctx->getDeclAlign(VD).getQuantity() >= Align)
      return Known{VD, 0};
    return std::nullopt;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_AddrOf)
      return std::nullopt;
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens());
    if (!ASE)
      return pointerRem(UO->getSubExpr(), Fn); // &arr (an array lvalue)
    QualType ET = ASE->getType();
    if (ET->isIncompleteType() || ET->isDependentType())
      return std::nullopt;
    auto Base = pointerRem(ASE->getBase(), Fn);
    auto Idx = indexRem(ASE->getIdx(), Ctx->getTypeSizeInChars(ET).getQuantity());
    if (!Base || !Idx)
      return std::nullopt;
    return Known{Base->Base, (Base->Rem + *Idx) % Align};
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    // sh[i] of a 2-D array: an array lvalue that decays.
    if (!ASE->getType()->isArrayType() || ASE->getType()->isDependentType())
      return std::nullopt;
    auto Base = pointerRem(ASE->getBase(), Fn);
    auto Idx = indexRem(ASE->getIdx(),
                        Ctx->getTypeSizeInChars(ASE->getType()).getQuantity());
    if (!Base || !Idx)
      return std::nullopt;
    return Known{Base->Base, (Base->Rem + *Idx) % Align};
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
      return std::nullopt;
    const Expr *Ptr = BO->getLHS(), *Off = BO->getRHS();
    if (!Ptr->getType()->isPointerType())
      std::swap(Ptr, Off);
    if (!Ptr->getType()->isPointerType() || Off->getType()->isPointerType())
      return std::nullopt;
    QualType PT = Ptr->getType()->getPointeeType();
    if (PT->isIncompleteType() || PT->isDependentType() || PT->isVoidType())
      return std::nullopt;
    auto Base = pointerRem(Ptr, Fn);
    auto Idx = indexRem(Off, Ctx->getTypeSizeInChars(PT).getQuantity());
    if (!Base || !Idx)
      return std::nullopt;
    unsigned R = BO->getOpcode() == BO_Add ? (Base->Rem + *Idx) % Align
                                           : (Base->Rem + Align - *Idx) % Align;
    return Known{Base->Base, R};
  }
  return std::nullopt;
}

void WmmaPointerAlignmentCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  auto M = matchedWmmaCall(Result);
  if (!M)
    return;
  const WmmaCall &C = M->first;
  if (!C.Callee || (C.Fn != WmmaFunction::Load && C.Fn != WmmaFunction::Store) ||
      C.Args.size() < 3)
    return;
  const Expr *Ptr = C.Args[C.Fn == WmmaFunction::Load ? 1 : 0];
  if (Ptr->isValueDependent() || Ptr->isTypeDependent())
    return;
  auto K = pointerRem(Ptr, M->second);
  if (!K || K->Rem == 0)
    return;
  SourceLocation Loc = Ptr->getBeginLoc();
  if (!reportOnce(lineKey(*SM, Loc)))
    return;
  std::string Text = Lexer::getSourceText(
                         CharSourceRange::getTokenRange(Ptr->getSourceRange()), *SM,
                         Ctx->getLangOpts())
                         .str();
  report(Loc, "pointer '%0' of '%1' is %2 bytes off the 256-bit (32-byte) "
              "alignment the WMMA API requires")
      << Text << C.name() << K->Rem;
  if (isa<ParmVarDecl>(K->Base))
    note(K->Base->getLocation(),
         "assuming kernel parameter '%0' is 256-byte aligned, as cudaMalloc "
         "returns")
        << K->Base->getName();
  else
    note(K->Base->getLocation(), "__shared__ array '%0' is %1-byte aligned")
        << K->Base->getName() << std::to_string(Ctx->getDeclAlign(K->Base).getQuantity());
  noteInstantiation(M->second);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WmmaPointerAlignmentCheck)

} // namespace cuda_lint
