#include "checks/WmmaFragmentAbiCheck.h"
#include "analysis/WmmaFragment.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

WmmaFragmentAbiCheck::WmmaFragmentAbiCheck(StringRef Name, tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context),
      RdcFact(Options.getLocalOrGlobal("CudaLint.RelocatableDeviceCode", "false") == "true") {}

void WmmaFragmentAbiCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionDecl(hasAttr(attr::CUDADevice), unless(isInline()),
                                  unless(hasAttr(attr::CUDAGlobal)))
                         .bind("fn"),
                     this);
}

/// The fragment \p T passes: by value, reference, pointer or array.
static const WmmaFragment *passedFragment(ASTContext &Ctx, QualType T) {
  if (T.isNull() || T->isDependentType())
    return nullptr;
  while (T->isPointerType())
    T = T->getPointeeType();
  return decodeWmmaFragment(Ctx, T);
}

void WmmaFragmentAbiCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD || !(RdcFact || Ctx->getLangOpts().GPURelocatableDeviceCode))
    return;
  if (FD->isInlined() || FD->isTemplated() || FD->isTemplateInstantiation() ||
      FD->getFormalLinkage() != Linkage::External || FD->isInvalidDecl() ||
      FD->isImplicit())
    return;
  const FunctionDecl *First = FD->getFirstDecl();
  // A redeclaration set is reported once, at its first declaration; a later
  // `inline` makes the whole set inline.
  if (First != FD || !reportOnce(First))
    return;
  std::string What;
  const WmmaFragment *F = passedFragment(*Ctx, FD->getReturnType());
  if (F) {
    What = "returns";
  } else {
    for (const ParmVarDecl *P : FD->parameters())
      if ((F = passedFragment(*Ctx, P->getType()))) {
        What = P->getName().empty() ? std::string("takes")
                                    : "takes (parameter '" + P->getName().str() + "')";
        break;
      }
  }
  if (!F)
    return;
  report(FD->getLocation(),
         "__device__ function %0 has external linkage and %1 a WMMA fragment "
         "'%2' in a relocatable-device-code build: fragments are "
         "architecture-specific, and a caller compiled for another "
         "architecture passes them in another layout")
      << FD << What << F->str();
  note(FD->getLocation(), "make it 'static' or 'inline', or keep it and its "
                          "callers in one translation unit");
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WmmaFragmentAbiCheck)

} // namespace cuda_lint
