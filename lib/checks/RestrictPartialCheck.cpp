#include "checks/RestrictPartialCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/PointerOffset.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/YAMLParser.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

RestrictPartialCheck::RestrictPartialCheck(llvm::StringRef Name,
                                           tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context),
      AnyPointeeType(
          llvm::yaml::parseBool(Options.get("AnyPointeeType", "false")).value_or(false)),
      SingleUnqualified(
          llvm::yaml::parseBool(Options.get("SingleUnqualified", "false")).value_or(false)) {}

void RestrictPartialCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "AnyPointeeType", AnyPointeeType ? "true" : "false");
  Options.store(Opts, "SingleUnqualified", SingleUnqualified ? "true" : "false");
}

void RestrictPartialCheck::registerMatchers(MatchFinder *Finder) {
  // Definitions of device code with a __restrict__ pointer parameter; the
  // template patterns are read through their instantiations.
  Finder->addMatcher(
      functionDecl(isDefinition(),
                   anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)),
                   hasAnyParameter(hasType(pointerType())))
          .bind("fn"),
      this);
}

namespace {

/// Per parameter: accessed through (read or written), written through.
struct ParamUse {
  bool Accessed = false, Written = false;
};

/// One walk over a body: which pointer parameters memory is accessed and
/// written through (directly, or through a local pointer initialised from
/// one).
class AccessWalk : public RecursiveASTVisitor<AccessWalk> {
public:
  llvm::DenseMap<const ParmVarDecl *, ParamUse> Uses;
  llvm::DenseMap<const VarDecl *, const ParmVarDecl *> LocalFrom;

  /// The parameter \p E (a pointer) derives from.
  const ParmVarDecl *paramOf(const Expr *E, int Depth = 0) {
    for (; E && Depth < 16; ++Depth) {
      E = E->IgnoreParens();
      if (const auto *CE = dyn_cast<CastExpr>(E)) {
        E = CE->getSubExpr();
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
        if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
          return nullptr;
        E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
        continue;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
        if (UO->getOpcode() == UO_AddrOf) {
          E = UO->getSubExpr();
          continue;
        }
        if (UO->isIncrementDecrementOp()) {
          E = UO->getSubExpr();
          continue;
        }
        return nullptr;
      }
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
        E = ASE->getBase();
        continue;
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
        if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
          return P->getType()->isPointerType() ? P : nullptr;
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          return LocalFrom.lookup(VD);
        return nullptr;
      }
      return nullptr;
    }
    return nullptr;
  }

  /// The pointer an lvalue \p E designates memory through (`p[i]`, `*p`,
  /// `p->f`, `p[i].f`), or null.
  const Expr *accessedPointer(const Expr *E) {
    for (int Depth = 0; E && Depth < 16; ++Depth) {
      E = E->IgnoreParenImpCasts();
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
        if (ASE->getBase()->getType()->isPointerType())
          return ASE->getBase();
        E = ASE->getBase();
        continue;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
        if (UO->getOpcode() == UO_Deref)
          return UO->getSubExpr();
        return nullptr;
      }
      if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return ME->getBase();
        E = ME->getBase();
        continue;
      }
      return nullptr;
    }
    return nullptr;
  }

  void noteAccess(const Expr *Ptr, bool Write) {
    if (const ParmVarDecl *P = paramOf(Ptr)) {
      ParamUse &U = Uses[P];
      U.Accessed = true;
      U.Written |= Write;
    }
  }

  void noteWrite(const Expr *LValue) {
    if (const Expr *Ptr = accessedPointer(LValue))
      noteAccess(Ptr, true);
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getType()->isPointerType() && VD->getInit() && !isa<ParmVarDecl>(VD))
      if (const ParmVarDecl *P = paramOf(VD->getInit()))
        LocalFrom[VD] = P;
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    if (ASE->getBase()->getType()->isPointerType())
      noteAccess(ASE->getBase(), false);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_Deref)
      noteAccess(UO->getSubExpr(), false);
    else if (UO->isIncrementDecrementOp())
      noteWrite(UO->getSubExpr());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    if (ME->isArrow())
      noteAccess(ME->getBase(), false);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      noteWrite(BO->getLHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if ((OC->isAssignmentOp() || OC->getOperator() == OO_PlusPlus ||
         OC->getOperator() == OO_MinusMinus) &&
        OC->getNumArgs() > 0)
      noteWrite(OC->getArg(0));
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // The address of an element of a parameter's memory given to a function
    // taking a pointer to non-const (atomicAdd(&dst[i], v)) is a write
    // through it.
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || isa<CXXOperatorCallExpr>(CE))
      return true;
    for (unsigned I = 0, N = std::min(CE->getNumArgs(), Callee->getNumParams()); I < N; ++I) {
      QualType PT = Callee->getParamDecl(I)->getType();
      const auto *Ptr = PT->getAs<PointerType>();
      if (!Ptr || Ptr->getPointeeType().isConstQualified())
        continue;
      const Expr *A = CE->getArg(I)->IgnoreParenImpCasts();
      // A parameter passed on as it is (to a helper) is not counted: the
      // helper's own parameters say whether it is restrict there.
      if (const auto *UO = dyn_cast<UnaryOperator>(A))
        if (UO->getOpcode() == UO_AddrOf)
          noteWrite(UO->getSubExpr());
    }
    return true;
  }
};

/// Whether a call or launch in the translation unit passes pointers into
/// the same object to the parameters \p P and \p Q of \p FD (of any
/// specialization of its template): `k<<<g, b>>>(data, data, ...)`, an
/// in-place operation. Then the two are meant to alias, and `__restrict__`
/// on either would be a promise the caller breaks.
bool aliasedByACaller(const FunctionDecl *FD, const ParmVarDecl *P, const ParmVarDecl *Q,
                      ASTContext &Ctx) {
  llvm::SmallVector<const FunctionDecl *, 8> Callees{FD};
  if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
    for (const FunctionDecl *S : T->specializations())
      if (S != FD)
        Callees.push_back(S);
  unsigned IP = P->getFunctionScopeIndex(), IQ = Q->getFunctionScopeIndex();
  const CallIndex &Calls = CallIndex::forAST(Ctx);
  for (const FunctionDecl *C : Callees)
    for (const CallExpr *CE : Calls.callsTo(C)) {
      if (isa<CXXOperatorCallExpr>(CE) || CE->getNumArgs() <= std::max(IP, IQ))
        continue;
      if (mayPointIntoSameObject(CE->getArg(IP), CE->getArg(IQ), Ctx))
        return true;
    }
  return false;
}

bool isCharLike(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  return T->isVoidType() || T->isCharType() || T->isStdByteType();
}

} // namespace

void RestrictPartialCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD || FD->isDependentContext() || FD->isInvalidDecl() || !FD->getBody())
    return;
  // A __forceinline__ helper disappears into its callers, where the
  // compiler sees the objects actually passed (ggml's flash-attention tile
  // iteration gets shared and local arrays): its parameters' qualifiers do
  // not decide the aliasing.
  if (FD->hasAttr<AlwaysInlineAttr>())
    return;
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  const FunctionDecl *Shown = Pattern ? Pattern : FD;

  llvm::SmallVector<const ParmVarDecl *, 8> Pointers;
  unsigned Restricted = 0;
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = P->getType();
    if (!T->isPointerType() || T->getPointeeType()->isFunctionType())
      continue;
    Pointers.push_back(P);
    Restricted += T.isRestrictQualified();
  }
  if (Pointers.size() < 2 || Restricted == 0 || Restricted == Pointers.size())
    return;

  AccessWalk Walk;
  Walk.TraverseStmt(const_cast<Stmt *>(FD->getBody()));

  auto MayAlias = [&](const ParmVarDecl *A, const ParmVarDecl *B) {
    if (AnyPointeeType)
      return true;
    QualType TA = A->getType()->getPointeeType(), TB = B->getType()->getPointeeType();
    if (isCharLike(TA) || isCharLike(TB))
      return true;
    return Ctx->hasSameUnqualifiedType(TA, TB);
  };

  for (const ParmVarDecl *P : Pointers) {
    if (P->getType().isRestrictQualified())
      continue;
    ParamUse UP = Walk.Uses.lookup(P);
    if (!UP.Accessed)
      continue;
    // Another accessed pointer parameter it may alias, one of the two
    // written; by default one that is not __restrict__ either: a single
    // unqualified pointer is already kept apart from the others by their
    // __restrict__ (nvcc 13.0 generates the same code, docs page).
    const ParmVarDecl *Other = nullptr;
    for (const ParmVarDecl *Q : Pointers) {
      if (Q == P)
        continue;
      if (!SingleUnqualified && Q->getType().isRestrictQualified())
        continue;
      ParamUse UQ = Walk.Uses.lookup(Q);
      if (!UQ.Accessed || !(UP.Written || UQ.Written) || !MayAlias(P, Q))
        continue;
      Other = Q;
      break;
    }
    if (!Other)
      continue;
    // A caller passes it memory that another parameter reaches too (an
    // in-place operation): it must stay unqualified.
    if (llvm::any_of(Pointers, [&](const ParmVarDecl *Q) {
          return Q != P && aliasedByACaller(FD, P, Q, *Ctx);
        }))
      continue;
    const ParmVarDecl *Restrict = nullptr;
    for (const ParmVarDecl *Q : Pointers)
      if (Q->getType().isRestrictQualified()) {
        Restrict = Q;
        break;
      }
    const ParmVarDecl *ShownP = P;
    const ParmVarDecl *ShownR = Restrict;
    const ParmVarDecl *ShownO = Other;
    if (Pattern && P->getFunctionScopeIndex() < Pattern->getNumParams()) {
      ShownP = Pattern->getParamDecl(P->getFunctionScopeIndex());
      ShownR = Pattern->getParamDecl(Restrict->getFunctionScopeIndex());
      ShownO = Pattern->getParamDecl(Other->getFunctionScopeIndex());
    }
    if (!reportOnce(ShownP))
      continue;
    if (Other->getType().isRestrictQualified())
      report(ShownP->getLocation(),
             "pointer parameter %0 of %1 is not '__restrict__' while %2 is")
          << ShownP << Shown << ShownR;
    else
      report(ShownP->getLocation(),
             "pointer parameter %0 of %1 is not '__restrict__' while %2 is; the "
             "unqualified pointers may alias each other, so the compiler must "
             "reload through one after every store through another")
          << ShownP << Shown << ShownR;
    note(ShownR->getLocation(), "%0 is declared '__restrict__' here") << ShownR;
    if (!Other->getType().isRestrictQualified())
      note(ShownO->getLocation(), "%0, also unqualified, is accessed too") << ShownO;
    noteInstantiation(Pattern ? FD : nullptr);
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(RestrictPartialCheck)

} // namespace cuda_lint
