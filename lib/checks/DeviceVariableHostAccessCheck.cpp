#include "checks/DeviceVariableHostAccessCheck.h"
#include "analysis/BodyParents.h"
#include "Attributes.h"
#include "analysis/CudaIntrinsics.h"
#include "analysis/VariableMatchers.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {
namespace {

/// Whether \p FD is compiled as host code on the host side: a host function
/// (explicit `__host__`, none, or clang's implicit host-device `constexpr`),
/// or a `__host__ __device__` function that is not a template (nvcc does not
/// warn for a host-device template used from device code only).
bool isHostCode(const FunctionDecl *FD) {
  if (FD->hasAttr<CUDAGlobalAttr>())
    return false;
  const auto *Dev = FD->getAttr<CUDADeviceAttr>();
  if (!Dev || Dev->isImplicit())
    return true;
  const auto *Host = FD->getAttr<CUDAHostAttr>();
  if (!Host || Host->isImplicit())
    return false; // __device__ only (a __device__ lambda, too)
  return !FD->isTemplateInstantiation() && !FD->isDependentContext() &&
         !FD->getDescribedFunctionTemplate();
}

/// Whether \p CE is another runtime function that takes a symbol
/// (cudaGraphAddMemcpyNodeToSymbol, cudaGraphExecMemcpyNodeSetParamsFromSymbol,
/// ...): a `cuda...` function with "Symbol" in its name.
bool takesSymbol(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  return FD && FD->getIdentifier() && FD->getName().starts_with("cuda") &&
         FD->getName().contains("Symbol");
}

/// How the variable is used: the expression that uses it as an operand of
/// \p Parent-most interest.
enum class Use { Read, Write, Address };

} // namespace

namespace {
/// A variable in a device memory space (`__device__`, `__constant__`,
/// `__shared__`).
bool inDeviceMemorySpace(const VarDecl &VD) {
  return VD.hasAttr<CUDADeviceAttr>() || VD.hasAttr<CUDAConstantAttr>() ||
         VD.hasAttr<CUDASharedAttr>();
}
} // namespace

void DeviceVariableHostAccessCheck::registerMatchers(MatchFinder *Finder) {
  if (onDeviceSide()) // checkMatch says why
    return;
  Finder->addMatcher(declRefExpr(refersToVariable(inDeviceMemorySpace),
                                 forEnclosingFunction(functionDecl().bind("fn")))
                         .bind("ref"),
                     this);
}

void DeviceVariableHostAccessCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  // The host side is where host code reads the shadow (code under
  // __CUDA_ARCH__ is not there).
  if (isDeviceSide(*Ctx))
    return;
  const auto *Ref = Result.Nodes.getNodeAs<DeclRefExpr>("ref");
  const auto *VD = Result.Nodes.getNodeAs<VarDecl>("var");
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!Ref || !VD || !FD || isManagedVar(VD) || !isHostCode(FD))
    return;
  // clang's implicit __constant__ on constexpr variables is no memory space.
  if (const auto *C = VD->getAttr<CUDAConstantAttr>(); C && C->isImplicit() &&
      !VD->hasAttr<CUDADeviceAttr>() && !VD->hasAttr<CUDASharedAttr>())
    return;
  // sizeof, decltype, alignof, noexcept; constants folded at compile time.
  if (Ref->isNonOdrUse() != NOUR_None)
    return;

  // Walk up through the lvalue's own expression (members, elements, casts,
  // &) to the operator or call that uses it.
  Use U = Use::Read;
  const Expr *E = Ref;
  // Parents inside function bodies (no parent map of the whole
  // translation unit).
  const BodyParents &BP = BodyParents::forAST(*Ctx);
  auto Up = [&](const Stmt *X) { return BP.parent(X).S; };
  const Stmt *Parent = Up(E);
  while (Parent) {
    const auto *P = dyn_cast<Expr>(Parent);
    if (!P)
      break;
    // An array decaying to a pointer is its address, unless it is indexed.
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P);
        ICE && ICE->getCastKind() == CK_ArrayToPointerDecay) {
      const Stmt *Above = Up(ICE);
      const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(Above);
      if (!ASE || ASE->getBase() != ICE) {
        U = Use::Address;
        E = P;
        Parent = Above;
        while (isa_and_nonnull<CastExpr>(Parent)) {
          E = cast<Expr>(Parent);
          Parent = Up(E);
        }
        break;
      }
    }
    if (isa<ParenExpr, MemberExpr, ArraySubscriptExpr>(P) ||
        (isa<ImplicitCastExpr>(P) &&
         cast<ImplicitCastExpr>(P)->getCastKind() != CK_LValueToRValue)) {
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(P);
          ASE && ASE->getIdx()->IgnoreParenImpCasts() == E->IgnoreParenImpCasts())
        break; // the variable is the index: a read
      E = P;
      Parent = Up(E);
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->getOpcode() == UO_AddrOf) {
        U = Use::Address;
        E = P;
        Parent = Up(E);
        // Casts of the address ((const void *)&var) stay part of it.
        while (isa_and_nonnull<CastExpr>(Parent)) {
          E = cast<Expr>(Parent);
          Parent = Up(E);
        }
        break;
      }
      if (UO->isIncrementDecrementOp())
        U = Use::Write;
      break;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == E->IgnoreParens())
        U = Use::Write;
      break;
    }
    if (isa<ExplicitCastExpr>(P) && U == Use::Read) {
      E = P;
      Parent = Up(E);
      continue;
    }
    break;
  }
  // An argument of the symbol API: the right way to name the symbol.
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Parent))
      if (const IntrinsicInfo *I = lookupIntrinsic(Call);
          (I && I->Kind == IntrinsicKind::SymbolApi) || takesSymbol(Call))
        return;
  // A device variable named through a reference type by the symbol API
  // template (`cudaMemcpyToSymbol(const T &symbol, ...)`) binds directly.
  if (isa_and_nonnull<MaterializeTemporaryExpr>(Parent))
    return;

  if (!reportOnce(Ref->getLocation().getPtrEncoding()))
    return;
  const char *Space = VD->hasAttr<CUDASharedAttr>()     ? "__shared__"
                      : VD->hasAttr<CUDAConstantAttr>() ? "__constant__"
                                                        : "__device__";
  if (VD->hasAttr<CUDASharedAttr>()) {
    report(Ref->getLocation(),
           "host code names __shared__ variable '%0': shared memory exists "
           "only on the device while a block runs; the host sees a shadow "
           "copy")
        << VD->getName();
    note(VD->getLocation(), "'%0' declared __shared__ here") << VD->getName();
    return;
  }
  switch (U) {
  case Use::Write:
    report(Ref->getLocation(),
           "host code writes %0 variable '%1' by name: it writes the host's "
           "shadow copy, not the device's; use cudaMemcpyToSymbol")
        << Space << VD->getName();
    break;
  case Use::Read:
    report(Ref->getLocation(),
           "host code reads %0 variable '%1' by name: it reads the host's "
           "shadow copy, not the device's value; use cudaMemcpyFromSymbol")
        << Space << VD->getName();
    break;
  case Use::Address:
    report(Ref->getLocation(),
           "host code takes the address of %0 variable '%1': that is the "
           "host's shadow copy, not device memory; use cudaGetSymbolAddress, "
           "or cudaMemcpyToSymbol/cudaMemcpyFromSymbol")
        << Space << VD->getName();
    break;
  }
  note(VD->getLocation(), "'%0' declared %1 here") << VD->getName() << Space;
}

CUDA_LINT_DEFINE_CHECK_FACTORY(DeviceVariableHostAccessCheck)

} // namespace cuda_lint
