#include "checks/SyncthreadsDivergentCheck.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/Support/YAMLTraits.h"

using namespace clang;

namespace cuda_lint {

SyncthreadsDivergentCheck::SyncthreadsDivergentCheck(llvm::StringRef Name,
                                                     tidy::ClangTidyContext *Context)
    : CollectiveDivergenceCheckBase(Name, Context),
      // OptionsView::get<bool> is not in Debian's libclangTidy.a (as in
      // cuda-wmma-divergent's AssumeWarpAlignedBlocks).
      ReportMatchedBarriers(
          llvm::yaml::parseBool(Options.get("ReportMatchedBarriers", "false")).value_or(false)) {}

void SyncthreadsDivergentCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "ReportMatchedBarriers", ReportMatchedBarriers ? "true" : "false");
}

/// Whether \p T (a reference, a pointer, cv-qualified) is
/// cooperative_groups' thread_block.
static bool isThreadBlockRecord(const CXXRecordDecl *RD) {
  if (!RD || !RD->getIdentifier() || RD->getName() != "thread_block")
    return false;
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getIdentifier() && NS->getName() == "cooperative_groups")
        return true;
  return false;
}

static bool isThreadBlockType(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  return isThreadBlockRecord(T->getAsCXXRecordDecl());
}

bool SyncthreadsDivergentCheck::isThreadBlockSync(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return false;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    return isThreadBlockRecord(MD->getParent());
  return CE->getNumArgs() > 0 && isThreadBlockType(CE->getArg(0)->getType());
}

std::vector<DivergentCollective> SyncthreadsDivergentCheck::findings(
    UniformityContext &UC, llvm::ArrayRef<const FunctionDecl *> Functions) {
  CollectiveDivergence Query(
      UC, {IntrinsicKind::BlockBarrier, IntrinsicKind::GroupBarrier},
      RequiredLevel::BlockUniform,
      [](const CallExpr *CE, const IntrinsicInfo &I) {
        return I.Kind == IntrinsicKind::BlockBarrier || isThreadBlockSync(CE);
      });
  Query.setLibraryCollectives(true);
  // Matched barriers on both arms of a branch that varies between warps.
  Query.setMatchedBarriers(!ReportMatchedBarriers);
  return Query.run(Functions);
}

CollectiveDivergenceCheckBase::Wording
SyncthreadsDivergentCheck::wording() const {
  return {"block", "threads that take this '%0' never arrive at the barrier"};
}

CUDA_LINT_DEFINE_CHECK_FACTORY(SyncthreadsDivergentCheck)

} // namespace cuda_lint
