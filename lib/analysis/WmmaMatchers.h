//===- WmmaMatchers.h - AST matchers of the WMMA checks ---------*- C++ -*-===//
//
// The matchers the cuda-wmma-* checks compose (on top of WmmaFragment.h): a
// declaration of a fragment-typed variable, field or parameter; a call of a
// WMMA function, resolved or not. Each asks the cached decoders, so a match
// costs a type-pointer comparison for everything that is not WMMA.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_WMMAMATCHERS_H
#define CUDA_LINT_ANALYSIS_WMMAMATCHERS_H

#include "analysis/BodyParents.h"
#include "analysis/WmmaFragment.h"
#include "CudaCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"

namespace cuda_lint {

/// A variable, field or parameter whose type is a fragment, a reference to
/// one or an array of them; in a template, also a dependent
/// `fragment<...>` (decodeWmmaFragmentIn reads it per specialization).
AST_MATCHER(clang::DeclaratorDecl, hasWmmaFragmentType) {
  clang::QualType T = Node.getType();
  if (decodeWmmaFragment(Finder->getASTContext(), T))
    return true;
  if (!T->isDependentType())
    return false;
  T = T.getNonReferenceType();
  while (const auto *AT = Finder->getASTContext().getAsArrayType(T))
    T = AT->getElementType();
  const auto *TST = T.getCanonicalType()->getAs<clang::TemplateSpecializationType>();
  const clang::TemplateDecl *TD = TST ? TST->getTemplateName().getAsTemplateDecl() : nullptr;
  return TD && TD->getIdentifier() && TD->getName() == "fragment" && isInWmmaNamespace(TD);
}

/// A call of load_matrix_sync / store_matrix_sync / fill_fragment /
/// mma_sync / bmma_sync of nvcuda::wmma (resolved or dependent).
AST_MATCHER(clang::CallExpr, isWmmaCall) {
  return decodeWmmaCall(&Node).has_value();
}

/// The callee of a call that matched no WMMA overload (its parent is a
/// RecoveryExpr) or of a dependent one.
AST_MATCHER(clang::UnresolvedLookupExpr, isWmmaLookup) {
  if (!Node.getName().isIdentifier() || Node.getNumDecls() == 0)
    return false;
  llvm::StringRef N = Node.getName().getAsIdentifierInfo()->getName();
  if (!N.ends_with("_sync") && N != "fill_fragment")
    return false;
  return isInWmmaNamespace((*Node.decls_begin())->getUnderlyingDecl());
}

/// Calls \p Visit with the fragment that \p D's type names and the function
/// whose body declares it (for noteInstantiation): once for a non-dependent
/// type; for a dependent one in a function template, once per
/// specialization (decodeWmmaFragmentIn), until \p Visit returns true.
/// Nothing for a declaration inside a template that is not a function
/// template's body, nor for a type that is not a fragment.
template <typename Fn>
void forEachFragmentOf(clang::ASTContext &Ctx, const clang::DeclaratorDecl *D, Fn Visit) {
  const auto *F = llvm::dyn_cast_or_null<clang::FunctionDecl>(D->getParentFunctionOrMethod());
  if (D->getType()->isDependentType()) {
    const clang::FunctionTemplateDecl *FTD = F ? F->getDescribedFunctionTemplate() : nullptr;
    if (!FTD)
      return;
    for (const clang::FunctionDecl *Spec : FTD->specializations())
      if (auto Frag = decodeWmmaFragmentIn(Ctx, D->getType(), Spec))
        if (Visit(*Frag, Spec))
          return;
    return;
  }
  if (D->isTemplated())
    return;
  if (const WmmaFragment *Frag = decodeWmmaFragment(Ctx, D->getType()))
    Visit(*Frag, F);
}

/// The WMMA call of a match of `callExpr(isWmmaCall()).bind("call")` or
/// `unresolvedLookupExpr(isWmmaLookup()).bind("lookup")` (the callee of a
/// RecoveryExpr: a call that matched no overload), with the function whose
/// body holds it (BodyParents). nullopt for a lookup that is the callee of a
/// CallExpr (the "call" match has it) or for anything else.
inline std::optional<std::pair<WmmaCall, const clang::FunctionDecl *>>
matchedWmmaCall(const clang::ast_matchers::MatchFinder::MatchResult &Result) {
  BodyParents &BP = BodyParents::forAST(*Result.Context);
  if (const auto *CE = Result.Nodes.getNodeAs<clang::CallExpr>("call")) {
    if (auto C = decodeWmmaCall(CE))
      return std::make_pair(*C, BP.enclosingFunction(CE));
    return std::nullopt;
  }
  const auto *ULE = Result.Nodes.getNodeAs<clang::UnresolvedLookupExpr>("lookup");
  if (!ULE)
    return std::nullopt;
  const auto *RE = llvm::dyn_cast_or_null<clang::RecoveryExpr>(BP.parent(ULE).S);
  if (!RE)
    return std::nullopt;
  if (auto C = decodeWmmaCall(RE))
    return std::make_pair(*C, BP.enclosingFunction(RE));
  return std::nullopt;
}

/// A key of \p Loc's line for CudaCheck::reportOnce (one finding per user
/// line however many instantiations or sides reach it).
inline const void *lineKey(const clang::SourceManager &SM, clang::SourceLocation Loc) {
  clang::SourceLocation L = SM.getExpansionLoc(Loc);
  auto [FID, Off] = SM.getDecomposedLoc(L);
  unsigned Line = SM.getLineNumber(FID, Off);
  return reinterpret_cast<const void *>(
      (static_cast<uintptr_t>(FID.getHashValue()) << 24) ^ Line ^ 0x1000000);
}

/// The WMMA rules' matchers, shared (CudaCheck::addSharedMatcher: one
/// evaluation per node for every WMMA rule that registers it): declarations
/// of a fragment type bound as "decl", WMMA calls as "call", unresolved
/// look-ups of a WMMA function (in templates) as "lookup".
inline void addWmmaFragmentDeclMatcher(CudaCheck &Check,
                                       clang::ast_matchers::MatchFinder *Finder) {
  using namespace clang::ast_matchers;
  Check.addSharedMatcher(Finder, "cuda-wmma: fragment declarations",
                         declaratorDecl(hasWmmaFragmentType()).bind("decl"));
}
inline void addWmmaCallMatcher(CudaCheck &Check, clang::ast_matchers::MatchFinder *Finder) {
  using namespace clang::ast_matchers;
  Check.addSharedMatcher(Finder, "cuda-wmma: calls", callExpr(isWmmaCall()).bind("call"));
}
inline void addWmmaLookupMatcher(CudaCheck &Check, clang::ast_matchers::MatchFinder *Finder) {
  using namespace clang::ast_matchers;
  Check.addSharedMatcher(Finder, "cuda-wmma: look-ups",
                         unresolvedLookupExpr(isWmmaLookup()).bind("lookup"));
}

} // namespace cuda_lint

#endif
