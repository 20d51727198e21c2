//===- KernelLaunches.cpp - What a kernel's launches say about its threads ===//
#include "analysis/KernelLaunches.h"
#include "analysis/BodyParents.h"
#include "analysis/CallIndex.h"
#include "analysis/BuiltinVars.h"
#include "analysis/LaunchSite.h"
#include "analysis/PerASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>

using namespace clang;

namespace cuda_lint {

//===----------------------------------------------------------------------===//
// The index of launches.
//===----------------------------------------------------------------------===//

KernelLaunchIndex::KernelLaunchIndex(ASTContext &Ctx) : Ctx(Ctx) {}

KernelLaunchIndex &KernelLaunchIndex::forAST(ASTContext &Ctx) {
  return perASTContext<KernelLaunchIndex>(Ctx);
}

static bool isKernel(const FunctionDecl *FD) {
  for (const FunctionDecl *R : FD->redecls())
    if (R->hasAttr<CUDAGlobalAttr>())
      return true;
  return false;
}

/// Runtime functions that take a kernel without launching it.
static bool takesKernelWithoutLaunch(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  llvm::StringRef N = FD->getName();
  return N == "cudaFuncSetAttribute" || N == "cudaFuncGetAttributes" ||
         N == "cudaFuncSetCacheConfig" || N == "cudaFuncSetSharedMemConfig" ||
         N == "cudaFuncGetName" || N.starts_with("cudaOccupancy");
}

void KernelLaunchIndex::build() {
  Built = true;
  // The library's own launches (CUB's kernels) are not indexed (CallIndex
  // leaves out system headers): the rules do not look at kernels there.
  const CallIndex &Calls = CallIndex::forAST(Ctx);
  // The kernel references of the calls that take a kernel without launching
  // it (through `&` and casts).
  for (const CUDAKernelCallExpr *K : Calls.launches())
    Launches[K->getDirectCallee()->getCanonicalDecl()].push_back(K);
  llvm::DenseSet<const DeclRefExpr *> Harmless;
  for (const auto &[Callee, CallsOf] : Calls.callees())
    if (takesKernelWithoutLaunch(Callee))
      for (const CallExpr *CE : CallsOf)
        for (const Expr *A : CE->arguments())
          if (const DeclRefExpr *R = CallIndex::functionRef(A))
            Harmless.insert(R);
  for (const DeclRefExpr *R : Calls.nonCallReferences()) {
    const auto *FD = cast<FunctionDecl>(R->getDecl());
    if (!Harmless.count(R) && isKernel(FD))
      Escapes[FD->getCanonicalDecl()] = true;
  }
}

const std::vector<const CUDAKernelCallExpr *> *
KernelLaunchIndex::launchesOf(const FunctionDecl *Kernel) {
  if (!Built)
    build();
  Kernel = Kernel->getCanonicalDecl();
  if (Escapes.count(Kernel))
    return nullptr;
  auto It = Launches.find(Kernel);
  return It == Launches.end() || It->second.empty() ? nullptr : &It->second;
}

//===----------------------------------------------------------------------===//
// Read-only variables.
//===----------------------------------------------------------------------===//

namespace {
/// Finds the mentions of one variable in a body that may change it.
class WriteFinder {
public:
  WriteFinder(const VarDecl *V) : V(V) {}
  /// Whether a mention under \p S may change V.
  bool mayWrite(const Stmt *S) {
    Stack.clear();
    return walk(S);
  }

private:
  const VarDecl *V;
  llvm::SmallVector<const Stmt *, 32> Stack;

  bool walk(const Stmt *S) {
    if (!S)
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (DRE->getDecl() == V && DRE->isNonOdrUse() == NOUR_None &&
          !isRead(DRE))
        return true;
    Stack.push_back(S);
    for (const Stmt *C : S->children())
      if (walk(C))
        return true;
    Stack.pop_back();
    return false;
  }

  /// Whether the mention \p DRE of V (its ancestors on Stack) only reads V.
  bool isRead(const DeclRefExpr *DRE) const {
    const Stmt *Child = DRE; // the expression of V, as far as climbed
    for (size_t I = Stack.size(); I-- > 0; Child = Stack[I]) {
      const Stmt *P = Stack[I];
      if (isa<ParenExpr>(P))
        continue;
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
        if (IC->getCastKind() == CK_LValueToRValue)
          return true;
        if (IC->getCastKind() == CK_NoOp)
          continue;
        return false;
      }
      if (isa<MemberExpr>(P)) // a member of V: as the member is used
        continue;
      if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
        const CXXConstructorDecl *Ctor = CE->getConstructor();
        for (unsigned A = 0; A < CE->getNumArgs() && A < Ctor->getNumParams(); ++A)
          if (CE->getArg(A) == Child)
            return isConstRef(Ctor->getParamDecl(A)->getType());
        return false;
      }
      if (const auto *CE = dyn_cast<CallExpr>(P)) {
        const FunctionDecl *FD = CE->getDirectCallee();
        if (!FD || isa<CXXOperatorCallExpr, CXXMemberCallExpr>(CE))
          return false;
        for (unsigned A = 0; A < CE->getNumArgs() && A < FD->getNumParams(); ++A)
          if (CE->getArg(A) == Child)
            return isConstRef(FD->getParamDecl(A)->getType());
        return false;
      }
      return false;
    }
    return false;
  }

  static bool isConstRef(QualType T) {
    return T->isReferenceType() && T.getNonReferenceType().isConstQualified() &&
           !T.getNonReferenceType().isVolatileQualified();
  }
};
} // namespace

bool isOnlyRead(const VarDecl *V, const Stmt *Body, ASTContext &) {
  if (!V || !Body || V->getType()->isReferenceType() ||
      V->getType().isVolatileQualified())
    return false;
  return !WriteFinder(V).mayWrite(Body);
}

//===----------------------------------------------------------------------===//
// The conditions.
//===----------------------------------------------------------------------===//

namespace {

/// A bound of the kernel: a constant, or a kernel parameter.
struct KernelBound {
  std::optional<int64_t> Const;
  const ParmVarDecl *Param = nullptr;
  explicit operator bool() const { return Const || Param; }
};

constexpr unsigned MaxDepth = 8;

const Expr *stripIntegralCasts(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
      if (CE->getType()->isIntegralOrEnumerationType() &&
          CE->getSubExpr()->getType()->isIntegralOrEnumerationType()) {
        E = CE->getSubExpr();
        continue;
      }
    return E;
  }
}

std::optional<int64_t> constantOf(const Expr *E, ASTContext &Ctx) {
  if (E->isValueDependent() || E->isTypeDependent() ||
      !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  const llvm::APSInt &V = R.Val.getInt();
  if (V.isUnsigned() ? V.getActiveBits() > 63 : V.getSignificantBits() > 64)
    return std::nullopt;
  return V.getExtValue();
}

/// The value a variable keeps: its initializer, when \p Body never changes
/// it (or it is const).
const Expr *keptInit(const Expr *E, const Stmt *Body, ASTContext &Ctx) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() || !VD->getInit() ||
      VD->getType()->isReferenceType())
    return nullptr;
  if (!VD->getType().isConstQualified() && !isOnlyRead(VD, Body, Ctx))
    return nullptr;
  return VD->getInit();
}

class Evaluation {
public:
  Evaluation(const FunctionDecl *Kernel, ASTContext &Ctx)
      : Kernel(Kernel), Body(Kernel->getBody()), Ctx(Ctx) {}

  std::optional<bool> condition(const Expr *E, unsigned Depth = 0) {
    if (!E || Depth > MaxDepth)
      return std::nullopt;
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_LNot)
        return std::nullopt;
      if (std::optional<bool> V = condition(UO->getSubExpr(), Depth + 1))
        return !*V;
      return std::nullopt;
    }
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO)
      return std::nullopt;
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_LOr || Op == BO_LAnd) {
      // `a || b` is true where one side is, false where both are.
      bool Absorbing = Op == BO_LOr;
      std::optional<bool> L = condition(BO->getLHS(), Depth + 1);
      if (L && *L == Absorbing)
        return Absorbing;
      std::optional<bool> R = condition(BO->getRHS(), Depth + 1);
      if (R && *R == Absorbing)
        return Absorbing;
      if (L && R)
        return !Absorbing;
      return std::nullopt;
    }
    if (!BO->isRelationalOp())
      return std::nullopt;
    const Expr *Index = BO->getLHS(), *Limit = BO->getRHS();
    std::optional<unsigned> Dim = threadIndex(Index, 0);
    if (!Dim) {
      std::swap(Index, Limit);
      Dim = threadIndex(Index, 0);
      if (!Dim)
        return std::nullopt;
      Op = BinaryOperator::reverseComparisonOp(Op);
    }
    KernelBound B = bound(Limit, 0);
    if (!B || !blockAtMost(*Dim, B))
      return std::nullopt;
    // threadIdx.d < blockDim.d <= B.
    return Op == BO_LT || Op == BO_LE;
  }

private:
  const FunctionDecl *Kernel;
  const Stmt *Body;
  ASTContext &Ctx;

  /// The component (0..2) of threadIdx that \p E is.
  std::optional<unsigned> threadIndex(const Expr *E, unsigned Depth) {
    if (Depth > MaxDepth)
      return std::nullopt;
    E = stripIntegralCasts(E);
    BuiltinMember M = builtinMember(E);
    if (M.Var == "threadIdx" && M.Component >= 'x' && M.Component <= 'z')
      return unsigned(M.Component - 'x');
    if (const Expr *Init = keptInit(E, Body, Ctx))
      return threadIndex(Init, Depth + 1);
    return std::nullopt;
  }

  KernelBound bound(const Expr *E, unsigned Depth) {
    if (Depth > MaxDepth)
      return {};
    E = stripIntegralCasts(E);
    if (std::optional<int64_t> C = constantOf(E, Ctx))
      return {C, nullptr};
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
        if (P->getDeclContext() == Kernel &&
            P->getType()->isIntegralOrEnumerationType() &&
            (P->getType().isConstQualified() || isOnlyRead(P, Body, Ctx)))
          return {std::nullopt, P};
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      bool Taken = false;
      if (!CO->getCond()->isValueDependent() &&
          CO->getCond()->EvaluateAsBooleanCondition(Taken, Ctx))
        return bound(Taken ? CO->getTrueExpr() : CO->getFalseExpr(), Depth + 1);
      return {};
    }
    if (const Expr *Init = keptInit(E, Body, Ctx))
      return bound(Init, Depth + 1);
    return {};
  }

  /// Whether every launch of the kernel has a block of at most B threads in
  /// dimension \p Dim.
  bool blockAtMost(unsigned Dim, const KernelBound &B) {
    const auto *Launches = KernelLaunchIndex::forAST(Ctx).launchesOf(Kernel);
    if (!Launches)
      return false;
    return llvm::all_of(*Launches, [&](const CUDAKernelCallExpr *L) {
      return launchBlockAtMost(L, Dim, B);
    });
  }

  bool launchBlockAtMost(const CUDAKernelCallExpr *L, unsigned Dim,
                         const KernelBound &B);
};

/// The expression of component \p Dim of the dim3 block expression \p E
/// (`dim3(a, b, c)`, a local dim3 the caller never changes, an integer
/// converted to dim3), or null; a defaulted component is its default
/// argument.
const Expr *blockComponent(const Expr *E, unsigned Dim, const Stmt *CallerBody,
                           ASTContext &Ctx, unsigned Depth = 0) {
  if (!E || Depth > MaxDepth)
    return nullptr;
  E = E->IgnoreImplicit()->IgnoreParens();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return blockComponent(FC->getSubExpr(), Dim, CallerBody, Ctx, Depth + 1);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (Ctor->isCopyOrMoveConstructor() && CE->getNumArgs() >= 1)
      return blockComponent(CE->getArg(0), Dim, CallerBody, Ctx, Depth + 1);
    if (CE->getNumArgs() == 3 && Ctor->getNumParams() == 3 &&
        Ctor->getParamDecl(0)->getType()->isIntegerType()) {
      const Expr *A = CE->getArg(Dim);
      if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(A))
        A = DA->getExpr();
      return A;
    }
    return nullptr;
  }
  if (E->getType()->isIntegralOrEnumerationType())
    return Dim == 0 ? E : nullptr;
  if (const Expr *Init = keptInit(E, CallerBody, Ctx))
    return blockComponent(Init, Dim, CallerBody, Ctx, Depth + 1);
  return nullptr;
}

/// The host variable \p E names, when \p CallerBody never changes it.
const VarDecl *keptVariable(const Expr *E, const Stmt *CallerBody,
                            ASTContext &Ctx) {
  const auto *DRE = dyn_cast<DeclRefExpr>(stripIntegralCasts(E));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->getType()->isIntegralOrEnumerationType() ||
      VD->getType().isVolatileQualified())
    return nullptr;
  if (!VD->hasLocalStorage())
    return VD->getType().isConstQualified() ? VD : nullptr;
  if (VD->getType().isConstQualified() || isOnlyRead(VD, CallerBody, Ctx))
    return VD;
  return nullptr;
}

/// Whether \p S leaves the statement sequence it is in (no fall-through).
bool jumpsAway(const Stmt *S) {
  while (S) {
    if (const auto *SC = dyn_cast<SwitchCase>(S))
      S = SC->getSubStmt();
    else if (const auto *LS = dyn_cast<LabelStmt>(S))
      S = LS->getSubStmt();
    else
      break;
  }
  return isa_and_nonnull<BreakStmt, ReturnStmt, ContinueStmt, GotoStmt>(S);
}

/// The values \p V can have at statement \p T, a statement of the body of
/// `switch (V)` \p Body: the labels by which control reaches T (through
/// fall-through); nullopt when `default` or an unknown label reaches it.
std::optional<llvm::SmallVector<int64_t, 4>>
caseValues(const CompoundStmt *Body, const Stmt *T, ASTContext &Ctx) {
  llvm::ArrayRef<Stmt *> Stmts(Body->body_begin(), Body->body_end());
  auto It = llvm::find(Stmts, T);
  if (It == Stmts.end())
    return std::nullopt;
  llvm::SmallVector<int64_t, 4> Values;
  for (size_t I = It - Stmts.begin() + 1; I-- > 0;) {
    const Stmt *S = Stmts[I];
    while (true) {
      if (const auto *CS = dyn_cast<CaseStmt>(S)) {
        if (CS->caseStmtIsGNURange())
          return std::nullopt;
        std::optional<int64_t> C = constantOf(CS->getLHS(), Ctx);
        if (!C)
          return std::nullopt;
        Values.push_back(*C);
        S = CS->getSubStmt();
      } else if (isa<DefaultStmt, LabelStmt>(S)) {
        return std::nullopt;
      } else {
        break;
      }
    }
    if (I > 0 && jumpsAway(Stmts[I - 1]))
      break;
  }
  if (Values.empty())
    return std::nullopt;
  return Values;
}

/// The values host variable \p VD has at launch \p L, as the innermost
/// enclosing `switch (VD)` case or `if (VD == c)` fixes them.
std::optional<llvm::SmallVector<int64_t, 4>>
pathValues(const VarDecl *VD, const Stmt *L, ASTContext &Ctx) {
  auto IsVD = [VD](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(stripIntegralCasts(E));
    return DRE && DRE->getDecl() == VD;
  };
  BodyParents &Parents = BodyParents::forAST(Ctx);
  const Stmt *Child = L;
  for (StmtParent P = Parents.parent(L); P; Child = P.S, P = Parents.parent(P.S)) {
    if (const auto *CS = dyn_cast<CompoundStmt>(P.S)) {
      StmtParent Up = Parents.parent(CS);
      if (const auto *SW = Up ? dyn_cast<SwitchStmt>(Up.S) : nullptr)
        if (SW->getBody() == CS && SW->getCond() && IsVD(SW->getCond()))
          return caseValues(CS, Child, Ctx);
    }
    if (const auto *If = dyn_cast<IfStmt>(P.S)) {
      const auto *C = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
      if (!C || !C->isEqualityOp() || If->getInit() || If->getConditionVariable())
        continue;
      bool InThen = If->getThen() == Child, InElse = If->getElse() == Child;
      if (!(C->getOpcode() == BO_EQ ? InThen : InElse))
        continue;
      const Expr *Other = IsVD(C->getLHS()) ? C->getRHS()
                          : IsVD(C->getRHS()) ? C->getLHS()
                                              : nullptr;
      if (!Other)
        continue;
      if (std::optional<int64_t> V = constantOf(Other, Ctx))
        return llvm::SmallVector<int64_t, 4>{*V};
    }
  }
  return std::nullopt;
}

/// The largest (\p Largest) or smallest value host expression \p E can have
/// at launch \p L.
std::optional<int64_t> extreme(const Expr *E, const CUDAKernelCallExpr *L,
                               const Stmt *CallerBody, bool Largest,
                               ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  if (std::optional<int64_t> C = constantOf(E, Ctx))
    return C;
  if (std::optional<uint64_t> C =
          LaunchSiteCache::forAST(Ctx).evaluator().evaluateInt(E))
    if (*C <= uint64_t(INT64_MAX))
      return int64_t(*C);
  const VarDecl *VD = keptVariable(E, CallerBody, Ctx);
  if (!VD)
    return std::nullopt;
  auto Values = pathValues(VD, L, Ctx);
  if (!Values)
    return std::nullopt;
  return Largest ? *llvm::max_element(*Values) : *llvm::min_element(*Values);
}

bool Evaluation::launchBlockAtMost(const CUDAKernelCallExpr *L, unsigned Dim,
                                   const KernelBound &B) {
  const std::optional<LaunchSite> &Site = LaunchSiteCache::forAST(Ctx).evaluate(L);
  if (!Site || !Site->Caller || !Site->Caller->getBody())
    return false;
  const Stmt *CallerBody = Site->Caller->getBody();
  const Expr *Component = blockComponent(Site->BlockExpr, Dim, CallerBody, Ctx);
  // A block dimension of 0 is no launch configuration: unknown, then the
  // component's own value.
  std::optional<int64_t> Threads;
  if (std::optional<uint64_t> K = Site->Block.get(Dim);
      K && *K >= 1 && *K <= uint64_t(INT64_MAX))
    Threads = int64_t(*K);
  else
    Threads = extreme(Component, L, CallerBody, /*Largest=*/true, Ctx);
  if (Threads && *Threads < 1)
    return false;

  std::optional<int64_t> Limit = B.Const;
  const Expr *Arg = nullptr;
  if (B.Param) {
    unsigned I = B.Param->getFunctionScopeIndex();
    if (I >= L->getNumArgs())
      return false;
    Arg = L->getArg(I);
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(Arg))
      Arg = DA->getExpr();
    Limit = extreme(Arg, L, CallerBody, /*Largest=*/false, Ctx);
  }
  if (Threads && Limit && *Threads <= *Limit)
    return true;
  // The same host variable as block dimension and as the bound's argument.
  if (Arg && Component) {
    const VarDecl *A = keptVariable(Arg, CallerBody, Ctx);
    return A && A == keptVariable(Component, CallerBody, Ctx);
  }
  return false;
}

} // namespace

std::optional<bool> conditionAtEveryLaunch(const Expr *Cond,
                                           const FunctionDecl *Kernel,
                                           ASTContext &Ctx) {
  if (!Cond || !Kernel || !Kernel->getBody() || !isKernel(Kernel))
    return std::nullopt;
  return Evaluation(Kernel, Ctx).condition(Cond);
}

} // namespace cuda_lint
