#include "checks/SharedBankConflictCheck.h"
#include "analysis/BodyParents.h"
#include "analysis/Uniformity.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void SharedBankConflictCheck::registerMatchers(MatchFinder *Finder) {
  if (!onDeviceSide()) // the device side runs the code
    return;
  auto Shared = declRefExpr(to(varDecl(hasAttr(attr::CUDAShared)).bind("var")));
  auto InDeviceCode = forEnclosingFunction(
      functionDecl(isDefinition(),
                   anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)))
          .bind("fn"));
  Finder->addMatcher(
      arraySubscriptExpr(
          hasBase(ignoringParenImpCasts(
              arraySubscriptExpr(hasBase(ignoringParenImpCasts(Shared))).bind("inner"))),
          InDeviceCode)
          .bind("outer"),
      this);
}

/// The row length of \p T when it is a 2-D array of 4-byte elements whose
/// rows are a multiple of 32 elements long.
static std::optional<uint64_t> conflictingRowLength(QualType T, const ASTContext &Ctx) {
  const auto *Outer = Ctx.getAsConstantArrayType(T);
  if (!Outer)
    return std::nullopt;
  const auto *Inner = Ctx.getAsConstantArrayType(Outer->getElementType());
  if (!Inner)
    return std::nullopt;
  QualType Elem = Inner->getElementType();
  if (Elem->isArrayType() || Elem->isDependentType() || Elem->isIncompleteType() ||
      Ctx.getTypeSizeInChars(Elem).getQuantity() != 4)
    return std::nullopt;
  uint64_t Row = Inner->getZExtSize();
  if (Row == 0 || Row % 32 != 0)
    return std::nullopt;
  return Row;
}

void SharedBankConflictCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (!isDeviceSide(*Ctx))
    return;
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  const auto *Outer = Result.Nodes.getNodeAs<ArraySubscriptExpr>("outer");
  const auto *Inner = Result.Nodes.getNodeAs<ArraySubscriptExpr>("inner");
  const auto *Var = Result.Nodes.getNodeAs<VarDecl>("var");
  if (!FD || !Outer || !Inner || !Var || FD->isDependentContext() || FD->isInvalidDecl())
    return;
  if (Var->hasExternalStorage() || !conflictingRowLength(Var->getType(), *Ctx))
    return;
  Accesses.push_back({FD, Outer, Inner, Var});
}

namespace {
/// Counts the references to one variable, those that are a full `v[i][j]`, and
/// those whose type keeps the row length only where it cannot reach another
/// declaration: a subscript base, a row `v[i]` that decays to an element
/// pointer, an operand of sizeof/alignof.
struct UseCount : RecursiveASTVisitor<UseCount> {
  const VarDecl *VD;
  unsigned Refs = 0, Full = 0;
  // Rows counts the rows that must decay: those not read by sizeof (the visitor
  // sees the sizeof before its row, so it may go below zero in between).
  int Subscripted = 0, Rows = 0, RowsDecayed = 0, Sized = 0;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool isVar(const Expr *E) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  }
  /// `v[i]`: a subscript whose base is the variable.
  bool isRow(const Expr *E) const {
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens());
    return ASE && isVar(ASE->getBase());
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    Refs += DRE->getDecl() == VD;
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    if (isVar(ASE->getBase())) {
      ++Subscripted;
      ++Rows;
    }
    const auto *In = dyn_cast<ArraySubscriptExpr>(ASE->getBase()->IgnoreParenImpCasts());
    if (!In)
      return true;
    Full += isVar(In->getBase());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    if (ICE->getCastKind() == CK_ArrayToPointerDecay && isRow(ICE->getSubExpr()))
      ++RowsDecayed;
    return true;
  }
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (!E->isArgumentType()) {
      const Expr *Arg = E->getArgumentExpr();
      if (isVar(Arg) && isa<DeclRefExpr>(Arg->IgnoreParens()))
        ++Sized;
      else if (isRow(Arg))
        --Rows; // a row read by sizeof is not a use of its type elsewhere
    }
    return true;
  }
};
} // namespace

SharedBankConflictCheck::PadSafety SharedBankConflictCheck::padSafety(const VarDecl *VD) {
  PadSafety Out;
  const auto *Owner = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!Owner || !Owner->getBody()) {
    Out.Unsafe = "the array is declared at namespace scope, where other code may "
                 "depend on its layout";
    return Out;
  }
  UseCount C;
  C.VD = VD;
  C.TraverseStmt(const_cast<Stmt *>(Owner->getBody()));
  // A use whose type names the row length (the array decayed to 'T (*)[N]',
  // '&v', a row bound to 'T (&)[N]') may meet a declaration written for N:
  // padding would not compile (nvcc: argument of type "float (*)[33]" is
  // incompatible with parameter of type "float (*)[32]").
  Out.TypeEscapes = int(C.Refs) != C.Subscripted + C.Sized || C.Rows != C.RowsDecayed;
  if (C.Refs != C.Full)
    Out.Unsafe = "the array is used other than as '" + VD->getName().str() +
                 "[i][j]' (its address, a row, or its size), which may depend on the "
                 "row length";
  return Out;
}

void SharedBankConflictCheck::onEndOfTranslationUnit() {
  if (!Ctx || Accesses.empty()) {
    Accesses.clear();
    return;
  }
  UniformityContext &UC = UniformityContext::forAST(*Ctx);
  llvm::DenseSet<const VarDecl *> Fixed;
  for (const Access &A : Accesses) {
    SourceLocation Loc = userLoc(*SM, A.Outer->getBeginLoc());
    const void *Key = reinterpret_cast<const void *>(uintptr_t(Loc.getRawEncoding()));
    const FunctionUniformity *FU = UC.analyze(A.FD, {}, UC.optionsFor(A.FD));
    if (!FU)
      continue;
    UValue Row = FU->valueOf(A.Inner->getIdx());
    UValue Col = FU->valueOf(A.Outer->getIdx());
    if (Row.U != Uniformity::ThreadVarying || Col.U == Uniformity::ThreadVarying)
      continue;
    if (!reportOnce(Key))
      continue;
    uint64_t RowLen = *conflictingRowLength(A.Var->getType(), *Ctx);
    std::string Why = Row.Src.describe(*Ctx);
    if (Why.empty())
      Why = "depends on a thread-varying value";
    // The fix-it: pad the declaration's row, once per declaration.
    std::optional<FixItHint> Fix;
    std::string Unsafe;
    bool TypeEscapes = false;
    const FunctionDecl *Owner =
        dyn_cast_or_null<FunctionDecl>(A.Var->getParentFunctionOrMethod());
    bool Instantiated = Owner && Owner->getTemplateInstantiationPattern();
    if (!Instantiated && !A.Var->getLocation().isMacroID() && !Fixed.count(A.Var))
      if (TypeSourceInfo *TSI = A.Var->getTypeSourceInfo()) {
        TypeLoc TL = TSI->getTypeLoc().getUnqualifiedLoc();
        if (auto OuterTL = TL.getAs<ConstantArrayTypeLoc>())
          if (auto InnerTL = OuterTL.getElementLoc().getAs<ConstantArrayTypeLoc>())
            if (const Expr *Size = InnerTL.getSizeExpr()) {
              SourceLocation End = Lexer::getLocForEndOfToken(
                  Size->getEndLoc(), 0, *SM, Ctx->getLangOpts());
              PadSafety PS = padSafety(A.Var);
              TypeEscapes = PS.TypeEscapes;
              if (End.isValid() && !End.isMacroID() && !PS.TypeEscapes) {
                Fix = FixItHint::CreateInsertion(End, " + 1");
                Unsafe = PS.Unsafe;
              }
            }
      }
    {
      auto D = report(A.Outer->getBeginLoc(),
                      "'%0' accesses the '__shared__' array %1 at a row that varies "
                      "across the warp (%2) and a column that does not: its rows "
                      "are %3 4-byte words long, so every lane hits the same bank "
                      "and the accesses are serialized")
               << sourceText(*Ctx, A.Outer) << A.Var << Why << std::to_string(RowLen);
      if (Fix)
        D << *Fix;
    }
    if (TypeEscapes)
      note(A.Var->getLocation(),
           "declared here; padding the row by one element spreads the rows over the "
           "banks, but the array or a row is used as a type that names the row length "
           "(no fix-it: code written for that length would not compile)");
    else
      note(A.Var->getLocation(), Fix ? "pad the row by one element to spread the rows "
                                       "over the banks"
                                     : "declared here; padding the row by one element "
                                       "spreads the rows over the banks");
    noteInstantiation(A.FD);
    if (Fix) {
      Fixed.insert(A.Var);
      if (!Unsafe.empty())
        markFixUnsafe(A.Var->getLocation(), Unsafe);
    }
  }
  Accesses.clear();
}

CUDA_LINT_DEFINE_CHECK_FACTORY(SharedBankConflictCheck)

} // namespace cuda_lint
