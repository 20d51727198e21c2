#include "checks/WarpSyncDivergentCheck.h"
#include "clang/AST/Expr.h"
#include "llvm/Support/YAMLTraits.h"

using namespace clang;

namespace cuda_lint {

WarpSyncDivergentCheck::WarpSyncDivergentCheck(llvm::StringRef Name,
                                               tidy::ClangTidyContext *Context)
    : CollectiveDivergenceCheckBase(Name, Context),
      AssumeWarpAlignedBlocks(
          llvm::yaml::parseBool(Options.get("AssumeWarpAlignedBlocks", "true"))
              .value_or(true)) {}

void WarpSyncDivergentCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "AssumeWarpAlignedBlocks",
                AssumeWarpAlignedBlocks ? "true" : "false");
}

static bool isAllOnes32(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return false;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return false;
  return R.Val.getInt().extOrTrunc(32).isAllOnes();
}

/// Whether \p S may change \p VD after its initialization: an assignment,
/// ++/--, its address taken, or a reference bound to it (a call argument by
/// non-const reference included).
static bool mayModify(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return false;
  auto RefersTo = [VD](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && RefersTo(BO->getLHS()))
      return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        RefersTo(UO->getSubExpr()))
      return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (DRE->getDecl() == VD && DRE->isNonOdrUse() == NOUR_None &&
        DRE->getType()->isReferenceType())
      return true;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee())
      for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
        QualType T = FD->getParamDecl(I)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified() &&
            RefersTo(CE->getArg(I)))
          return true;
      }
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *Other = dyn_cast<VarDecl>(D))
        if (Other->getType()->isReferenceType() && Other->getInit() &&
            !Other->getType().getNonReferenceType().isConstQualified() &&
            RefersTo(Other->getInit()))
          return true;
  for (const Stmt *C : S->children())
    if (mayModify(C, VD))
      return true;
  return false;
}

bool WarpSyncDivergentCheck::hasFullMask(const CallExpr *CE, int MaskArg,
                                         const ASTContext &Ctx) {
  if (MaskArg < 0 || unsigned(MaskArg) >= CE->getNumArgs())
    return false;
  const Expr *M = CE->getArg(MaskArg);
  if (isAllOnes32(M, Ctx))
    return true;
  // A local variable initialized with a full mask and never changed
  // (`unsigned mask = 0xffffffff;`).
  const auto *DRE = dyn_cast<DeclRefExpr>(M->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDecl() || VD->isStaticLocal() ||
      VD->getType()->isReferenceType() || !isAllOnes32(VD->getInit(), Ctx))
    return false;
  const auto *Fn = dyn_cast<FunctionDecl>(VD->getDeclContext());
  return Fn && Fn->getBody() && !mayModify(Fn->getBody(), VD);
}

std::vector<DivergentCollective> WarpSyncDivergentCheck::findings(
    UniformityContext &UC, llvm::ArrayRef<const FunctionDecl *> Functions) {
  UniformityOptions Defaults = UC.defaultOptions();
  Defaults.WarpAlignedBlockX = AssumeWarpAlignedBlocks;
  UC.setDefaultOptions(Defaults);
  const ASTContext &C = UC.astContext();
  CollectiveDivergence Query(
      UC,
      {IntrinsicKind::WarpBarrier, IntrinsicKind::Shuffle, IntrinsicKind::Vote,
       IntrinsicKind::WarpCollective},
      RequiredLevel::WarpUniform,
      [&C](const CallExpr *CE, const IntrinsicInfo &I) {
        return hasFullMask(CE, I.MaskArg, C);
      });
  Query.setExitedLanesDoNotCount(true);
  return Query.run(Functions);
}

CollectiveDivergenceCheckBase::Wording WarpSyncDivergentCheck::wording() const {
  return {"warp", "lanes that take this '%0' are named in the full mask but "
                  "never execute the call"};
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WarpSyncDivergentCheck)

} // namespace cuda_lint
