#include "Attributes.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace cuda_lint {
namespace {

constexpr llvm::StringLiteral AnnotationPrefix = "cuda-lint.";

/// The expression an identifier argument of an attribute names, looked up
/// in the current scope; nullptr when it names nothing usable.
Expr *lookupIdentifierArg(Sema &S, const IdentifierLoc *Ident) {
  if (!Ident || !Ident->getIdentifierInfo())
    return nullptr;
  LookupResult R(S, DeclarationName(Ident->getIdentifierInfo()),
                 Ident->getLoc(), Sema::LookupOrdinaryName);
  // Never diagnose here: an argument that names nothing usable is the
  // checks' finding (cuda-maxnreg-value), not a lookup error.
  R.suppressDiagnostics();
  if (!S.LookupName(R, S.getCurScope()) || !R.isSingleResult())
    return nullptr;
  CXXScopeSpec SS;
  ExprResult E = S.BuildDeclarationNameExpr(SS, R, /*NeedsADL=*/false);
  return E.isUsable() ? E.get() : nullptr;
}

/// Keeps one CUDA attribute that clang 22 does not know as an AnnotateAttr
/// named "cuda-lint.<Traits::Name>". Traits::HasArg: the attribute takes one
/// expression argument (maxnreg(N)). Registry entries are default-constructed.
template <typename Traits> struct KeptCudaAttrInfo : public ParsedAttrInfo {
  static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, Traits::Name},
                                   {ParsedAttr::AS_Declspec, Traits::Name},
                                   {ParsedAttr::AS_CXX11, Traits::CxxName}};
  KeptCudaAttrInfo() {
    NumArgs = Traits::HasArg ? 1 : 0;
    OptArgs = 0;
    Spellings = S;
  }

  bool isParamExpr(size_t N) const override { return Traits::HasArg && N == 0; }

  AttrHandling handleDeclAttribute(Sema &Sema, Decl *D,
                                   const ParsedAttr &Attr) const override {
    llvm::SmallVector<Expr *, 1> Args;
    for (unsigned I = 0; I < Attr.getNumArgs(); ++I) {
      if (Attr.isArgExpr(I)) {
        Args.push_back(Attr.getArgAsExpr(I));
        continue;
      }
      // The parser keeps a lone identifier argument of an attribute it does
      // not know (`maxnreg(N)`, `maxnreg(kCap)`) as an identifier: look it
      // up where the declaration is, so a template parameter or a constant
      // becomes an expression that templates instantiate.
      if (Attr.isArgIdent(I))
        if (Expr *E = lookupIdentifierArg(Sema, Attr.getArgAsIdent(I)))
          Args.push_back(E);
    }
    std::string Annotation = (AnnotationPrefix + Traits::Name).str();
    D->addAttr(AnnotateAttr::Create(Sema.Context, Annotation, Args.data(),
                                    Args.size(), Attr.getRange()));
    return AttributeApplied;
  }
};

#define CUDA_LINT_KEPT_ATTR(Ident, Spelled, HasArgument)                       \
  struct Ident##Traits {                                                       \
    static constexpr const char *Name = Spelled;                               \
    static constexpr const char *CxxName = "nv::" Spelled;                     \
    static constexpr bool HasArg = HasArgument;                                \
  };                                                                           \
  static ParsedAttrInfoRegistry::Add<KeptCudaAttrInfo<Ident##Traits>> Ident##Reg( \
      "cuda-lint-" Spelled, "keeps the CUDA attribute " Spelled);

// Spellings as the CUDA 13 headers produce them (crt/host_defines.h).
CUDA_LINT_KEPT_ATTR(Maxnreg, "maxnreg", true)
CUDA_LINT_KEPT_ATTR(LocalMaxnreg, "local_maxnreg", true)
CUDA_LINT_KEPT_ATTR(Tile, "tile", false)
CUDA_LINT_KEPT_ATTR(TileGlobal, "tile_global", false)
CUDA_LINT_KEPT_ATTR(TileBuiltin, "tile_builtin", false)
#undef CUDA_LINT_KEPT_ATTR

} // namespace

void linkCudaAttributes() {}

const AnnotateAttr *getCudaAttr(const Decl *D, llvm::StringRef Name) {
  if (!D)
    return nullptr;
  for (const auto *A : D->specific_attrs<AnnotateAttr>()) {
    llvm::StringRef Ann = A->getAnnotation();
    if (Ann.consume_front(AnnotationPrefix) && Ann == Name)
      return A;
  }
  return nullptr;
}

std::pair<const AnnotateAttr *, const Decl *>
findCudaAttrOnAnyRedecl(const FunctionDecl *FD, llvm::StringRef Name) {
  if (!FD)
    return {nullptr, nullptr};
  // Prefer the declaration that spells the attribute over one that inherits it.
  std::pair<const AnnotateAttr *, const Decl *> Inherited{nullptr, nullptr};
  for (const FunctionDecl *R : FD->redecls())
    if (const AnnotateAttr *A = getCudaAttr(R, Name)) {
      if (!A->isInherited())
        return {A, R};
      if (!Inherited.first)
        Inherited = {A, R};
    }
  if (Inherited.first)
    return Inherited;
  if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
    for (const auto *R : T->redecls()) {
      const FunctionDecl *Pattern = cast<FunctionTemplateDecl>(R)->getTemplatedDecl();
      if (const AnnotateAttr *A = getCudaAttr(Pattern, Name))
        return {A, Pattern};
    }
  return {nullptr, nullptr};
}

const Expr *getCudaAttrArg(const AnnotateAttr *A) {
  if (!A || A->args_size() == 0)
    return nullptr;
  return *A->args_begin();
}

bool isTileKernel(const FunctionDecl *FD) {
  return findCudaAttrOnAnyRedecl(FD, "tile_global").first != nullptr;
}

} // namespace cuda_lint
