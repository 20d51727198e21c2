#include "checks/LaunchBoundsWithMaxnregCheck.h"
#include "families/SharedMatchers.h"
#include "Attributes.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {
namespace {

/// An annotation found on one of a kernel's declarations, and whether that
/// declaration is the kernel's own (a redeclaration of it) rather than its
/// primary template's.
struct FoundAttr {
  const Attr *A = nullptr;
  bool Own = false;
};

/// Keeps the best place to show an annotation: one the kernel's own
/// declarations spell, else one its primary template spells.
void consider(FoundAttr &Best, const Attr *A, bool Own) {
  if (!A)
    return;
  // An attribute clang copied from an earlier declaration is not spelled here.
  Own = Own && !A->isInherited();
  auto Rank = [](const Attr *X, bool O) {
    return (O ? 2 : 0) + (X->isInherited() ? 0 : 1);
  };
  if (!Best.A || Rank(A, Own) > Rank(Best.A, Best.Own))
    Best = {A, Own};
}

/// Finds the `__launch_bounds__` and `__maxnreg__` that apply to kernel \p FD:
/// on its own redeclarations and, for an explicit specialization, on the
/// redeclarations of its primary template (nvcc 13.0 applies the primary
/// template's annotations to every explicit specialization: a specialization
/// adding the other annotation is rejected).
void findAnnotations(const FunctionDecl *FD, FoundAttr &Bounds,
                     FoundAttr &Maxnreg) {
  // clang declares an explicit specialization as a redeclaration of the
  // implicit instantiation of the template's declaration, whose attributes
  // are instantiated from the template (not marked inherited): an attribute at
  // the same place as one of the primary template's is the template's.
  llvm::SmallPtrSet<const void *, 4> TemplateLocs;
  if (FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
    if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
      for (const RedeclarableTemplateDecl *R : T->redecls()) {
        const FunctionDecl *P = cast<FunctionTemplateDecl>(R)->getTemplatedDecl();
        const Attr *B = P->getAttr<CUDALaunchBoundsAttr>();
        const Attr *M = getCudaAttr(P, "maxnreg");
        consider(Bounds, B, /*Own=*/false);
        consider(Maxnreg, M, /*Own=*/false);
        for (const Attr *A : {B, M})
          if (A)
            TemplateLocs.insert(A->getLocation().getPtrEncoding());
      }
  for (const FunctionDecl *R : FD->redecls()) {
    const Attr *B = R->getAttr<CUDALaunchBoundsAttr>();
    const Attr *M = getCudaAttr(R, "maxnreg");
    auto IsOwn = [&](const Attr *A) {
      return A && !TemplateLocs.count(A->getLocation().getPtrEncoding());
    };
    consider(Bounds, B, IsOwn(B));
    consider(Maxnreg, M, IsOwn(M));
  }
}

} // namespace

void LaunchBoundsWithMaxnregCheck::registerMatchers(MatchFinder *Finder) {
  addKernelDeclMatcher(*this, Finder);
}

void LaunchBoundsWithMaxnregCheck::checkMatch(
    const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  // One report per kernel, looking at all its declarations, on the most
  // recent one. Instantiations (implicit or explicit) carry their template's
  // attributes: the template is reported instead.
  if (FD != FD->getMostRecentDecl() || FD->isTemplateInstantiation())
    return;

  FoundAttr Bounds, Maxnreg;
  findAnnotations(FD, Bounds, Maxnreg);
  if (!Bounds.A || !Maxnreg.A)
    return;
  // Neither is the specialization's own: the primary template is reported.
  if (!Bounds.Own && !Maxnreg.Own)
    return;

  std::string Name;
  llvm::raw_string_ostream OS(Name);
  FD->getNameForDiagnostic(OS, Result.Context->getPrintingPolicy(),
                           /*Qualified=*/false);
  // Report at the kernel's own __maxnreg__ when it has one, else at its own
  // __launch_bounds__; the note points at the other.
  bool AtMaxnreg = Maxnreg.Own;
  const Attr *Here = AtMaxnreg ? Maxnreg.A : Bounds.A;
  const FoundAttr &Other = AtMaxnreg ? Bounds : Maxnreg;
  report(Here->getLocation(),
         "kernel '%0' has both __launch_bounds__ and __maxnreg__; nvcc "
         "rejects the combination and clang silently ignores __maxnreg__")
      << Name;
  std::string Note = std::string(AtMaxnreg ? "__launch_bounds__" : "__maxnreg__") +
                     " is given here" +
                     (Other.Own ? "" : ", on the primary template");
  note(Other.A->getLocation(), Note);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(LaunchBoundsWithMaxnregCheck)

} // namespace cuda_lint
