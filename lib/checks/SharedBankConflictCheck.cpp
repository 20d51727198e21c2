#include "checks/SharedBankConflictCheck.h"
#include "analysis/Uniformity.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

void SharedBankConflictCheck::registerMatchers(MatchFinder *Finder) {
  auto Shared = declRefExpr(to(varDecl(hasAttr(attr::CUDAShared)).bind("var")));
  auto InDeviceCode = forFunction(
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
/// Counts the references to one variable and those that are a full `v[i][j]`.
struct UseCount : RecursiveASTVisitor<UseCount> {
  const VarDecl *VD;
  unsigned Refs = 0, Full = 0;
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    Refs += DRE->getDecl() == VD;
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    const auto *In = dyn_cast<ArraySubscriptExpr>(ASE->getBase()->IgnoreParenImpCasts());
    if (!In)
      return true;
    const auto *DRE = dyn_cast<DeclRefExpr>(In->getBase()->IgnoreParenImpCasts());
    Full += DRE && DRE->getDecl() == VD;
    return true;
  }
};
} // namespace

std::string SharedBankConflictCheck::unsafeBecause(const VarDecl *VD) {
  const auto *Owner = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!Owner || !Owner->getBody())
    return "the array is declared at namespace scope, where other code may "
           "depend on its layout";
  UseCount C;
  C.VD = VD;
  C.TraverseStmt(const_cast<Stmt *>(Owner->getBody()));
  if (C.Refs != C.Full)
    return "the array is used other than as '" + VD->getName().str() +
           "[i][j]' (its address, a row, or its size), which may depend on the "
           "row length";
  return "";
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
              if (End.isValid() && !End.isMacroID()) {
                Fix = FixItHint::CreateInsertion(End, " + 1");
                Unsafe = unsafeBecause(A.Var);
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
