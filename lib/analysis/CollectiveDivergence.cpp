//===- CollectiveDivergence.cpp - Collectives under divergent control -----===//
#include "analysis/CollectiveDivergence.h"
#include "analysis/BodyParents.h"
#include "analysis/KernelLaunches.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cuda_lint {

std::vector<HelperCall> DivergentCollective::chain() const {
  std::vector<HelperCall> All(Outer);
  All.insert(All.end(), Inner.begin(), Inner.end());
  return All;
}

CollectiveDivergence::CollectiveDivergence(
    UniformityContext &UC, std::initializer_list<IntrinsicKind> Ks,
    RequiredLevel Level, CallFilter Filter)
    : UC(UC), Level(Level), Filter(std::move(Filter)) {
  for (IntrinsicKind K : Ks)
    Kinds |= 1u << unsigned(K);
}

const IntrinsicInfo *
CollectiveDivergence::collective(const FunctionDecl *FD) const {
  const IntrinsicInfo *I = lookupIntrinsic(FD);
  return I && (Kinds & (1u << unsigned(I->Kind))) ? I : nullptr;
}

const IntrinsicInfo *
CollectiveDivergence::collective(const CallExpr *CE) const {
  const IntrinsicInfo *I = collective(CE->getDirectCallee());
  if (!I || (Filter && !Filter(CE, *I)))
    return nullptr;
  return I;
}

static void collectCalls(const Stmt *S, bool SkipLambdas,
                         llvm::SmallVectorImpl<const CallExpr *> &Out);

bool CollectiveDivergence::callsCollective(const FunctionDecl *FD) {
  if (UC.callsIntrinsic(FD, Kinds))
    return true;
  return LibraryCollectives && callsLibraryCollective(FD, 0);
}

bool CollectiveDivergence::callsLibraryCollective(const FunctionDecl *FD,
                                                  unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || Depth > MaxHelperDepth)
    return false;
  auto [It, New] = CallsLibrary.try_emplace(Def, false);
  if (!New)
    return It->second; // known, or being searched
  llvm::ArrayRef<const CallExpr *> Calls = UC.callsIn(Def);
  bool Result = false;
  for (const CallExpr *CE : Calls) {
    const FunctionDecl *C = CE->getDirectCallee(), *CDef = nullptr;
    if (!C || collective(C) || !C->hasBody(CDef) || !CDef)
      continue;
    if (UC.isAnalysedCallee(C) ? callsLibraryCollective(C, Depth + 1)
                               : libraryStep(CDef, 0) != nullptr) {
      Result = true;
      break;
    }
  }
  CallsLibrary[Def] = Result;
  return Result;
}

/// Every call in \p S, in source order, not looking into lambdas' bodies
/// when \p SkipLambdas. Kernel launches (dynamic parallelism) are not calls:
/// the launched grid is not the caller's block or warp.
static void collectCalls(const Stmt *S, bool SkipLambdas,
                         llvm::SmallVectorImpl<const CallExpr *> &Out) {
  if (!S || (SkipLambdas && isa<LambdaExpr>(S)))
    return;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (!isa<CUDAKernelCallExpr>(CE))
      Out.push_back(CE);
  for (const Stmt *C : S->children())
    collectCalls(C, SkipLambdas, Out);
}

const CallExpr *
CollectiveDivergence::firstCollective(const FunctionDecl *FD,
                                      std::vector<HelperCall> &Path,
                                      unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def))
    return nullptr;
  if (Depth > MaxHelperDepth) {
    UC.noteLimit(UniformityLimit::HelperDepth, Def);
    return nullptr;
  }
  llvm::ArrayRef<const CallExpr *> Calls = UC.callsIn(Def);
  for (const CallExpr *CE : Calls)
    if (collective(CE))
      return CE;
  for (const CallExpr *CE : Calls) {
    const FunctionDecl *C = CE->getDirectCallee();
    if (C && UC.isAnalysedCallee(C) && callsCollective(C)) {
      Path.push_back({CE, C});
      if (const CallExpr *W = firstCollective(C, Path, Depth + 1))
        return W;
      Path.pop_back();
    } else if (LibraryCollectives && C && !UC.isAnalysedCallee(C) &&
               !collective(C)) {
      std::vector<HelperCall> Inner;
      if (const CallExpr *W = libraryCollective(C, Inner)) {
        Path.push_back({CE, C});
        Path.insert(Path.end(), Inner.begin(), Inner.end());
        return W;
      }
    }
  }
  return nullptr;
}

/// Whether \p S is a loop or a switch (the target of a break inside it).
static bool isBreakTarget(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
}

/// The exits of \p S that leave it (returns, gotos, and the breaks and
/// continues not caught by a loop or switch inside it), not looking into
/// lambdas.
static void leavingExits(const Stmt *S, bool InLoop,
                         llvm::SmallVectorImpl<const Stmt *> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(S) ||
      (!InLoop && isa<BreakStmt, ContinueStmt>(S))) {
    Out.push_back(S);
    return;
  }
  bool Inner = InLoop || isBreakTarget(S);
  for (const Stmt *C : S->children())
    leavingExits(C, Inner, Out);
}

static bool isKernelDecl(const FunctionDecl *FD);

/// Whether \p I (of a call the query accepts) is a plain block barrier:
/// `__syncthreads()`, or the `sync()` of cooperative_groups' thread_block
/// (member or free function), which compile to `bar.sync 0` /
/// `barrier.sync 0`.
static bool isPlainBlockBarrier(const IntrinsicInfo &I) {
  if (I.Kind == IntrinsicKind::BlockBarrier)
    return I.Name == "__syncthreads";
  return I.Kind == IntrinsicKind::GroupBarrier && I.Name == "sync";
}

/// The value of \p Cond when it is a constant in this (non-dependent) body:
/// `np > 1` with a template argument, `false && threadIdx.x`.
static std::optional<bool> constantCondition(const Expr *Cond,
                                             const ASTContext &Ctx) {
  if (!Cond || Cond->isValueDependent() || Cond->isTypeDependent())
    return std::nullopt;
  bool V = false;
  // A condition with side effects (a call) still folds when the evaluator
  // need not look at them (short circuit); EvaluateAsBooleanCondition
  // refuses otherwise.
  if (Cond->EvaluateAsBooleanCondition(V, Ctx))
    return V;
  return std::nullopt;
}

std::optional<unsigned>
CollectiveDivergence::barriersOnEveryPath(const Stmt *S, unsigned Depth) {
  if (!S || isa<LambdaExpr>(S))
    return 0;
  const ASTContext &Ctx = UC.astContext();
  auto Sum = [&](std::initializer_list<const Stmt *> Parts)
      -> std::optional<unsigned> {
    unsigned N = 0;
    for (const Stmt *P : Parts) {
      std::optional<unsigned> C = barriersOnEveryPath(P, Depth);
      if (!C)
        return std::nullopt;
      N += *C;
    }
    return N;
  };
  // Two ways through: the same count on both, or unknown.
  auto Either = [&](const Stmt *A, const Stmt *B) -> std::optional<unsigned> {
    std::optional<unsigned> CA = barriersOnEveryPath(A, Depth),
                            CB = barriersOnEveryPath(B, Depth);
    if (CA && CB && *CA == *CB)
      return CA;
    return std::nullopt;
  };
  // Whether \p X reaches no collective of the query at all (then its paths
  // need not be followed).
  auto Synchronizes = [&](const Stmt *X) {
    llvm::SmallVector<const CallExpr *, 16> Calls;
    collectCalls(X, /*SkipLambdas=*/true, Calls);
    for (const CallExpr *CE : Calls) {
      const FunctionDecl *C = CE->getDirectCallee(), *Def = nullptr;
      if (!C)
        continue;
      if (collective(C) || (UC.isAnalysedCallee(C) && callsCollective(C)))
        return true;
      if (LibraryCollectives && !UC.isAnalysedCallee(C) && C->hasBody(Def) &&
          Def && libraryStep(Def, 0))
        return true;
    }
    return false;
  };

  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, BreakStmt, ContinueStmt,
          CXXThrowExpr>(S))
    return std::nullopt; // the path leaves the statement being counted
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt,
          CXXTryStmt>(S)) {
    // Breaks and continues inside a loop or switch stay inside it; a barrier
    // in it makes the count depend on the trip count or the case.
    llvm::SmallVector<const Stmt *, 4> Exits;
    leavingExits(S, isBreakTarget(S), Exits);
    if (Exits.empty() && !Synchronizes(S))
      return 0;
    return std::nullopt;
  }
  // A branch: what runs before it, then its live arm when the condition is
  // a constant, else both arms (which must agree).
  auto Branch = [&](std::initializer_list<const Stmt *> Before, const Expr *Cond,
                    const Stmt *Then, const Stmt *Else) -> std::optional<unsigned> {
    std::optional<unsigned> B = Sum(Before);
    if (!B)
      return std::nullopt;
    std::optional<unsigned> Arms;
    if (std::optional<bool> K = constantCondition(Cond, Ctx))
      Arms = Sum({*K ? Then : Else});
    else
      Arms = Either(Then, Else);
    if (!Arms)
      return std::nullopt;
    return *B + *Arms;
  };
  if (const auto *IS = dyn_cast<IfStmt>(S))
    return Branch({IS->getInit(), IS->getConditionVariableDeclStmt(), IS->getCond()},
                  IS->getCond(), IS->getThen(), IS->getElse());
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(S))
    return Branch({CO->getCond()}, CO->getCond(), CO->getTrueExpr(), CO->getFalseExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isLogicalOp()) {
    std::optional<unsigned> L = Sum({BO->getLHS()}), R = Sum({BO->getRHS()});
    if (L && R && *R == 0)
      return *L;
    return std::nullopt;
  }
  unsigned N = 0;
  for (const Stmt *C : S->children()) {
    std::optional<unsigned> A = barriersOnEveryPath(C, Depth);
    if (!A)
      return std::nullopt;
    N += *A;
  }
  const auto *CE = dyn_cast<CallExpr>(S);
  if (!CE || isa<CUDAKernelCallExpr>(CE))
    return N; // a launched grid is not this block
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee)
    return N;
  if (const IntrinsicInfo *I = collective(Callee)) {
    if (collective(CE) && isPlainBlockBarrier(*I))
      return N + 1;
    return std::nullopt;
  }
  if (!UC.isAnalysedCallee(Callee)) {
    const FunctionDecl *Def = nullptr;
    if (LibraryCollectives && Callee->hasBody(Def) && Def && libraryStep(Def, 0))
      return std::nullopt; // a library function that synchronizes inside
    return N;
  }
  if (!callsCollective(Callee))
    return N;
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def || Depth >= MaxHelperDepth)
    return std::nullopt;
  auto It = HelperBarriers.find(Def);
  if (It == HelperBarriers.end()) {
    HelperBarriers[Def] = std::nullopt; // a recursion: unknown
    std::optional<unsigned> B = barriersOnEveryPath(Def->getBody(), Depth + 1);
    HelperBarriers[Def] = B;
    It = HelperBarriers.find(Def);
  }
  if (!It->second)
    return std::nullopt;
  return N + *It->second;
}

bool CollectiveDivergence::armsMatchBarriers(const Stmt *Branch) {
  const ASTContext &Ctx = UC.astContext();
  // `if (a && b)`: the branch on `a` joins that of the if.
  if (const auto *BO = dyn_cast<BinaryOperator>(Branch);
      BO && BO->isLogicalOp()) {
    const BodyParents &Parents = BodyParents::forAST(UC.astContext());
    const Stmt *Child = BO;
    const IfStmt *If = nullptr;
    for (StmtParent P = Parents.parent(Child); P.S && !If;
         Child = P.S, P = Parents.parent(Child)) {
      if (const auto *IS = dyn_cast<IfStmt>(P.S)) {
        if (IS->getCond() != Child)
          return false;
        If = IS;
      } else if (!isa<BinaryOperator, ParenExpr, ImplicitCastExpr,
                      UnaryOperator, ExprWithCleanups>(P.S)) {
        return false;
      }
    }
    if (!If)
      return false;
    Branch = If;
  }
  if (const auto *IS = dyn_cast<IfStmt>(Branch)) {
    if (constantCondition(IS->getCond(), Ctx))
      return false; // not a divergent branch
    std::optional<unsigned> C = barriersOnEveryPath(IS->getCond());
    std::optional<unsigned> T = barriersOnEveryPath(IS->getThen());
    std::optional<unsigned> E = barriersOnEveryPath(IS->getElse());
    return C && *C == 0 && T && E && *T == *E && *T > 0;
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(Branch)) {
    std::optional<unsigned> T = barriersOnEveryPath(CO->getTrueExpr());
    std::optional<unsigned> E = barriersOnEveryPath(CO->getFalseExpr());
    return T && E && *T == *E && *T > 0;
  }
  return false;
}

std::optional<DivergentControl>
CollectiveDivergence::controlOf(const FunctionUniformity &Where,
                                const Stmt *Reached) {
  const FunctionDecl *FD = Where.function();
  bool Kernel = isKernelDecl(FD);
  for (DivergentControl &DC : Where.divergentControls(Reached, divergence())) {
    // A thread-index guard that no thread of any launch in the translation
    // unit takes (or every thread takes): `if (threadIdx.x >= n) return;`
    // with a block of n threads at every launch.
    if (Kernel && DC.Cond &&
        conditionAtEveryLaunch(DC.Cond, FD, FD->getASTContext()))
      continue;
    // Both arms pass the same barriers: every thread arrives once at each.
    if (MatchedBarriers && DC.Branch && !DC.Exit && !DC.IsLoop &&
        DC.Level != Uniformity::ThreadVarying && armsMatchBarriers(DC.Branch))
      continue;
    if (!ExitedLanesDoNotCount || !Kernel || !DC.Exit || !DC.Branch)
      return DC;
    // Past the controls that diverge only because lanes returned from the
    // kernel: Reached is outside the branch, and every way out of the branch
    // that skips Reached is a `return`.
    llvm::SmallVector<const Stmt *, 4> Exits;
    leavingExits(DC.Branch, isBreakTarget(DC.Branch), Exits);
    if (Exits.empty() ||
        !llvm::all_of(Exits, [](const Stmt *E) { return isa<ReturnStmt>(E); }))
      return DC;
  }
  return std::nullopt;
}

void CollectiveDivergence::add(const CallExpr *Call,
                               const FunctionUniformity &Where,
                               const Stmt *Reached,
                               const std::vector<HelperCall> &Chain,
                               std::vector<HelperCall> Inner,
                               std::vector<DivergentCollective> &Out) {
  auto DC = controlOf(Where, Reached);
  if (!DC || !DC->Cond)
    return;
  DivergentCollective D;
  D.Collective = Call;
  D.Intrinsic = lookupIntrinsic(Call->getDirectCallee());
  D.Control = *DC;
  D.Where = &Where;
  D.Reached = Reached;
  D.Outer = Chain;
  D.Inner = std::move(Inner);
  Out.push_back(std::move(D));
}

void CollectiveDivergence::visit(const FunctionUniformity &FU,
                                 std::vector<HelperCall> &Chain,
                                 unsigned Depth,
                                 std::vector<DivergentCollective> &Out) {
  if (!Visited.insert(&FU).second)
    return;
  if (Depth > MaxHelperDepth) {
    UC.noteLimit(UniformityLimit::HelperDepth, FU.function());
    return;
  }
  llvm::SmallVector<const CallExpr *, 32> Calls;
  collectCalls(FU.function()->getBody(), /*SkipLambdas=*/true, Calls);
  for (const CallExpr *CE : Calls) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      continue;
    if (collective(Callee)) {
      if (collective(CE))
        add(CE, FU, CE, Chain, {}, Out);
      continue;
    }
    if (!UC.isAnalysedCallee(Callee)) {
      // A library function that synchronizes inside.
      std::vector<HelperCall> Path;
      if (LibraryCollectives && controlOf(FU, CE))
        if (const CallExpr *W = libraryCollective(Callee, Path)) {
          std::vector<HelperCall> Inner{{CE, Callee}};
          Inner.insert(Inner.end(), Path.begin(), Path.end());
          add(W, FU, CE, Chain, std::move(Inner), Out);
        }
      continue;
    }
    if (!callsCollective(Callee))
      continue;
    if (controlOf(FU, CE)) {
      std::vector<HelperCall> Path;
      if (const CallExpr *W = firstCollective(Callee, Path, 0)) {
        std::vector<HelperCall> Inner{{CE, Callee}};
        Inner.insert(Inner.end(), Path.begin(), Path.end());
        add(W, FU, CE, Chain, std::move(Inner), Out);
      }
      continue;
    }
    // Uniform call: look inside, as analysed with the arguments' uniformity.
    const FunctionUniformity *Inner = FU.calleeAnalysis(CE);
    if (!Inner)
      Inner = UC.analyze(Callee, {}, FU.options());
    if (!Inner)
      continue;
    Chain.push_back({CE, Callee});
    visit(*Inner, Chain, Depth + 1, Out);
    Chain.pop_back();
  }
}

const CallExpr *CollectiveDivergence::libraryStep(const FunctionDecl *Def,
                                                  unsigned Depth) {
  auto [It, New] = LibraryPath.try_emplace(Def, nullptr);
  if (!New)
    return It->second; // known, or being searched (a recursion: none)
  if (Depth > MaxHelperDepth) {
    LibraryPath.erase(Def); // may be reached from a shallower call
    return nullptr;
  }
  llvm::ArrayRef<const CallExpr *> Calls = UC.callsIn(Def);
  const CallExpr *Step = nullptr;
  for (const CallExpr *CE : Calls)
    if (collective(CE)) {
      Step = CE;
      break;
    }
  for (unsigned I = 0; !Step && I < Calls.size(); ++I) {
    const FunctionDecl *C = Calls[I]->getDirectCallee(), *CDef = nullptr;
    if (C && !collective(C) && C->hasBody(CDef) && CDef &&
        libraryStep(CDef, Depth + 1))
      Step = Calls[I];
  }
  LibraryPath[Def] = Step;
  return Step;
}

const CallExpr *
CollectiveDivergence::libraryCollective(const FunctionDecl *FD,
                                        std::vector<HelperCall> &Path) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return nullptr;
  for (unsigned Depth = 0; Depth <= MaxHelperDepth; ++Depth) {
    const CallExpr *Step = libraryStep(Def, 0);
    if (!Step)
      return nullptr;
    if (collective(Step))
      return Step;
    const FunctionDecl *Next = Step->getDirectCallee();
    if (!Next || !Next->hasBody(Def) || !Def)
      return nullptr;
    Path.push_back({Step, Next});
  }
  return nullptr;
}

void CollectiveDivergence::walk(const FunctionUniformity &FU,
                                std::vector<DivergentCollective> &Out) {
  std::vector<HelperCall> Chain;
  visit(FU, Chain, 0, Out);
}

static bool isKernelDecl(const FunctionDecl *FD) {
  for (const FunctionDecl *R : FD->redecls())
    if (R->hasAttr<CUDAGlobalAttr>())
      return true;
  return false;
}

std::vector<DivergentCollective>
CollectiveDivergence::run(llvm::ArrayRef<const FunctionDecl *> Functions) {
  std::vector<DivergentCollective> Out;
  // Roots: kernels, and device functions no other function with a collective
  // calls (lambdas are reached through their callers).
  std::vector<const FunctionDecl *> With;
  for (const FunctionDecl *FD : Functions)
    if (callsCollective(FD))
      With.push_back(FD);
  llvm::DenseSet<const FunctionDecl *> Called;
  for (const FunctionDecl *FD : With) {
    for (const CallExpr *CE : UC.callsIn(FD))
      if (const FunctionDecl *C = CE->getDirectCallee())
        Called.insert(C->getCanonicalDecl());
  }
  for (const FunctionDecl *FD : With) {
    bool Root = isKernelDecl(FD) ||
                (!Called.count(FD->getCanonicalDecl()) &&
                 !(isa<CXXMethodDecl>(FD) &&
                   cast<CXXMethodDecl>(FD)->getParent()->isLambda()));
    if (!Root)
      continue;
    const FunctionUniformity *FU = UC.analyze(FD, {}, UC.optionsFor(FD));
    if (!FU)
      continue;
    walk(*FU, Out);
  }
  return Out;
}

} // namespace cuda_lint
