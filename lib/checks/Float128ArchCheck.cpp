#include "checks/Float128ArchCheck.h"
#include "analysis/BodyParents.h"
#include "analysis/TypeMatchers.h"
#include "llvm/Support/Path.h"
#include "clang/AST/Type.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {

enum class Wide { None, Float128, Complex };

/// What \p T is or contains behind pointers, references, arrays and function
/// types (its return and parameter types): `__float128` first, then `_Complex`.
Wide wideKind(QualType T, unsigned Depth = 0) {
  if (T.isNull() || Depth > 8)
    return Wide::None;
  T = T.getCanonicalType();
  if (const auto *B = T->getAs<BuiltinType>())
    return B->getKind() == BuiltinType::Float128 ? Wide::Float128 : Wide::None;
  if (const auto *C = T->getAs<ComplexType>())
    return wideKind(C->getElementType(), Depth + 1) == Wide::Float128 ? Wide::Float128
                                                                      : Wide::Complex;
  if (const auto *P = T->getAs<PointerType>())
    return wideKind(P->getPointeeType(), Depth + 1);
  if (const auto *R = T->getAs<ReferenceType>())
    return wideKind(R->getPointeeType(), Depth + 1);
  if (const auto *A = dyn_cast<ArrayType>(T.getTypePtr()))
    return wideKind(A->getElementType(), Depth + 1);
  if (const auto *F = T->getAs<FunctionProtoType>()) {
    Wide Out = wideKind(F->getReturnType(), Depth + 1);
    for (QualType P : F->getParamTypes()) {
      if (Out == Wide::Float128)
        break;
      Wide W = wideKind(P, Depth + 1);
      if (W != Wide::None)
        Out = W;
    }
    return Out;
  }
  return Wide::None;
}

bool isWideType(QualType T) { return wideKind(T) != Wide::None; }

/// A function that runs on the device because it says so: implicit
/// host-device functions (constexpr ones under --expt-relaxed-constexpr,
/// defaulted members) are compiled for the device only where device code
/// calls them, which the device side does not tell apart.
bool isExplicitDeviceCode(const FunctionDecl *FD) {
  if (!FD)
    return false;
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  for (const FunctionDecl *F : {FD, Pattern}) {
    if (!F)
      continue;
    if (const auto *A = F->getAttr<CUDAGlobalAttr>(); A && !A->isImplicit())
      return true;
    if (const auto *A = F->getAttr<CUDADeviceAttr>(); A && !A->isImplicit())
      return true;
  }
  return false;
}

} // namespace

void Float128ArchCheck::registerMatchers(MatchFinder *Finder) {
  // Device code exists on the device side only.
  if (!getLangOpts().CUDAIsDevice)
    return;
  auto InFunction = forEnclosingFunction(functionDecl().bind("fn"));
  // One matcher per node kind (dispatched by kind, not tried on every
  // declaration and statement), the type tested in one step (TypeMatchers.h).
  Finder->addMatcher(varDecl(declaresTypeThat(isWideType)).bind("var"), this);
  Finder->addMatcher(functionDecl(returnsTypeThat(isWideType)).bind("ret"), this);
  Finder->addMatcher(explicitCastExpr(castsToTypeThat(isWideType), InFunction).bind("cast"), this);
  Finder->addMatcher(floatLiteral(hasTypeThat(isWideType), InFunction).bind("lit"), this);
  Finder->addMatcher(declRefExpr(hasTypeThat(isWideType), InFunction).bind("use"), this);
}

void Float128ArchCheck::checkType(QualType T, SourceLocation Loc, const FunctionDecl *Fn,
                                  llvm::StringRef What) {
  if (Loc.isInvalid())
    return;
  Wide K = wideKind(T);
  if (K == Wide::None)
    return;
  if (K == Wide::Complex) {
    // clang's own CUDA wrapper headers implement complex arithmetic for
    // device code with `_Complex` (__clang_cuda_complex_builtins.h): the
    // compiler's implementation, not the user's code, even with
    // --system-headers.
    if (llvm::sys::path::filename(SM->getFilename(SM->getExpansionLoc(Loc)))
            .starts_with("__clang_cuda_"))
      return;
    if (!reportOnce(Loc.getPtrEncoding()))
      return;
    report(Loc, "%0 has the complex type %1, which only host code supports",
           Severity::Warning)
        << What << T;
    noteInstantiation(Fn);
    return;
  }
  std::optional<unsigned> Arch = deviceArch(*Ctx);
  if (Arch && *Arch >= 100) {
    // nvcc accepts it from sm_100 on; clang rejects it everywhere.
    if (!portabilityApplies(CudaCompiler::Clang, Loc) || !reportOnce(Loc.getPtrEncoding()))
      return;
    report(Loc, "%0 has type %1: clang does not support __float128 in device code on "
                "any architecture (nvcc does from sm_100)",
           Severity::Portability)
        << What << T;
    noteInstantiation(Fn);
    return;
  }
  if (!reportOnce(Loc.getPtrEncoding()))
    return;
  report(Loc, "%0 has type %1: device code supports the 128-bit floating-point "
              "type from compute capability 10.0 only, not on sm_%2",
         Severity::Error)
      << What << T << (Arch ? std::to_string(*Arch) : std::string("?"));
  noteInstantiation(Fn);
}

void Float128ArchCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (const auto *Use = Result.Nodes.getNodeAs<DeclRefExpr>("use")) {
    // clang complains at the uses of a variable whose declaration is
    // reported: that error is this rule's finding there already.
    // (Not at a call: an instantiation with __float128 is invalid and has
    // no body to report in, so clang's error at the call is the finding.)
    if (!isExplicitDeviceCode(Fn) || Fn->isDependentContext() ||
        wideKind(Use->getType()) != Wide::Float128)
      return;
    std::optional<unsigned> Arch = deviceArch(*Ctx);
    if (Arch && *Arch >= 100)
      portabilityApplies(CudaCompiler::Clang, Use->getLocation()); // records the accepted line
    else if (isa<VarDecl>(Use->getDecl()))
      dropOwnedCompilerDiagnosticAt(Use->getLocation());
    return;
  }
  if (const auto *C = Result.Nodes.getNodeAs<ExplicitCastExpr>("cast")) {
    if (isExplicitDeviceCode(Fn) && !Fn->isDependentContext())
      checkType(C->getTypeAsWritten(), C->getBeginLoc(), Fn, "a conversion");
    return;
  }
  if (const auto *L = Result.Nodes.getNodeAs<FloatingLiteral>("lit")) {
    if (isExplicitDeviceCode(Fn) && !Fn->isDependentContext())
      checkType(L->getType(), L->getLocation(), Fn, "a literal");
    return;
  }
  if (const auto *V = Result.Nodes.getNodeAs<VarDecl>("var")) {
    if (V->isImplicit())
      return;
    // A local variable or parameter belongs to its function (a lambda's to
    // its call operator).
    if (const auto *Owner = dyn_cast<FunctionDecl>(V->getDeclContext())) {
      if (!isExplicitDeviceCode(Owner) || Owner->isDependentContext())
        return;
      // One finding per parameter of the definition, not per redeclaration.
      if (isa<ParmVarDecl>(V) && !Owner->doesThisDeclarationHaveABody())
        return;
      checkType(V->getType(), V->getLocation(), Owner,
                (isa<ParmVarDecl>(V) ? "parameter '" : "variable '") + V->getName().str() +
                    "'");
      return;
    }
    if (isa<ParmVarDecl>(V) || V->isLocalVarDecl())
      return; // a prototype's parameter, a block's variable
    // Namespace scope: a device variable.
    if (V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDAConstantAttr>() ||
        V->hasAttr<CUDASharedAttr>())
      if (!V->getDeclContext()->isDependentContext())
        checkType(V->getType(), V->getLocation(), nullptr,
                  "device variable '" + V->getName().str() + "'");
    return;
  }
  if (const auto *F = Result.Nodes.getNodeAs<FunctionDecl>("ret")) {
    if (!isExplicitDeviceCode(F) || F->isDependentContext() ||
        !F->doesThisDeclarationHaveABody())
      return;
    checkType(F->getReturnType(), F->getReturnTypeSourceRange().getBegin().isValid()
                                      ? F->getReturnTypeSourceRange().getBegin()
                                      : F->getLocation(),
              F, "the result of '" + nameForDiagnostic(F, *Ctx) + "'");
    return;
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(Float128ArchCheck)

} // namespace cuda_lint
