#include "checks/WmmaDivergentCheck.h"
#include "llvm/Support/YAMLTraits.h"

using namespace clang;

namespace cuda_lint {

WmmaDivergentCheck::WmmaDivergentCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : CollectiveDivergenceCheckBase(Name, Context),
      AssumeWarpAlignedBlocks(
          llvm::yaml::parseBool(Options.get("AssumeWarpAlignedBlocks", "true")).value_or(true)) {}

void WmmaDivergentCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "AssumeWarpAlignedBlocks", AssumeWarpAlignedBlocks ? "true" : "false");
}

std::vector<DivergentCollective>
WmmaDivergentCheck::findings(UniformityContext &UC,
                             llvm::ArrayRef<const FunctionDecl *> Functions) {
  UniformityOptions Defaults = UC.defaultOptions();
  Defaults.WarpAlignedBlockX = AssumeWarpAlignedBlocks;
  UC.setDefaultOptions(Defaults);
  CollectiveDivergence Walk(UC, {IntrinsicKind::WmmaCollective}, RequiredLevel::WarpUniform);
  return Walk.run(Functions);
}

CollectiveDivergenceCheckBase::Wording WmmaDivergentCheck::wording() const {
  return {"warp", "lanes that take this '%0' leave the rest of the warp to run the "
                  "collective alone"};
}

std::string WmmaDivergentCheck::nameOf(const CallExpr *CE) const {
  return CE->getDirectCallee()->getNameAsString();
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WmmaDivergentCheck)

} // namespace cuda_lint
