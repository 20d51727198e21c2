#include "checks/TileVariableTypeCheck.h"
#include "checks/TileCode.h"
#include "clang/AST/RecordLayout.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {

/// The first pointer or reference sub-object of an object of type \p T: the
/// field that holds it (nullptr when \p T itself is one), or nullopt when
/// there is none. Looks through arrays, base classes and member records.
std::optional<const FieldDecl *> pointerSubobject(QualType T, unsigned Depth = 0) {
  if (T.isNull() || Depth > 16)
    return std::nullopt;
  T = T.getCanonicalType();
  if (T->isPointerType() || T->isReferenceType() || T->isMemberPointerType() ||
      T->isBlockPointerType() || T->isNullPtrType())
    return nullptr;
  if (const auto *A = dyn_cast<ArrayType>(T.getTypePtr()))
    return pointerSubobject(A->getElementType(), Depth + 1);
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getDefinition())
    return std::nullopt;
  RD = RD->getDefinition();
  if (const auto *CXX = dyn_cast<CXXRecordDecl>(RD)) {
    if (CXX->isDynamicClass())
      return nullptr; // the vtable pointer
    for (const CXXBaseSpecifier &B : CXX->bases())
      if (auto F = pointerSubobject(B.getType(), Depth + 1))
        return F;
  }
  for (const FieldDecl *F : RD->fields())
    if (auto Sub = pointerSubobject(F->getType(), Depth + 1))
      return *Sub ? *Sub : F;
  return std::nullopt;
}

} // namespace

void TileVariableTypeCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(varDecl(hasGlobalStorage(), hasAttr(attr::Annotate)).bind("var"), this);
}

void TileVariableTypeCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *V = Result.Nodes.getNodeAs<VarDecl>("var");
  if (!V || !isTileVariable(V) || V->getType()->isDependentType() ||
      V->getDeclContext()->isDependentContext())
    return;
  std::optional<const FieldDecl *> Sub = pointerSubobject(V->getType());
  if (!Sub || !reportOnce(V->getFirstDecl()))
    return;
  if (!*Sub) {
    report(V->getLocation(), "__tile__ variable %0 has type %1; a __tile__ variable "
                             "may not be or contain a pointer or reference")
        << V << V->getType();
    return;
  }
  report(V->getLocation(), "__tile__ variable %0 has type %1, which contains the "
                           "pointer or reference member %2; a __tile__ variable may "
                           "not contain pointer or reference sub-objects")
      << V << V->getType() << *Sub;
  note((*Sub)->getLocation(), "%0 declared here with type %1") << *Sub << (*Sub)->getType();
}

CUDA_LINT_DEFINE_CHECK_FACTORY(TileVariableTypeCheck)

} // namespace cuda_lint
