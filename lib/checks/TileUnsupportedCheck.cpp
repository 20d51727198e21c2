#include "checks/TileUnsupportedCheck.h"
#include "checks/TileCode.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {

/// Whether \p T is or contains (behind pointers, references, arrays,
/// `_Complex`) a 128-bit integer or floating-point type.
bool has128BitType(QualType T, unsigned Depth = 0) {
  if (T.isNull() || Depth > 8)
    return false;
  T = T.getCanonicalType();
  if (const auto *B = T->getAs<BuiltinType>())
    return B->getKind() == BuiltinType::Int128 || B->getKind() == BuiltinType::UInt128 ||
           B->getKind() == BuiltinType::Float128;
  if (const auto *C = T->getAs<ComplexType>())
    return has128BitType(C->getElementType(), Depth + 1);
  if (T->isPointerType() || T->isReferenceType())
    return has128BitType(T->getPointeeType(), Depth + 1);
  if (const auto *A = dyn_cast<ArrayType>(T.getTypePtr()))
    return has128BitType(A->getElementType(), Depth + 1);
  return false;
}

AST_MATCHER(QualType, is128BitType) { return has128BitType(Node); }

} // namespace

void TileUnsupportedCheck::registerMatchers(MatchFinder *Finder) {
  auto Fn = forCallable(functionDecl().bind("fn"));
  auto Wide = qualType(is128BitType());
  Finder->addMatcher(explicitCastExpr(hasDestinationType(Wide), Fn).bind("cast"), this);
  Finder->addMatcher(varDecl(hasType(Wide)).bind("var"), this);
  Finder->addMatcher(functionDecl(returns(Wide)).bind("ret"), this);
}

void TileUnsupportedCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  auto InTile = [](const FunctionDecl *F) {
    return F && !F->isDependentContext() && codeSpaceOf(F) == CodeSpace::Tile;
  };
  auto Report128 = [&](SourceLocation Loc, QualType T, const FunctionDecl *F,
                       llvm::StringRef What) {
    if (Loc.isInvalid() || !reportOnce(Loc.getPtrEncoding()))
      return;
    report(Loc, "%0 has type %1: tile code does not support 128-bit integer and "
                "floating-point types")
        << What << T;
    noteInstantiation(F);
  };
  if (const auto *C = Result.Nodes.getNodeAs<ExplicitCastExpr>("cast")) {
    if (InTile(Fn))
      Report128(C->getBeginLoc(), C->getTypeAsWritten(), Fn, "a conversion");
    return;
  }
  if (const auto *V = Result.Nodes.getNodeAs<VarDecl>("var")) {
    const auto *Owner = dyn_cast<FunctionDecl>(V->getDeclContext());
    if (!InTile(Owner) || V->isImplicit())
      return;
    if (isa<ParmVarDecl>(V) && !Owner->doesThisDeclarationHaveABody())
      return;
    Report128(V->getLocation(), V->getType(), Owner,
              (isa<ParmVarDecl>(V) ? "parameter '" : "variable '") + V->getName().str() + "'");
    return;
  }
  if (const auto *F = Result.Nodes.getNodeAs<FunctionDecl>("ret")) {
    if (!InTile(F) || !F->doesThisDeclarationHaveABody())
      return;
    SourceLocation L = F->getReturnTypeSourceRange().getBegin();
    Report128(L.isValid() ? L : F->getLocation(), F->getReturnType(), F,
              "the result of '" + nameForDiagnostic(F, *Ctx) + "'");
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(TileUnsupportedCheck)

} // namespace cuda_lint
