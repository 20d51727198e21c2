#include "checks/DynamicSharedConflictCheck.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void DynamicSharedConflictCheck::registerMatchers(MatchFinder *Finder) {
  // Dynamic shared memory: `extern __shared__ T name[]`, in templates and
  // their instantiations too.
  Finder->addMatcher(varDecl(hasAttr(attr::CUDAShared), hasType(incompleteArrayType()),
                             unless(isExpansionInSystemHeader()))
                         .bind("var"),
                     this);
}

void DynamicSharedConflictCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *VD = Result.Nodes.getNodeAs<VarDecl>("var");
  if (!VD || !VD->hasExternalStorage())
    return;
  const auto *FD = dyn_cast<FunctionDecl>(VD->getLexicalDeclContext());
  // An instantiation's variable is read from its template (below): clang
  // drops the variable of an instantiation that conflicts.
  if (FD && FD->isTemplateInstantiation())
    return;
  unsigned Align = 0;
  for (const AlignedAttr *A : VD->specific_attrs<AlignedAttr>())
    if (!A->isInherited() && !A->isAlignmentDependent())
      Align = std::max(Align, A->getAlignment(*Ctx) / 8);
  // A block-scope extern names a variable of the enclosing namespace.
  const DeclContext *DC = VD->getDeclContext()->getRedeclContext();
  auto &G = Groups[{DC, VD->getName()}];
  auto Add = [&](QualType Elem, const FunctionDecl *Inst) {
    for (const Entry &E : G)
      if (E.Var == VD && E.Instantiation == Inst)
        return;
    G.push_back({VD, Elem.getCanonicalType(), Align, Inst});
  };
  QualType Elem = Ctx->getBaseElementType(VD->getType());
  if (!Elem->isDependentType()) {
    Add(Elem, nullptr);
    return;
  }
  // `extern __shared__ T smem[]` with T a parameter of the enclosing function
  // template: one entry per instantiation, with its argument.
  const FunctionTemplateDecl *FTD = FD ? FD->getDescribedFunctionTemplate() : nullptr;
  const auto *Parm = dyn_cast<TemplateTypeParmType>(Elem.getCanonicalType().getUnqualifiedType());
  if (!FTD || !Parm || Parm->getDepth() != FTD->getTemplateParameters()->getDepth())
    return;
  for (const FunctionDecl *Spec : FTD->specializations()) {
    const TemplateArgumentList *Args = Spec->getTemplateSpecializationArgs();
    if (!Args || Parm->getIndex() >= Args->size() ||
        Args->get(Parm->getIndex()).getKind() != TemplateArgument::Type)
      continue;
    QualType Arg = Args->get(Parm->getIndex()).getAsType();
    Add(Ctx->getQualifiedType(Arg, Elem.getQualifiers()), Spec);
  }
}

void DynamicSharedConflictCheck::onEndOfTranslationUnit() {
  for (auto &[Key, G] : Groups) {
    if (G.size() < 2)
      continue;
    const Entry &First = G.front();
    const Entry *FirstAligned = nullptr;
    for (const Entry &E : G)
      if (E.AlignBytes) {
        FirstAligned = &E;
        break;
      }
    for (const Entry &E : G) {
      if (&E == &First)
        continue;
      SourceLocation At = E.Var->getLocation();
      if (E.Element != First.Element) {
        if (!reportOnce(At.getPtrEncoding()))
          continue;
        report(At,
               "extern __shared__ array '%0' has element type %1 here and %2 in "
               "another declaration: both name the same dynamic shared memory; "
               "declare one 'extern __shared__ __align__(N) unsigned char %0[]' "
               "and cast it to the element type at each use")
            << E.Var->getName() << E.Element << First.Element;
        noteInstantiation(E.Instantiation);
        note(First.Var->getLocation(), "declared with element type %0 here")
            << First.Element;
        noteInstantiation(First.Instantiation);
        continue;
      }
      if (FirstAligned && &E != FirstAligned && E.AlignBytes &&
          E.AlignBytes != FirstAligned->AlignBytes) {
        if (!reportOnce(At.getPtrEncoding()))
          continue;
        report(At,
               "extern __shared__ array '%0' is aligned to %1 bytes here and to "
               "%2 bytes in another declaration: one variable gets one "
               "alignment; declare it once, with the largest alignment any use "
               "needs, and cast per use")
            << E.Var->getName() << E.AlignBytes << FirstAligned->AlignBytes;
        noteInstantiation(E.Instantiation);
        note(FirstAligned->Var->getLocation(), "aligned to %0 bytes here")
            << FirstAligned->AlignBytes;
        noteInstantiation(FirstAligned->Instantiation);
      }
    }
  }
  Groups.clear();
}

CUDA_LINT_DEFINE_CHECK_FACTORY(DynamicSharedConflictCheck)

} // namespace cuda_lint
