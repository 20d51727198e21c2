#include "analysis/WmmaFragment.h"
#include "analysis/PerASTContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSwitch.h"
#include <memory>

using namespace clang;

namespace cuda_lint {

std::string WmmaShape::str() const {
  return std::to_string(M) + "x" + std::to_string(N) + "x" + std::to_string(K);
}

/// Whether \p DC is `nvcuda::wmma` or nested in it.
static bool isWmmaContext(const DeclContext *DC) {
  for (; DC; DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS || !NS->getIdentifier())
      continue;
    if (NS->getName() != "wmma")
      continue;
    const auto *Outer = dyn_cast<NamespaceDecl>(NS->getParent());
    if (Outer && Outer->getIdentifier() && Outer->getName() == "nvcuda" &&
        Outer->getParent()->getRedeclContext()->isTranslationUnit())
      return true;
  }
  return false;
}

bool isInWmmaNamespace(const Decl *D) {
  if (!D)
    return false;
  return isWmmaContext(D->getCanonicalDecl()->getDeclContext());
}

/// The name of the record \p T names, if it is declared in nvcuda::wmma (or
/// below), else "".
static StringRef wmmaTagName(QualType T) {
  const auto *RD = T.isNull() ? nullptr : T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier() || !isInWmmaNamespace(RD))
    return "";
  return RD->getName();
}

static WmmaElem elemOf(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *BT = T->getAs<BuiltinType>()) {
    switch (BT->getKind()) {
    case BuiltinType::Double:
      return WmmaElem::Double;
    case BuiltinType::Float:
      return WmmaElem::Float;
    case BuiltinType::SChar:
      return WmmaElem::SChar;
    case BuiltinType::UChar:
      return WmmaElem::UChar;
    case BuiltinType::Int:
      return WmmaElem::Int;
    default:
      return WmmaElem::Other;
    }
  }
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return WmmaElem::Other;
  StringRef Name = RD->getName();
  if (RD->getDeclContext()->getRedeclContext()->isTranslationUnit()) {
    if (Name == "__half")
      return WmmaElem::Half;
    if (Name == "__nv_bfloat16")
      return WmmaElem::BFloat16;
    return WmmaElem::Other;
  }
  if (!isInWmmaNamespace(RD))
    return WmmaElem::Other;
  return llvm::StringSwitch<WmmaElem>(Name)
      .Case("tf32", WmmaElem::TF32)
      .Case("u4", WmmaElem::U4)
      .Case("s4", WmmaElem::S4)
      .Case("b1", WmmaElem::B1)
      .Default(WmmaElem::Other);
}

static std::optional<WmmaFragment>
decodeArgs(llvm::ArrayRef<TemplateArgument> Args) {
  if (Args.size() != 6)
    return std::nullopt;
  for (unsigned I : {0u, 4u, 5u})
    if (Args[I].getKind() != TemplateArgument::Type)
      return std::nullopt;
  WmmaFragment F;
  int Dims[3];
  for (unsigned I = 1; I <= 3; ++I) {
    if (Args[I].getKind() != TemplateArgument::Integral)
      return std::nullopt;
    Dims[I - 1] = static_cast<int>(Args[I].getAsIntegral().getExtValue());
  }
  F.Shape = {Dims[0], Dims[1], Dims[2]};
  F.Use = llvm::StringSwitch<WmmaUse>(wmmaTagName(Args[0].getAsType()))
              .Case("matrix_a", WmmaUse::MatrixA)
              .Case("matrix_b", WmmaUse::MatrixB)
              .Case("accumulator", WmmaUse::Accumulator)
              .Default(WmmaUse::Other);
  F.ElemType = Args[4].getAsType();
  F.Elem = elemOf(F.ElemType);
  QualType L = Args[5].getAsType();
  if (L->isVoidType())
    F.Layout = WmmaLayout::Void;
  else
    F.Layout = llvm::StringSwitch<WmmaLayout>(wmmaTagName(L))
                   .Case("row_major", WmmaLayout::RowMajor)
                   .Case("col_major", WmmaLayout::ColMajor)
                   .Default(WmmaLayout::Other);
  return F;
}

namespace {
/// The decoded fragments of one translation unit, by canonical type.
struct FragmentCache {
  explicit FragmentCache(ASTContext &) {}
  llvm::DenseMap<const Type *, std::unique_ptr<WmmaFragment>> Map;
};
} // namespace

const WmmaFragment *decodeWmmaFragment(ASTContext &Ctx, QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType();
  if (T->isArrayType())
    T = Ctx.getBaseElementType(T);
  const Type *Canon = T.getCanonicalType().getTypePtr();
  // Cheap rejection first: most types are not a record named `fragment`.
  const auto *RT = dyn_cast<RecordType>(Canon);
  if (!RT)
    return nullptr;
  const auto *CTSD = dyn_cast<ClassTemplateSpecializationDecl>(RT->getDecl());
  if (!CTSD || !CTSD->getIdentifier() || CTSD->getName() != "fragment")
    return nullptr;
  FragmentCache &Cache = perASTContext<FragmentCache>(Ctx);
  auto [It, Inserted] = Cache.Map.try_emplace(Canon);
  if (Inserted && isInWmmaNamespace(CTSD->getSpecializedTemplate()))
    if (auto F = decodeArgs(CTSD->getTemplateArgs().asArray()))
      It->second = std::make_unique<WmmaFragment>(*F);
  return It->second.get();
}

std::optional<WmmaFragment>
decodeWmmaFragmentIn(ASTContext &Ctx, QualType T, const FunctionDecl *Spec) {
  if (T.isNull() || !Spec)
    return std::nullopt;
  const TemplateArgumentList *SpecArgs = Spec->getTemplateSpecializationArgs();
  const FunctionTemplateDecl *FTD = Spec->getPrimaryTemplate();
  if (!SpecArgs || !FTD)
    return std::nullopt;
  unsigned Depth = FTD->getTemplateParameters()->getDepth();
  T = T.getNonReferenceType();
  while (const ArrayType *AT = Ctx.getAsArrayType(T))
    T = AT->getElementType();
  const auto *TST = T.getCanonicalType()->getAs<TemplateSpecializationType>();
  if (!TST)
    return std::nullopt;
  const auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(
      TST->getTemplateName().getAsTemplateDecl());
  if (!CTD || !CTD->getIdentifier() || CTD->getName() != "fragment" ||
      !isInWmmaNamespace(CTD))
    return std::nullopt;
  llvm::SmallVector<TemplateArgument, 6> Args;
  for (const TemplateArgument &A : TST->template_arguments()) {
    switch (A.getKind()) {
    case TemplateArgument::Type: {
      QualType AT = A.getAsType().getCanonicalType();
      if (const auto *P = dyn_cast<TemplateTypeParmType>(AT)) {
        if (P->getDepth() != Depth || P->getIndex() >= SpecArgs->size() ||
            SpecArgs->get(P->getIndex()).getKind() != TemplateArgument::Type)
          return std::nullopt;
        Args.push_back(SpecArgs->get(P->getIndex()));
      } else if (AT->isDependentType()) {
        return std::nullopt;
      } else {
        Args.push_back(A);
      }
      break;
    }
    case TemplateArgument::Integral:
      Args.push_back(A);
      break;
    case TemplateArgument::Expression: {
      const Expr *E = A.getAsExpr()->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        if (const auto *P = dyn_cast<NonTypeTemplateParmDecl>(DRE->getDecl())) {
          if (P->getDepth() != Depth || P->getIndex() >= SpecArgs->size() ||
              SpecArgs->get(P->getIndex()).getKind() != TemplateArgument::Integral)
            return std::nullopt;
          Args.push_back(SpecArgs->get(P->getIndex()));
          break;
        }
      if (E->isValueDependent())
        return std::nullopt;
      auto V = E->getIntegerConstantExpr(Ctx);
      if (!V)
        return std::nullopt;
      Args.push_back(TemplateArgument(Ctx, *V, Ctx.IntTy));
      break;
    }
    default:
      return std::nullopt;
    }
  }
  if (Args.size() == 5)
    Args.push_back(TemplateArgument(Ctx.VoidTy));
  return decodeArgs(Args);
}

static std::optional<WmmaFunction> functionNamed(StringRef Name) {
  return llvm::StringSwitch<std::optional<WmmaFunction>>(Name)
      .Case("load_matrix_sync", WmmaFunction::Load)
      .Case("store_matrix_sync", WmmaFunction::Store)
      .Case("fill_fragment", WmmaFunction::Fill)
      .Case("mma_sync", WmmaFunction::Mma)
      .Case("bmma_sync", WmmaFunction::Bmma)
      .Default(std::nullopt);
}

/// The WMMA function an unresolved callee names (every declaration it found
/// is in nvcuda::wmma).
static std::optional<WmmaFunction> unresolvedCallee(const Expr *Callee) {
  const auto *ULE = dyn_cast_or_null<UnresolvedLookupExpr>(
      Callee ? Callee->IgnoreParenImpCasts() : nullptr);
  if (!ULE || !ULE->getName().isIdentifier() || ULE->getNumDecls() == 0)
    return std::nullopt;
  auto Fn = functionNamed(ULE->getName().getAsIdentifierInfo()->getName());
  if (!Fn)
    return std::nullopt;
  for (const NamedDecl *D : ULE->decls())
    if (!isInWmmaNamespace(D->getUnderlyingDecl()))
      return std::nullopt;
  return Fn;
}

std::optional<WmmaCall> decodeWmmaCall(const Expr *E) {
  if (!E)
    return std::nullopt;
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    WmmaCall C;
    C.E = CE;
    if (const FunctionDecl *FD = CE->getDirectCallee()) {
      if (!FD->getIdentifier())
        return std::nullopt;
      auto Fn = functionNamed(FD->getName());
      if (!Fn || !isInWmmaNamespace(FD))
        return std::nullopt;
      C.Fn = *Fn;
      C.Callee = FD;
    } else if (auto Fn = unresolvedCallee(CE->getCallee())) {
      C.Fn = *Fn;
    } else {
      return std::nullopt;
    }
    for (const Expr *A : CE->arguments())
      if (!isa<CXXDefaultArgExpr>(A))
        C.Args.push_back(A);
    return C;
  }
  if (const auto *RE = dyn_cast<RecoveryExpr>(E)) {
    auto Subs = RE->subExpressions();
    if (Subs.empty())
      return std::nullopt;
    auto Fn = unresolvedCallee(Subs.front());
    if (!Fn)
      return std::nullopt;
    WmmaCall C;
    C.Fn = *Fn;
    C.E = RE;
    for (const Expr *A : Subs.drop_front())
      C.Args.push_back(A);
    return C;
  }
  return std::nullopt;
}

StringRef WmmaCall::name() const {
  switch (Fn) {
  case WmmaFunction::Load:
    return "load_matrix_sync";
  case WmmaFunction::Store:
    return "store_matrix_sync";
  case WmmaFunction::Fill:
    return "fill_fragment";
  case WmmaFunction::Mma:
    return "mma_sync";
  case WmmaFunction::Bmma:
    return "bmma_sync";
  }
  return "";
}

StringRef toString(WmmaElem E) {
  switch (E) {
  case WmmaElem::Half:
    return "half";
  case WmmaElem::BFloat16:
    return "__nv_bfloat16";
  case WmmaElem::TF32:
    return "precision::tf32";
  case WmmaElem::Double:
    return "double";
  case WmmaElem::Float:
    return "float";
  case WmmaElem::SChar:
    return "signed char";
  case WmmaElem::UChar:
    return "unsigned char";
  case WmmaElem::Int:
    return "int";
  case WmmaElem::U4:
    return "experimental::precision::u4";
  case WmmaElem::S4:
    return "experimental::precision::s4";
  case WmmaElem::B1:
    return "experimental::precision::b1";
  case WmmaElem::Other:
    break;
  }
  return "?";
}

StringRef toString(WmmaUse U) {
  switch (U) {
  case WmmaUse::MatrixA:
    return "matrix_a";
  case WmmaUse::MatrixB:
    return "matrix_b";
  case WmmaUse::Accumulator:
    return "accumulator";
  case WmmaUse::Other:
    break;
  }
  return "?";
}

StringRef toString(WmmaLayout L) {
  switch (L) {
  case WmmaLayout::Void:
    return "void";
  case WmmaLayout::RowMajor:
    return "row_major";
  case WmmaLayout::ColMajor:
    return "col_major";
  case WmmaLayout::Other:
    break;
  }
  return "?";
}

bool isSubByte(WmmaElem E) {
  return E == WmmaElem::U4 || E == WmmaElem::S4 || E == WmmaElem::B1;
}

bool isMultiplicandElem(WmmaElem E) { return !shapesFor(E).empty(); }

llvm::ArrayRef<WmmaShape> shapesFor(WmmaElem E) {
  static const WmmaShape Sixteen[] = {{16, 16, 16}, {32, 8, 16}, {8, 32, 16}};
  static const WmmaShape TF32[] = {{16, 16, 8}};
  static const WmmaShape Double[] = {{8, 8, 4}};
  static const WmmaShape Four[] = {{8, 8, 32}};
  static const WmmaShape One[] = {{8, 8, 128}};
  switch (E) {
  case WmmaElem::Half:
  case WmmaElem::BFloat16:
  case WmmaElem::SChar:
  case WmmaElem::UChar:
    return Sixteen;
  case WmmaElem::TF32:
    return TF32;
  case WmmaElem::Double:
    return Double;
  case WmmaElem::U4:
  case WmmaElem::S4:
    return Four;
  case WmmaElem::B1:
    return One;
  default:
    return {};
  }
}

llvm::ArrayRef<WmmaElem> accumulatorsFor(WmmaElem E) {
  static const WmmaElem HalfAcc[] = {WmmaElem::Half, WmmaElem::Float};
  static const WmmaElem FloatAcc[] = {WmmaElem::Float};
  static const WmmaElem IntAcc[] = {WmmaElem::Int};
  static const WmmaElem DoubleAcc[] = {WmmaElem::Double};
  switch (E) {
  case WmmaElem::Half:
    return HalfAcc;
  case WmmaElem::BFloat16:
  case WmmaElem::TF32:
    return FloatAcc;
  case WmmaElem::SChar:
  case WmmaElem::UChar:
  case WmmaElem::U4:
  case WmmaElem::S4:
  case WmmaElem::B1:
    return IntAcc;
  case WmmaElem::Double:
    return DoubleAcc;
  default:
    return {};
  }
}

bool isSupportedAccumulator(WmmaShape Shape, WmmaElem Acc) {
  for (WmmaElem M : {WmmaElem::Half, WmmaElem::BFloat16, WmmaElem::TF32,
                     WmmaElem::Double, WmmaElem::SChar, WmmaElem::U4, WmmaElem::B1})
    if (llvm::is_contained(shapesFor(M), Shape) &&
        llvm::is_contained(accumulatorsFor(M), Acc))
      return true;
  return false;
}

bool WmmaFragment::isSupported() const {
  switch (Use) {
  case WmmaUse::MatrixA:
  case WmmaUse::MatrixB:
    if (!llvm::is_contained(shapesFor(Elem), Shape))
      return false;
    if (isSubByte(Elem))
      return Layout == (Use == WmmaUse::MatrixA ? WmmaLayout::RowMajor
                                                : WmmaLayout::ColMajor);
    return Layout == WmmaLayout::RowMajor || Layout == WmmaLayout::ColMajor;
  case WmmaUse::Accumulator:
    return Layout == WmmaLayout::Void && isSupportedAccumulator(Shape, Elem);
  case WmmaUse::Other:
    break;
  }
  return false;
}

std::string WmmaFragment::str() const {
  std::string S = "fragment<";
  S += toString(Use);
  S += ", " + std::to_string(Shape.M) + ", " + std::to_string(Shape.N) + ", " +
       std::to_string(Shape.K) + ", ";
  S += Elem == WmmaElem::Other ? ElemType.getAsString() : toString(Elem).str();
  if (Layout != WmmaLayout::Void)
    S += ", " + toString(Layout).str();
  return S + ">";
}

unsigned minArchFor(WmmaElem E) {
  switch (E) {
  case WmmaElem::BFloat16:
  case WmmaElem::TF32:
  case WmmaElem::Double:
    return 80;
  case WmmaElem::SChar:
  case WmmaElem::UChar:
    return 72;
  case WmmaElem::U4:
  case WmmaElem::S4:
  case WmmaElem::B1:
    return 75;
  default:
    return 70;
  }
}

unsigned elemBits(WmmaElem E) {
  switch (E) {
  case WmmaElem::Half:
  case WmmaElem::BFloat16:
    return 16;
  case WmmaElem::TF32:
  case WmmaElem::Float:
  case WmmaElem::Int:
    return 32;
  case WmmaElem::Double:
    return 64;
  case WmmaElem::SChar:
  case WmmaElem::UChar:
    return 8;
  case WmmaElem::U4:
  case WmmaElem::S4:
    return 4;
  case WmmaElem::B1:
    return 1;
  case WmmaElem::Other:
    break;
  }
  return 0;
}

} // namespace cuda_lint
