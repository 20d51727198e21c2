#include "checks/ConstantWriteCheck.h"
#include "analysis/CudaIntrinsics.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {
namespace {

/// The __constant__ variable that \p VD is, or nullptr.
const VarDecl *constantVar(const ValueDecl *D) {
  const auto *VD = dyn_cast_or_null<VarDecl>(D);
  return VD && VD->hasAttr<CUDAConstantAttr>() ? VD : nullptr;
}

/// One walk over a device function's body: the local pointers and references
/// derived from __constant__ variables (flow-insensitive: any initialization
/// or assignment from such an address counts), and the stores whose target
/// lies in one.
class StoreFinder : public RecursiveASTVisitor<StoreFinder> {
public:
  struct Store {
    const Expr *Target;
    const VarDecl *Constant;
    const VarDecl *Through; ///< the local pointer or reference, if any
  };
  std::vector<Store> Stores;

  bool shouldVisitLambdaBody() const { return true; }

  bool VisitVarDecl(VarDecl *VD) {
    if (!VD->isLocalVarDecl() && !isa<ParmVarDecl>(VD))
      return true;
    if (const Expr *Init = VD->getInit()) {
      QualType T = VD->getType();
      if (T->isReferenceType()) {
        if (const VarDecl *C = lvalueConstant(Init))
          Derived[VD] = C;
      } else if (T->isPointerType()) {
        if (const VarDecl *C = pointerConstant(Init))
          Derived[VD] = C;
      }
    }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (!BO->isAssignmentOp())
      return true;
    const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
    // `p = coef;`: p now points into constant memory.
    if (BO->getOpcode() == BO_Assign)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(L))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
            VD && VD->getType()->isPointerType() && !constantVar(VD))
          if (const VarDecl *C = pointerConstant(BO->getRHS()))
            Derived[VD] = C;
    addStore(BO->getLHS());
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      addStore(UO->getSubExpr());
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    // An atomic's first argument is the address it stores to.
    const IntrinsicInfo *I = lookupIntrinsic(CE);
    if (I && I->Kind == IntrinsicKind::Atomic && CE->getNumArgs() > 0 &&
        !isa<CXXMemberCallExpr>(CE))
      if (const VarDecl *C = pointerConstant(CE->getArg(0)))
        Stores.push_back({CE->getArg(0), C, throughOf(CE->getArg(0))});
    return true;
  }

private:
  llvm::DenseMap<const VarDecl *, const VarDecl *> Derived;

  void addStore(const Expr *Target) {
    if (const VarDecl *C = lvalueConstant(Target))
      Stores.push_back({Target, C, throughOf(Target)});
  }

  /// The local pointer or reference a target is reached through.
  const VarDecl *throughOf(const Expr *E) {
    while (E) {
      E = E->IgnoreParenCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        return VD && Derived.count(VD) ? VD : nullptr;
      }
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
        E = ASE->getBase();
      else if (const auto *ME = dyn_cast<MemberExpr>(E))
        E = ME->getBase();
      else if (const auto *UO = dyn_cast<UnaryOperator>(E))
        E = UO->getSubExpr();
      else if (const auto *BO = dyn_cast<BinaryOperator>(E))
        E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
      else
        return nullptr;
    }
    return nullptr;
  }

  /// The __constant__ variable an lvalue lies in.
  const VarDecl *lvalueConstant(const Expr *E) {
    E = E->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
      if (ICE->getCastKind() == CK_NoOp || ICE->getCastKind() == CK_UncheckedDerivedToBase ||
          ICE->getCastKind() == CK_DerivedToBase)
        return lvalueConstant(ICE->getSubExpr());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (const VarDecl *C = constantVar(DRE->getDecl()))
        return C;
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && VD->getType()->isReferenceType())
        return Derived.lookup(VD);
      return nullptr;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->isArrow() ? pointerConstant(ME->getBase()) : lvalueConstant(ME->getBase());
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      return pointerConstant(ASE->getBase());
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_Deref)
        return pointerConstant(UO->getSubExpr());
    return nullptr;
  }

  /// The __constant__ variable a pointer value points into.
  const VarDecl *pointerConstant(const Expr *E) {
    E = E->IgnoreParens();
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      if (CE->getCastKind() == CK_ArrayToPointerDecay)
        return lvalueConstant(CE->getSubExpr());
      if (CE->getCastKind() == CK_LValueToRValue) {
        const Expr *Sub = CE->getSubExpr()->IgnoreParens();
        if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub))
          if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
            return Derived.lookup(VD);
        return nullptr;
      }
      if (CE->getType()->isPointerType() && CE->getSubExpr()->getType()->isPointerType())
        return pointerConstant(CE->getSubExpr()); // bit casts, const_cast, ...
      return nullptr;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_AddrOf)
        return lvalueConstant(UO->getSubExpr());
      if (UO->isIncrementDecrementOp())
        return pointerConstant(UO->getSubExpr());
      return nullptr;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isAdditiveOp() || BO->getOpcode() == BO_Comma) {
        if (BO->getLHS()->getType()->isPointerType())
          return pointerConstant(BO->getLHS());
        if (BO->getRHS()->getType()->isPointerType())
          return pointerConstant(BO->getRHS());
      }
      return nullptr;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      if (const VarDecl *C = pointerConstant(CO->getTrueExpr()))
        return C;
      return pointerConstant(CO->getFalseExpr());
    }
    return nullptr;
  }
};

} // namespace

void ConstantWriteCheck::registerMatchers(MatchFinder *Finder) {
  // The __constant__ variables come before the functions that use them; the
  // device functions are walked once each, only once one was seen.
  Finder->addMatcher(varDecl(hasAttr(attr::CUDAConstant)).bind("constant"), this);
  Finder->addMatcher(functionDecl(isDefinition(), anyOf(hasAttr(attr::CUDADevice),
                                                        hasAttr(attr::CUDAGlobal)),
                                  unless(isExpansionInSystemHeader()))
                         .bind("fn"),
                     this);
}

void ConstantWriteCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *VD = Result.Nodes.getNodeAs<VarDecl>("constant")) {
    // clang's implicit __constant__ on constexpr variables (device side)
    // cannot be stored to: only written ones enable the walks.
    if (!VD->getAttr<CUDAConstantAttr>()->isImplicit())
      HaveConstant = true;
    return;
  }
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!HaveConstant || !FD || !FD->hasBody() || FD->isDependentContext())
    return;
  StoreFinder F;
  F.TraverseStmt(FD->getBody());
  for (const StoreFinder::Store &S : F.Stores) {
    SourceLocation Loc = S.Target->getBeginLoc();
    if (!reportOnce(Loc.getPtrEncoding()))
      continue;
    if (S.Through)
      report(Loc,
             "device code stores through '%0', which points into __constant__ "
             "variable '%1': constant memory is read-only on the device; write "
             "it from the host (cudaMemcpyToSymbol) or make it a __device__ "
             "variable")
          << S.Through->getName() << S.Constant->getName();
    else
      report(Loc,
             "device code stores to __constant__ variable '%0': constant "
             "memory is read-only on the device; write it from the host "
             "(cudaMemcpyToSymbol) or make it a __device__ variable")
          << S.Constant->getName();
    note(S.Constant->getLocation(), "'%0' declared __constant__ here")
        << S.Constant->getName();
    noteInstantiation(FD);
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ConstantWriteCheck)

} // namespace cuda_lint
