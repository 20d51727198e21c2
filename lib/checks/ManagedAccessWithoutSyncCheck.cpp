#include "checks/ManagedAccessWithoutSyncCheck.h"
#include "Attributes.h"
#include "analysis/CFGCache.h"
#include "analysis/CudaIntrinsics.h"
#include "analysis/LaunchSite.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {
namespace {

/// Stream and event keys: the declaration a handle names (a variable, a
/// member), the legacy default stream, or something not known.
const int UnknownTag = 0;
const void *const DefaultStream = nullptr;
const void *const UnknownHandle = &UnknownTag;

const void *handleKey(const Expr *E, bool IsStream) {
  if (!E || isa<CXXDefaultArgExpr>(E))
    return IsStream ? DefaultStream : UnknownHandle;
  E = E->IgnoreParenCasts();
  if (isa<CXXNullPtrLiteralExpr, GNUNullExpr>(E))
    return IsStream ? DefaultStream : UnknownHandle;
  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    // 0: the default stream; 1: cudaStreamLegacy; 2: cudaStreamPerThread.
    uint64_t V = IL->getValue().getZExtValue();
    return IsStream && V <= 1 ? DefaultStream : UnknownHandle;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl()->getCanonicalDecl();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (isa<DeclRefExpr, CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return ME->getMemberDecl()->getCanonicalDecl();
  return UnknownHandle;
}

/// The runtime function \p CE calls, without a _ptsz/_ptds suffix.
StringRef runtimeName(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return {};
  StringRef N = FD->getName();
  N.consume_back("_ptsz");
  N.consume_back("_ptds");
  return N.starts_with("cuda") ? N : StringRef();
}

/// Synchronous copies: they return once the copy is done, after the work
/// the legacy default stream waits for.
bool isSynchronousCopy(StringRef N) {
  return N == "cudaMemcpy" || N == "cudaMemcpy2D" || N == "cudaMemcpy3D" ||
         N == "cudaMemcpyToSymbol" || N == "cudaMemcpyFromSymbol" ||
         N == "cudaMemcpyPeer";
}

/// Whether \p FD is host code (not __device__ or __global__ only).
bool isHostCode(const FunctionDecl *FD) {
  if (FD->hasAttr<CUDAGlobalAttr>())
    return false;
  const auto *Dev = FD->getAttr<CUDADeviceAttr>();
  return !Dev || Dev->isImplicit() || FD->hasAttr<CUDAHostAttr>();
}

/// What one walk of a host function's body finds.
struct BodyFacts : RecursiveASTVisitor<BodyFacts> {
  std::vector<const Expr *> Launches;
  llvm::SmallPtrSet<const DeclRefExpr *, 8> ManagedRefs; ///< evaluated accesses
  llvm::SmallPtrSet<const DeclRefExpr *, 8> NotAccess;   ///< &var, symbol API args

  bool shouldVisitLambdaBody() const { return false; }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    Launches.push_back(E);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (!isa<CUDAKernelCallExpr>(CE) && launchApiKind(CE))
      Launches.push_back(CE);
    if (const IntrinsicInfo *I = lookupIntrinsic(CE); I && I->Kind == IntrinsicKind::SymbolApi)
      for (const Expr *A : CE->arguments())
        markNotAccess(A);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      markNotAccess(UO->getSubExpr());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && isManagedVar(VD) && DRE->isNonOdrUse() == NOUR_None)
      ManagedRefs.insert(DRE);
    return true;
  }
  void markNotAccess(const Expr *E) {
    E = E->IgnoreParenCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      NotAccess.insert(DRE);
  }
};

/// The managed variables a body names, and the functions it calls.
struct UseFinder : RecursiveASTVisitor<UseFinder> {
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
  llvm::SmallVector<const FunctionDecl *, 8> Callees;
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && isManagedVar(VD))
      Vars.insert(VD);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *F = CE->getDirectCallee())
      Callees.push_back(F);
    return true;
  }
};

/// Whether a call of \p FD (a function of the project with a body)
/// synchronizes the device: its body calls cudaDeviceSynchronize, a stream or
/// event synchronization or a synchronous copy, a few levels deep.
bool callSynchronizes(const FunctionDecl *FD, unsigned Depth,
                      llvm::DenseMap<const FunctionDecl *, bool> &Memo) {
  if (!FD || Depth > 3)
    return false;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return false;
  if (auto It = Memo.find(Def); It != Memo.end())
    return It->second;
  Memo[Def] = false;
  struct V : RecursiveASTVisitor<V> {
    llvm::SmallVector<const CallExpr *, 8> Calls;
    bool VisitCallExpr(CallExpr *CE) {
      Calls.push_back(CE);
      return true;
    }
  } Walk;
  Walk.TraverseStmt(Def->getBody());
  bool Syncs = false;
  for (const CallExpr *CE : Walk.Calls) {
    StringRef N = runtimeName(CE);
    const IntrinsicInfo *I = lookupIntrinsic(CE);
    if ((I && I->Kind == IntrinsicKind::SyncApi) || isSynchronousCopy(N) ||
        (N.empty() && callSynchronizes(CE->getDirectCallee(), Depth + 1, Memo))) {
      Syncs = true;
      break;
    }
  }
  Memo[Def] = Syncs;
  return Syncs;
}

struct State {
  llvm::BitVector Pending;
  llvm::SmallDenseMap<const void *, llvm::BitVector, 4> Covered;
  bool Seen = false;
  void join(const State &O) {
    if (!O.Seen)
      return;
    if (!Seen) {
      *this = O;
      return;
    }
    Pending |= O.Pending;
    for (auto It = Covered.begin(); It != Covered.end();) {
      auto J = O.Covered.find(It->first);
      if (J == O.Covered.end()) {
        Covered.erase(It++);
        continue;
      }
      It->second &= J->second;
      ++It;
    }
  }
  bool operator==(const State &O) const {
    if (Seen != O.Seen || Pending != O.Pending || Covered.size() != O.Covered.size())
      return false;
    for (const auto &[K, V] : Covered) {
      auto J = O.Covered.find(K);
      if (J == O.Covered.end() || J->second != V)
        return false;
    }
    return true;
  }
};

} // namespace

void ManagedAccessWithoutSyncCheck::registerMatchers(MatchFinder *Finder) {
  // The managed variables come first (declared before use); host functions
  // are analysed only in a unit that has one.
  Finder->addMatcher(varDecl(hasAttr(attr::Annotate)).bind("var"), this);
  Finder->addMatcher(functionDecl(isDefinition(), unless(hasAttr(attr::CUDAGlobal)),
                                  unless(isExpansionInSystemHeader()))
                         .bind("fn"),
                     this);
}

void ManagedAccessWithoutSyncCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (const auto *VD = Result.Nodes.getNodeAs<VarDecl>("var")) {
    HaveManaged |= isManagedVar(VD);
    return;
  }
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!HaveManaged || !FD || isDeviceSide(*Ctx) || !FD->hasBody() ||
      FD->isDependentContext() || !isHostCode(FD))
    return;
  analyze(FD);
}

bool ManagedAccessWithoutSyncCheck::kernelMayUse(const FunctionDecl *K, const VarDecl *V) {
  const FunctionDecl *Def = nullptr;
  if (!K || !K->hasBody(Def) || !Def)
    return true; // not known here: it may
  auto It = KernelUses.find(Def);
  if (It == KernelUses.end()) {
    llvm::SmallPtrSet<const VarDecl *, 4> Vars;
    llvm::SmallPtrSet<const FunctionDecl *, 8> Done;
    llvm::SmallVector<std::pair<const FunctionDecl *, unsigned>, 8> Work{{Def, 0}};
    while (!Work.empty()) {
      auto [F, Depth] = Work.pop_back_val();
      const FunctionDecl *FDef = nullptr;
      if (!F->hasBody(FDef) || !FDef || !Done.insert(FDef).second)
        continue;
      UseFinder U;
      U.TraverseStmt(FDef->getBody());
      Vars.insert(U.Vars.begin(), U.Vars.end());
      if (Depth < 3)
        for (const FunctionDecl *C : U.Callees)
          Work.push_back({C, Depth + 1});
    }
    It = KernelUses.try_emplace(Def, std::move(Vars)).first;
  }
  return It->second.count(V->getCanonicalDecl()) || It->second.count(V);
}

void ManagedAccessWithoutSyncCheck::analyze(const FunctionDecl *FD) {
  BodyFacts Facts;
  Facts.TraverseStmt(FD->getBody());
  if (Facts.Launches.empty() || Facts.ManagedRefs.empty())
    return;
  CFGCache &Cache = CFGCache::forAST(*Ctx);
  const CFG *G = Cache.cfgFor(FD);
  PostOrderCFGView *PO = Cache.postOrder(FD);
  if (!G || !PO)
    return;

  // The launches: their stream, and the managed variables they may use.
  struct Launch {
    const Expr *E;
    const void *Stream;
    const FunctionDecl *Kernel;
    llvm::SmallPtrSet<const VarDecl *, 4> ArgVars;
  };
  std::vector<Launch> Launches;
  llvm::DenseMap<const Expr *, unsigned> LaunchIndex;
  LaunchSiteCache &Sites = LaunchSiteCache::forAST(*Ctx);
  for (const Expr *E : Facts.Launches) {
    const std::optional<LaunchSite> &S = Sites.evaluate(E);
    Launch L{E, UnknownHandle, S ? S->Kernel : nullptr, {}};
    auto AddArgs = [&](const Expr *A) {
      UseFinder U;
      U.TraverseStmt(const_cast<Expr *>(A));
      L.ArgVars.insert(U.Vars.begin(), U.Vars.end());
    };
    if (const auto *KC = dyn_cast<CUDAKernelCallExpr>(E)) {
      const CallExpr *Config = KC->getConfig();
      L.Stream = handleKey(Config && Config->getNumArgs() > 3 ? Config->getArg(3) : nullptr,
                           /*IsStream=*/true);
      for (const Expr *A : KC->arguments())
        AddArgs(A);
    } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
      auto K = launchApiKind(CE);
      if (K && (*K == LaunchKind::LaunchKernel || *K == LaunchKind::LaunchCooperativeKernel))
        L.Stream = handleKey(CE->getNumArgs() > 5 ? CE->getArg(5) : nullptr, true);
      for (const Expr *A : CE->arguments())
        AddArgs(A);
    }
    LaunchIndex[E] = Launches.size();
    Launches.push_back(std::move(L));
  }
  unsigned NL = Launches.size();
  llvm::DenseMap<const FunctionDecl *, bool> SyncMemo;

  auto ClearAll = [&](State &S) {
    S.Pending.reset();
    S.Covered.clear();
  };
  auto SyncStream = [&](State &S, const void *K) {
    if (K == DefaultStream || K == UnknownHandle) {
      ClearAll(S);
      return;
    }
    for (unsigned I = 0; I < NL; ++I)
      if (Launches[I].Stream == K || Launches[I].Stream == UnknownHandle)
        S.Pending.reset(I);
  };
  // Applies element \p St to \p S; \p OnAccess sees each managed access.
  auto Transfer = [&](State &S, const Stmt *St,
                      llvm::function_ref<void(const DeclRefExpr *, State &)> OnAccess) {
    if (const auto *E = dyn_cast<Expr>(St); E && LaunchIndex.count(E)) {
      S.Pending.set(LaunchIndex[E]);
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(St)) {
      if (Facts.ManagedRefs.count(DRE) && !Facts.NotAccess.count(DRE))
        OnAccess(DRE, S);
      return;
    }
    const auto *CE = dyn_cast<CallExpr>(St);
    if (!CE)
      return;
    StringRef N = runtimeName(CE);
    if (N == "cudaDeviceSynchronize" || N == "cudaThreadSynchronize" || isSynchronousCopy(N)) {
      ClearAll(S);
    } else if (N == "cudaStreamSynchronize") {
      SyncStream(S, handleKey(CE->getNumArgs() ? CE->getArg(0) : nullptr, true));
    } else if (N == "cudaEventRecord" || N == "cudaEventRecordWithFlags") {
      if (CE->getNumArgs() == 0)
        return;
      const void *Ev = handleKey(CE->getArg(0), false);
      const void *St2 = handleKey(CE->getNumArgs() > 1 ? CE->getArg(1) : nullptr, true);
      if (Ev == UnknownHandle)
        return;
      llvm::BitVector Cov(NL);
      for (unsigned I = 0; I < NL; ++I)
        if (S.Pending.test(I) && (St2 == DefaultStream || St2 == UnknownHandle ||
                                  Launches[I].Stream == St2 ||
                                  Launches[I].Stream == UnknownHandle))
          Cov.set(I);
      S.Covered[Ev] = std::move(Cov);
    } else if (N == "cudaEventSynchronize") {
      const void *Ev = handleKey(CE->getNumArgs() ? CE->getArg(0) : nullptr, false);
      if (Ev == UnknownHandle) {
        ClearAll(S);
        return;
      }
      if (auto It = S.Covered.find(Ev); It != S.Covered.end()) {
        llvm::BitVector Done = It->second;
        S.Pending.reset(Done);
      }
    } else if (N.empty() && callSynchronizes(CE->getDirectCallee(), 0, SyncMemo)) {
      ClearAll(S);
    }
  };

  unsigned NB = G->getNumBlockIDs();
  std::vector<State> Out(NB);
  auto EntryState = [&](const CFGBlock *B) {
    State S;
    if (B == &G->getEntry()) {
      S.Pending.resize(NL);
      S.Seen = true;
      return S;
    }
    for (const CFGBlock *P : B->preds())
      if (P)
        S.join(Out[P->getBlockID()]);
    if (!S.Seen)
      S.Pending.resize(NL);
    return S;
  };
  ForwardDataflowWorklist Worklist(*G, PO);
  Worklist.enqueueBlock(&G->getEntry());
  unsigned Visits = 0;
  while (const CFGBlock *B = Worklist.dequeue()) {
    if (++Visits > 20000)
      return; // give up quietly
    State S = EntryState(B);
    for (const CFGElement &El : *B)
      if (auto CS = El.getAs<CFGStmt>())
        Transfer(S, CS->getStmt(), [](const DeclRefExpr *, State &) {});
    S.Seen = true;
    if (Out[B->getBlockID()] == S)
      continue;
    Out[B->getBlockID()] = std::move(S);
    Worklist.enqueueSuccessors(B);
  }

  // Report: each access once, for the launches still pending there that may
  // use the variable (which then count as reported on that path).
  for (const CFGBlock *B : *G) {
    if (!Out[B->getBlockID()].Seen)
      continue;
    State S = EntryState(B);
    for (const CFGElement &El : *B) {
      auto CS = El.getAs<CFGStmt>();
      if (!CS)
        continue;
      Transfer(S, CS->getStmt(), [&](const DeclRefExpr *DRE, State &St) {
        const auto *V = cast<VarDecl>(DRE->getDecl());
        for (int I = St.Pending.find_first(); I >= 0; I = St.Pending.find_next(I)) {
          const Launch &L = Launches[I];
          if (!L.ArgVars.count(V) && !kernelMayUse(L.Kernel, V))
            continue;
          St.Pending.reset(I);
          if (!reportOnce(DRE))
            continue;
          report(DRE->getLocation(),
                 "host code accesses __managed__ variable '%0' after a kernel "
                 "launch with no synchronization on some path: the kernel may "
                 "still be running, and the host may see a stale or partial "
                 "value; call cudaDeviceSynchronize() (or synchronize the "
                 "launch's stream or an event recorded after it) first")
              << V->getName();
          note(L.E->getBeginLoc(), "kernel launched here");
          break;
        }
      });
    }
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ManagedAccessWithoutSyncCheck)

} // namespace cuda_lint
