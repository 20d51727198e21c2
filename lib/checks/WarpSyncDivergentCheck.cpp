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
  return Fn && Fn->getBody() && !mayModifyVariable(Fn->getBody(), VD);
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
