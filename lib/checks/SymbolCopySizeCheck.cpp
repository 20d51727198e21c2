#include "checks/SymbolCopySizeCheck.h"
#include "analysis/CudaIntrinsics.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {
namespace {

/// The variable a symbol argument names: `sym`, `&sym`, `(const void *)&sym`.
const VarDecl *symbolOf(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParenCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

} // namespace

void SymbolCopySizeCheck::registerMatchers(MatchFinder *Finder) {
  addNamedCallsMatcher(Finder);
}

void SymbolCopySizeCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const IntrinsicInfo *I = Call ? lookupIntrinsic(Call) : nullptr;
  if (!I || I->Kind != IntrinsicKind::SymbolApi || I->ValueArg < 0 ||
      Call->getNumArgs() < 3 || Call->isValueDependent())
    return;
  // (symbol, src, count, offset, ...) and (dst, symbol, count, offset, ...).
  const VarDecl *Sym = symbolOf(Call->getArg(I->ValueArg));
  if (!Sym || (!Sym->hasAttr<CUDADeviceAttr>() && !Sym->hasAttr<CUDAConstantAttr>()))
    return;
  QualType T = Sym->getType();
  if (T->isDependentType() || T->isIncompleteType() || !T->isConstantSizeType())
    return;
  const Expr *CountE = Call->getArg(2);
  Expr::EvalResult Count, Offset;
  if (CountE->isValueDependent() || !CountE->EvaluateAsInt(Count, *Ctx))
    return;
  llvm::APSInt Off(64);
  Off = 0;
  if (Call->getNumArgs() > 3) {
    const Expr *OffE = Call->getArg(3);
    if (OffE->isValueDependent() || !OffE->EvaluateAsInt(Offset, *Ctx))
      return;
    Off = Offset.Val.getInt();
  }
  llvm::APSInt N = Count.Val.getInt();
  uint64_t Size = Ctx->getTypeSizeInChars(T).getQuantity();
  // Both are size_t: an out-of-range value is one too.
  uint64_t NBytes = N.getZExtValue(), OffBytes = Off.getZExtValue();
  if (NBytes <= Size && OffBytes <= Size - NBytes)
    return;
  if (!reportOnce(Call->getBeginLoc().getPtrEncoding()))
    return;
  bool To = I->ValueArg == 0;
  if (OffBytes)
    report(CountE->getBeginLoc(),
           "%0 copies %1 bytes at offset %2 %3 '%4', which is %5 bytes: the "
           "call fails with cudaErrorInvalidValue and copies nothing")
        << I->Name << static_cast<unsigned>(NBytes) << static_cast<unsigned>(OffBytes)
        << (To ? "into" : "out of") << Sym->getName() << static_cast<unsigned>(Size);
  else
    report(CountE->getBeginLoc(),
           "%0 copies %1 bytes %2 '%3', which is %4 bytes: the call fails with "
           "cudaErrorInvalidValue and copies nothing")
        << I->Name << static_cast<unsigned>(NBytes) << (To ? "into" : "out of")
        << Sym->getName() << static_cast<unsigned>(Size);
  note(Sym->getLocation(), "'%0' declared here with type %1") << Sym->getName() << T;
}

CUDA_LINT_DEFINE_CHECK_FACTORY(SymbolCopySizeCheck)

} // namespace cuda_lint
