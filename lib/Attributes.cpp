#include "Attributes.h"
#include "analysis/PerASTContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Scope.h"
#include "clang/Lex/Preprocessor.h"
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

/// Argument \p I of an attribute clang parses generically (a plugin
/// attribute), as an expression: clang keeps a lone identifier first argument
/// (`launch_bounds(kThreads)`, `launch_bounds(N)` in a template) as an
/// IdentifierLoc; it is looked up like lookupIdentifierArg does.
Expr *attrArgExpr(Sema &S, const ParsedAttr &Attr, unsigned I) {
  if (I >= Attr.getNumArgs())
    return nullptr;
  if (Attr.isArgExpr(I))
    return Attr.getArgAsExpr(I);
  return Attr.isArgIdent(I) ? lookupIdentifierArg(S, Attr.getArgAsIdent(I)) : nullptr;
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

//===----------------------------------------------------------------------===//
// Compatibility with nvcc for __launch_bounds__ and __cluster_dims__.
//
// nvcc 13.0 accepts, and clang 22 rejects or drops:
//  - `__cluster_dims__()` (cluster dimensions given at launch): clang 22
//    errors "'cluster_dims' attribute takes at least 1 argument";
//  - `__cluster_dims__(16,1,1)`, `(4,4,1)`: clang errors ("cluster does not
//    support more than 8 thread blocks", "cannot be represented in a 4-bit
//    unsigned integer type"), nvcc accepts (16 is legal on sm_90 with
//    cudaFuncAttributeNonPortableClusterSizeAllowed);
//  - `__launch_bounds__(t, b, c)` on the host side and below sm_90: clang 22
//    drops the whole attribute ("maxclusterrank requires sm_90 or higher").
// installCudaAttributeCompat() makes the two CUDA macros expand to
// cuda_lint_launch_bounds / cuda_lint_cluster_dims, handled here: they build
// clang's own CUDALaunchBoundsAttr / CUDAClusterDimsAttr without those
// checks (the rules cuda-cluster-size, cuda-cluster-dims-arch and
// cuda-launch-bounds-invalid report them instead), and keep the argument-less
// form as the AnnotateAttr "cuda-lint.cluster_dims".
//===----------------------------------------------------------------------===//

/// A non-dependent integer constant argument converted like clang's own
/// handlers do; nullptr (and clang's diagnostic) if it is not one.
Expr *constantArg(Sema &S, Expr *E) {
  if (!E || E->isValueDependent())
    return E;
  llvm::APSInt Value;
  ExprResult R = S.VerifyIntegerConstantExpression(E, &Value);
  return R.isInvalid() ? nullptr : R.get();
}

/// The attribute info clang's own handlers receive for `__attribute__((Name))`.
/// It must carry the attribute's name: clang's diagnostics about the
/// attribute (also when a template's attribute is instantiated) print it, and
/// a nameless one crashed the diagnostic formatter (a template kernel with a
/// three-argument `__launch_bounds__` on the host side).
AttributeCommonInfo commonInfo(Sema &S, const ParsedAttr &Attr,
                               AttributeCommonInfo::Kind K, llvm::StringRef Name) {
  return AttributeCommonInfo(
      &S.Context.Idents.get(Name), AttributeScopeInfo(), Attr.getRange(), K,
      AttributeCommonInfo::Form(AttributeCommonInfo::AS_GNU, 0, false, false));
}

struct CompatLaunchBoundsInfo : public ParsedAttrInfo {
  static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "cuda_lint_launch_bounds"}};
  CompatLaunchBoundsInfo() {
    NumArgs = 1;
    OptArgs = 2;
    Spellings = S;
  }
  bool isParamExpr(size_t) const override { return true; }
  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    Expr *Args[3] = {nullptr, nullptr, nullptr};
    bool Dependent = false;
    for (unsigned I = 0; I < Attr.getNumArgs() && I < 3; ++I) {
      Args[I] = attrArgExpr(S, Attr, I);
      Dependent |= Args[I] && Args[I]->isValueDependent();
    }
    AttributeCommonInfo CI = commonInfo(S, Attr, AttributeCommonInfo::AT_CUDALaunchBounds, "launch_bounds");
    if (!Args[0])
      return AttributeApplied; // clang's own diagnostic was given
    // A template: clang's own handling instantiates it.
    if (Dependent) {
      S.AddLaunchBoundsAttr(D, CI, Args[0], Args[1], Args[2]);
      return AttributeApplied;
    }
    for (Expr *&A : Args)
      if (A && !(A = constantArg(S, A)))
        return AttributeApplied;
    D->addAttr(CUDALaunchBoundsAttr::Create(S.Context, Args[0], Args[1], Args[2], CI));
    return AttributeApplied;
  }
};

struct CompatClusterDimsInfo : public ParsedAttrInfo {
  static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "cuda_lint_cluster_dims"}};
  CompatClusterDimsInfo() {
    NumArgs = 0;
    OptArgs = 3;
    Spellings = S;
  }
  bool isParamExpr(size_t) const override { return true; }
  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    if (Attr.getNumArgs() == 0) {
      D->addAttr(AnnotateAttr::Create(S.Context,
                                      (AnnotationPrefix + "cluster_dims").str(),
                                      nullptr, 0, Attr.getRange()));
      return AttributeApplied;
    }
    Expr *Args[3] = {nullptr, nullptr, nullptr};
    bool Dependent = false;
    for (unsigned I = 0; I < Attr.getNumArgs() && I < 3; ++I) {
      Args[I] = attrArgExpr(S, Attr, I);
      Dependent |= Args[I] && Args[I]->isValueDependent();
    }
    if (!Args[0])
      return AttributeApplied;
    if (Dependent) {
      S.addClusterDimsAttr(D, commonInfo(S, Attr, AttributeCommonInfo::AT_CUDAClusterDims, "cluster_dims"),
                           Args[0], Args[1], Args[2]);
      return AttributeApplied;
    }
    for (Expr *&A : Args)
      if (A && !(A = constantArg(S, A)))
        return AttributeApplied;
    D->addAttr(CUDAClusterDimsAttr::Create(
        S.Context, Args[0], Args[1], Args[2],
        commonInfo(S, Attr, AttributeCommonInfo::AT_CUDAClusterDims, "cluster_dims")));
    return AttributeApplied;
  }
};

static ParsedAttrInfoRegistry::Add<CompatLaunchBoundsInfo>
    CompatLaunchBoundsReg("cuda-lint-launch-bounds",
                          "__launch_bounds__ as nvcc accepts it");
static ParsedAttrInfoRegistry::Add<CompatClusterDimsInfo>
    CompatClusterDimsReg("cuda-lint-cluster-dims",
                         "__cluster_dims__ as nvcc accepts it");

constexpr llvm::StringLiteral CompatPredefines =
    "\n// cuda-lint: __launch_bounds__ and __cluster_dims__ as nvcc accepts them\n"
    "#ifdef __launch_bounds__\n#undef __launch_bounds__\n"
    "#define __launch_bounds__(...) "
    "__attribute__((cuda_lint_launch_bounds(__VA_ARGS__)))\n#endif\n"
    "#ifdef __cluster_dims__\n#undef __cluster_dims__\n"
    "#define __cluster_dims__(...) "
    "__attribute__((cuda_lint_cluster_dims(__VA_ARGS__)))\n#endif\n";

} // namespace

void linkCudaAttributes() {}

llvm::StringRef cudaAttributeCompatPredefines() { return CompatPredefines; }

void installCudaAttributeCompat(Preprocessor &PP) {
  if (!PP.getLangOpts().CUDA)
    return;
  // Every check of the side asks (61 of them); the first one appends, so
  // the others find it at the end without searching the predefines (tens of
  // KB on an nvcc command: 1% of a small side's time went to the search).
  llvm::StringRef Predefines = PP.getPredefines();
  if (Predefines.ends_with(CompatPredefines) || Predefines.contains(CompatPredefines))
    return;
  PP.setPredefines((Predefines + CompatPredefines).str());
}

namespace {
/// The values of the translation unit's `__launch_bounds__` arguments, each
/// folded once: several rules and the uniformity analysis ask for every
/// kernel's bounds, and an argument such as ggml's `mmq_get_nwarps_device() *
/// warp_size` is a constexpr call whose evaluation costs as much as a small
/// function's analysis.
struct LaunchBoundsValues {
  explicit LaunchBoundsValues(ASTContext &) {}
  llvm::DenseMap<const Expr *, std::optional<llvm::APSInt>> Values;
};
} // namespace

std::optional<llvm::APSInt> launchBoundsArgValue(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  auto &Values = perASTContext<LaunchBoundsValues>(const_cast<ASTContext &>(Ctx)).Values;
  auto [It, New] = Values.try_emplace(E);
  if (New) {
    Expr::EvalResult Res;
    if (E->EvaluateAsInt(Res, Ctx))
      It->second = Res.Val.getInt();
  }
  return It->second;
}

CudaLaunchBounds getLaunchBounds(const FunctionDecl *FD, const ASTContext &Ctx) {
  CudaLaunchBounds R;
  if (!FD)
    return R;
  auto Eval = [&](const Expr *E) -> std::optional<uint64_t> {
    std::optional<llvm::APSInt> V = launchBoundsArgValue(E, Ctx);
    if (!V || V->isNegative())
      return std::nullopt;
    return V->getZExtValue();
  };
  auto Take = [&](const FunctionDecl *D) {
    for (const FunctionDecl *Rd : D->redecls())
      if (const auto *A = Rd->getAttr<CUDALaunchBoundsAttr>())
        if (!R.Attr || !A->isInherited()) {
          R.Attr = A;
          R.MaxThreadsPerBlock = Eval(A->getMaxThreads());
          R.MinBlocksPerSM = Eval(A->getMinBlocks());
          R.MaxBlocksPerCluster = Eval(A->getMaxBlocks());
        }
  };
  Take(FD);
  return R;
}

CudaClusterDims getClusterDims(const FunctionDecl *FD, const ASTContext &Ctx) {
  CudaClusterDims R;
  if (!FD)
    return R;
  auto Eval = [&](const Expr *E) -> std::optional<uint64_t> {
    if (!E)
      return 1;
    Expr::EvalResult Res;
    if (E->isValueDependent() || !E->EvaluateAsInt(Res, Ctx) ||
        Res.Val.getInt().isNegative())
      return std::nullopt;
    return Res.Val.getInt().getZExtValue();
  };
  for (const FunctionDecl *Rd : FD->redecls()) {
    if (const auto *A = Rd->getAttr<CUDAClusterDimsAttr>()) {
      R.K = CudaClusterDims::Fixed;
      R.Loc = A->getLocation();
      R.X = Eval(A->getX());
      R.Y = Eval(A->getY());
      R.Z = Eval(A->getZ());
      return R;
    }
    if (const AnnotateAttr *A = getCudaAttr(Rd, "cluster_dims")) {
      R.K = CudaClusterDims::AtLaunch;
      R.Loc = A->getLocation();
      return R;
    }
  }
  if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
    if (const AnnotateAttr *A = getCudaAttr(T->getTemplatedDecl(), "cluster_dims")) {
      R.K = CudaClusterDims::AtLaunch;
      R.Loc = A->getLocation();
    }
  return R;
}

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

bool isManagedVar(const VarDecl *VD) {
  if (!VD)
    return false;
  for (const VarDecl *R : VD->redecls())
    if (getCudaAttr(R, "managed") || R->hasAttr<HIPManagedAttr>())
      return true;
  // A static data member of a class template specialization: its pattern.
  if (const VarDecl *Pattern = VD->getTemplateInstantiationPattern(); Pattern && Pattern != VD)
    return isManagedVar(Pattern);
  return false;
}

bool isTileKernel(const FunctionDecl *FD) {
  return findCudaAttrOnAnyRedecl(FD, "tile_global").first != nullptr;
}

} // namespace cuda_lint
