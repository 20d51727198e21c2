//===- SharedRaceCheck.cpp - cuda-shared-race ------------------------------===//
//
// A barrier-interval analysis over `__shared__` variables (see the class
// comment in SharedRaceCheck.h and docs/rules/cuda-shared-race.md, which
// lists exactly what is modelled and what the check gives up on).
//
// Sources: CUDA C++ Programming Guide, "Shared Memory" (threads of a block
// communicate through shared memory and synchronize with __syncthreads()),
// "Synchronization Functions" (__syncthreads, __syncwarp), "Cooperative
// Groups" (thread_block::sync, cooperative_groups::sync).
//
//===----------------------------------------------------------------------===//
#include "checks/SharedRaceCheck.h"
#include "analysis/CallIndex.h"
#include "analysis/CFGCache.h"
#include "analysis/CudaIntrinsics.h"
#include "analysis/BuiltinVars.h"
#include "analysis/LaunchSite.h"
#include "analysis/Uniformity.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <array>
#include <map>
#include <optional>

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {
namespace {

//===----------------------------------------------------------------------===//
// Polynomials over thread indices and block-uniform atoms.
//===----------------------------------------------------------------------===//

/// An atom of an index polynomial. 1..3: threadIdx.x/y/z; 4..6:
/// blockDim.x/y/z; a VarDecl's address (a parameter or a mutable local; +1:
/// its value in an earlier iteration); high bit set: an opaque block-uniform
/// expression, by its structural hash.
using Atom = uint64_t;
constexpr Atom TidAtom[3] = {1, 2, 3};
constexpr Atom BdimAtom[3] = {4, 5, 6};
constexpr Atom OpaqueBit = 1ULL << 63;

bool isTid(Atom A) { return A >= 1 && A <= 3; }

using Mono = llvm::SmallVector<Atom, 2>; ///< sorted product of atoms
using Poly = std::map<Mono, int64_t>;    ///< monomial -> coefficient

/// Bounds that keep the polynomials small (an index beyond them is not
/// modelled).
constexpr unsigned MaxTerms = 32, MaxDegree = 3;

bool addTerm(Poly &P, const Mono &M, int64_t C) {
  if (C == 0)
    return true;
  int64_t &V = P[M];
  if (__builtin_add_overflow(V, C, &V))
    return false;
  if (V == 0)
    P.erase(M);
  return P.size() <= MaxTerms;
}

std::optional<Poly> add(const Poly &A, const Poly &B, int64_t Sign = 1) {
  Poly R = A;
  for (const auto &[M, C] : B) {
    int64_t S;
    if (__builtin_mul_overflow(C, Sign, &S) || !addTerm(R, M, S))
      return std::nullopt;
  }
  return R;
}

std::optional<Poly> mul(const Poly &A, const Poly &B) {
  Poly R;
  for (const auto &[MA, CA] : A)
    for (const auto &[MB, CB] : B) {
      Mono M = MA;
      M.append(MB.begin(), MB.end());
      llvm::sort(M);
      if (M.size() > MaxDegree)
        return std::nullopt;
      int64_t C;
      if (__builtin_mul_overflow(CA, CB, &C) || !addTerm(R, M, C))
        return std::nullopt;
    }
  return R;
}

Poly constant(int64_t C) {
  Poly P;
  addTerm(P, {}, C);
  return P;
}

Poly atom(Atom A) {
  Poly P;
  P[{A}] = 1;
  return P;
}

unsigned threadAtomsIn(const Mono &M) {
  unsigned N = 0;
  for (Atom A : M)
    N += isTid(A);
  return N;
}

bool hasThreadAtom(const Poly &P) {
  for (const auto &[M, C] : P)
    if (threadAtomsIn(M))
      return true;
  return false;
}

/// Replaces atom \p From by the constant \p To.
Poly substitute(const Poly &P, Atom From, int64_t To) {
  Poly R;
  for (const auto &[M, C] : P) {
    Mono N;
    int64_t K = C;
    bool Zero = false;
    for (Atom A : M) {
      if (A == From) {
        if (To == 0)
          Zero = true;
        else if (__builtin_mul_overflow(K, To, &K))
          return P; // too large to matter: leave it (the pair gives up)
      } else
        N.push_back(A);
    }
    if (!Zero)
      addTerm(R, N, K);
  }
  return R;
}

/// Renames the atoms in \p Stale (mutable variables assigned since the
/// access) to their earlier-iteration versions.
Poly rename(const Poly &P, const llvm::SmallPtrSetImpl<const VarDecl *> &Stale) {
  if (Stale.empty())
    return P;
  Poly R;
  for (const auto &[M, C] : P) {
    Mono N;
    for (Atom A : M) {
      if (!(A & OpaqueBit) && A > 6 &&
          Stale.count(reinterpret_cast<const VarDecl *>(A)))
        A |= 1;
      N.push_back(A);
    }
    llvm::sort(N);
    addTerm(R, N, C);
  }
  return R;
}

//===----------------------------------------------------------------------===//
// Accesses.
//===----------------------------------------------------------------------===//

/// The threads of the block that execute an access, from the conditions
/// around it: per component a pinned value or a constant range.
struct ThreadSet {
  struct Comp {
    bool Pinned = false;
    int64_t Lo = 0, Hi = INT64_MAX; ///< [Lo, Hi)
  } C[3];
  bool Restricted = false; ///< some thread-dependent condition applies
  bool Unknown = false;    ///< a thread-dependent condition not understood
  /// Atoms of symbolic bounds (`threadIdx.x < s`): a pair whose element
  /// equation involves them is not decided.
  llvm::SmallVector<Atom, 2> GuardAtoms;
  bool mentions(unsigned I) const { return C[I].Pinned || C[I].Lo != 0 || C[I].Hi != INT64_MAX; }
};

struct Access {
  const VarDecl *Var = nullptr;
  const Expr *E = nullptr; ///< the whole access: s[i][j], or s
  bool Read = false, Write = false;
  std::vector<Poly> Idx;
  std::vector<int64_t> Extent; ///< per dimension; 0 when not a constant
  ThreadSet T;
};

enum class SyncKind { None, Block, Warp };

/// The flags of a pending access (an access made since the last block
/// barrier on some path reaching the current point).
struct Pending {
  llvm::SmallPtrSet<const VarDecl *, 2> Stale; ///< assigned since the access
  bool NoWarp = false;   ///< on some path without a __syncwarp since
  bool WithWarp = false; ///< on some path through a __syncwarp since
  bool Carried = false;  ///< on some path through a loop's back edge

  bool join(const Pending &O) {
    bool Changed = false;
    for (const VarDecl *V : O.Stale)
      Changed |= Stale.insert(V).second;
    auto Or = [&](bool &A, bool B) {
      if (B && !A)
        A = Changed = true;
    };
    Or(NoWarp, O.NoWarp);
    Or(WithWarp, O.WithWarp);
    Or(Carried, O.Carried);
    return Changed;
  }
};

using State = std::map<unsigned, Pending>;

bool joinState(State &Into, const State &From) {
  bool Changed = false;
  for (const auto &[I, P] : From) {
    auto [It, New] = Into.try_emplace(I, P);
    if (New)
      Changed = true;
    else
      Changed |= It->second.join(P);
  }
  return Changed;
}

//===----------------------------------------------------------------------===//
// Helpers of the translation unit: do they synchronize the block, which
// __shared__ variables do they name.
//===----------------------------------------------------------------------===//

bool isSharedVar(const ValueDecl *D) {
  const auto *VD = dyn_cast_or_null<VarDecl>(D);
  return VD && VD->hasAttr<CUDASharedAttr>();
}

/// The level of a cooperative_groups group type: "thread_block",
/// "grid_group", ... synchronize the block; tiles and coalesced groups a warp.
SyncKind groupLevel(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return SyncKind::Block;
  llvm::StringRef N = RD->getName();
  if (N.contains("tile") || N.contains("coalesced"))
    return SyncKind::Warp;
  return SyncKind::Block;
}

struct FunctionSummary {
  bool Barrier = false;
  llvm::SmallPtrSet<const VarDecl *, 4> Shared;
};

class Summaries {
public:
  explicit Summaries(ASTContext &Ctx) : Ctx(Ctx) {}

  /// What \p FD does (transitively through the bodies it calls, to a depth of
  /// 6): a block barrier, `__shared__` variables named.
  const FunctionSummary &of(const FunctionDecl *FD, unsigned Depth = 0);

  /// The synchronization \p CE performs itself (an intrinsic or a
  /// cooperative_groups sync) or through a helper's body.
  SyncKind syncOf(const CallExpr *CE, unsigned Depth = 0);

  /// Whether the inline assembly \p A is a block barrier (bar.sync,
  /// barrier.sync, bar.red).
  bool asmBarrier(const AsmStmt *A) const;

private:
  ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, FunctionSummary> Memo;
  llvm::DenseSet<const FunctionDecl *> InProgress;
};

bool Summaries::asmBarrier(const AsmStmt *A) const {
  const auto *G = dyn_cast<GCCAsmStmt>(A);
  if (!G)
    return false;
  std::string S = G->generateAsmString(Ctx);
  return llvm::StringRef(S).contains("bar.sync") ||
         llvm::StringRef(S).contains("barrier.sync") ||
         llvm::StringRef(S).contains("bar.red") ||
         llvm::StringRef(S).contains("barrier.red") ||
         llvm::StringRef(S).contains("barrier.cta.sync");
}

SyncKind Summaries::syncOf(const CallExpr *CE, unsigned Depth) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return SyncKind::None;
  if (const IntrinsicInfo *I = lookupIntrinsic(FD)) {
    switch (I->Kind) {
    case IntrinsicKind::BlockBarrier:
      return SyncKind::Block;
    case IntrinsicKind::WarpBarrier:
      return SyncKind::Warp;
    case IntrinsicKind::GroupBarrier:
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
        return groupLevel(MC->getImplicitObjectArgument()->getType());
      if (CE->getNumArgs() > 0)
        return groupLevel(CE->getArg(0)->getType());
      return SyncKind::Block;
    default:
      return SyncKind::None;
    }
  }
  if (Depth < 6 && of(FD, Depth + 1).Barrier)
    return SyncKind::Block;
  return SyncKind::None;
}

const FunctionSummary &Summaries::of(const FunctionDecl *FD, unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def) {
    static const FunctionSummary Empty;
    return Empty;
  }
  auto It = Memo.find(Def);
  if (It != Memo.end())
    return It->second;
  if (!InProgress.insert(Def).second) {
    static const FunctionSummary Empty;
    return Empty;
  }
  FunctionSummary S;
  struct V : RecursiveASTVisitor<V> {
    Summaries &Sums;
    FunctionSummary &S;
    unsigned Depth;
    V(Summaries &Sums, FunctionSummary &S, unsigned Depth) : Sums(Sums), S(S), Depth(Depth) {}
    bool VisitCallExpr(CallExpr *CE) {
      if (Sums.syncOf(CE, Depth) == SyncKind::Block)
        S.Barrier = true;
      if (const FunctionDecl *C = CE->getDirectCallee())
        if (Depth < 6)
          for (const VarDecl *VD : Sums.of(C, Depth + 1).Shared)
            S.Shared.insert(VD);
      return true;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
      if (Depth < 6 && CE->getConstructor()) {
        const FunctionSummary &C = Sums.of(CE->getConstructor(), Depth + 1);
        S.Barrier |= C.Barrier;
        for (const VarDecl *VD : C.Shared)
          S.Shared.insert(VD);
      }
      return true;
    }
    bool VisitGCCAsmStmt(GCCAsmStmt *A) {
      if (Sums.asmBarrier(A))
        S.Barrier = true;
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (isSharedVar(E->getDecl()))
        S.Shared.insert(cast<VarDecl>(E->getDecl())->getCanonicalDecl());
      return true;
    }
  } Vis(*this, S, Depth);
  Vis.TraverseStmt(Def->getBody());
  InProgress.erase(Def);
  return Memo[Def] = std::move(S);
}

//===----------------------------------------------------------------------===//
// The analysis of one function.
//===----------------------------------------------------------------------===//

class FunctionRaces {
public:
  /// \p Block: the largest block size of each component the kernel is
  /// launched with in this translation unit, where every launch's is known
  /// (0: unknown).
  FunctionRaces(ASTContext &Ctx, const FunctionDecl *FD, const FunctionUniformity *FU,
                Summaries &Sums, unsigned &Budget, const std::array<int64_t, 3> &Block)
      : Ctx(Ctx), FD(FD), FU(FU), Sums(Sums), Budget(Budget), Block(Block),
        PM(FD->getBody()) {}

  struct Race {
    const Access *First, *Second;
    bool Carried;
  };

  /// Runs the analysis; the races found, in the order of their second access.
  std::vector<Race> run(CFGCache &Cache);

  unsigned varsAnalysed() const { return VarsSeen.size(); }
  unsigned varsGivenUp() const { return GivenUp.size(); }
  unsigned pairsGivenUp() const { return PairsGivenUp; }

private:
  ASTContext &Ctx;
  const FunctionDecl *FD;
  const FunctionUniformity *FU;
  Summaries &Sums;
  unsigned &Budget;
  std::array<int64_t, 3> Block;
  /// Per thread component, a bound that in-bounds accesses imply: an
  /// access `s[a * threadIdx.x + c]` made by every thread of an array of N
  /// elements means threadIdx.x < (N - c) / a.
  std::array<int64_t, 3> Implied{INT64_MAX, INT64_MAX, INT64_MAX};
  void implyBounds();
  ParentMap PM;
  std::vector<Access> Accesses;
  llvm::DenseMap<const Stmt *, unsigned> AccessAt;
  llvm::SmallPtrSet<const VarDecl *, 8> VarsSeen, GivenUp;
  /// Locals and parameters written after their initialization; UnitStep:
  /// those changed only by ++, --, += 1, -= 1 or a constant assignment (they
  /// take every value between).
  llvm::DenseMap<const VarDecl *, bool> Mutable;
  unsigned PairsGivenUp = 0;

  const Stmt *parentOf(const Stmt *S) const;
  void scanMutable();
  void collectAccesses();
  bool classify(const DeclRefExpr *DRE, const VarDecl *VD);
  std::optional<Poly> parse(const Expr *E, unsigned Depth = 0);
  bool refsMutable(const Expr *E) const;
  void guardsOf(Access &A);
  void addCond(ThreadSet &T, const Expr *C, bool Pol,
               llvm::SmallPtrSetImpl<const Expr *> &Seen);
  enum class Verdict { NoRace, Race, GiveUp };
  Verdict decide(const Access &A, const Access &B, const Pending &F);
  void transfer(const clang::Stmt *St, State &S,
                std::map<std::pair<unsigned, unsigned>, Pending> &Pairs);
};

const Stmt *FunctionRaces::parentOf(const Stmt *S) const {
  const Stmt *P = PM.getParent(S);
  while (P && (isa<ParenExpr>(P) ||
               (isa<ImplicitCastExpr>(P) &&
                cast<ImplicitCastExpr>(P)->getCastKind() != CK_LValueToRValue)))
    P = PM.getParent(P);
  return P;
}

void FunctionRaces::scanMutable() {
  struct V : RecursiveASTVisitor<V> {
    FunctionRaces &R;
    explicit V(FunctionRaces &R) : R(R) {}
    void mark(const Expr *E, bool Unit) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      if (!DRE)
        return;
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || isSharedVar(VD))
        return;
      auto [It, New] = R.Mutable.try_emplace(VD, Unit);
      if (!New)
        It->second &= Unit;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (!B->isAssignmentOp())
        return true;
      bool Unit = false;
      Expr::EvalResult ER;
      if (B->getOpcode() == BO_Assign)
        Unit = B->getRHS()->EvaluateAsInt(ER, R.Ctx);
      else if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign)
        Unit = B->getRHS()->EvaluateAsInt(ER, R.Ctx) && ER.Val.getInt().abs() == 1;
      mark(B->getLHS(), Unit);
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->isIncrementDecrementOp())
        mark(U->getSubExpr(), true);
      else if (U->getOpcode() == UO_AddrOf)
        mark(U->getSubExpr(), false);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      // A reference bound to it, a member call on it, an argument by
      // reference: anything but a read of its value may change it.
      const auto *VD = dyn_cast<VarDecl>(E->getDecl());
      if (!VD || !VD->getType()->isIntegralOrEnumerationType() || isSharedVar(VD))
        return true;
      const Stmt *P = R.PM.getParent(E);
      while (P && isa<ParenExpr>(P))
        P = R.PM.getParent(P);
      if (!P)
        return true;
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(P))
        if (IC->getCastKind() == CK_LValueToRValue)
          return true;
      if (const auto *B = dyn_cast<BinaryOperator>(P))
        if (B->isAssignmentOp())
          return true; // VisitBinaryOperator
      if (const auto *U = dyn_cast<UnaryOperator>(P))
        if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
          return true;
      if (isa<DecltypeType>(VD->getType()) || isa<UnaryExprOrTypeTraitExpr>(P))
        return true;
      mark(E, false);
      return true;
    }
  } Vis(*this);
  Vis.TraverseStmt(FD->getBody());
}

bool FunctionRaces::refsMutable(const Expr *E) const {
  struct V : RecursiveASTVisitor<V> {
    const FunctionRaces &R;
    bool Found = false;
    explicit V(const FunctionRaces &R) : R(R) {}
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()))
        if (R.Mutable.count(VD))
          Found = true;
      return !Found;
    }
  } Vis(*this);
  Vis.TraverseStmt(const_cast<Expr *>(E));
  return Vis.Found;
}

std::optional<Poly> FunctionRaces::parse(const Expr *E, unsigned Depth) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    if (CE->getType()->isIntegralOrEnumerationType() &&
        CE->getSubExpr()->getType()->isIntegralOrEnumerationType())
      return parse(CE->getSubExpr(), Depth);
    if (isa<ImplicitCastExpr>(CE) && CE->getCastKind() == CK_LValueToRValue)
      return parse(CE->getSubExpr(), Depth);
  }
  if (!E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult ER;
  if (E->EvaluateAsInt(ER, Ctx)) {
    const llvm::APSInt &V = ER.Val.getInt();
    if (V.getSignificantBits() > 62)
      return std::nullopt;
    return constant(V.getExtValue());
  }
  auto [Var, Comp] = builtinMember(E);
  if (!Var.empty()) {
    unsigned I = Comp == 'x' ? 0 : Comp == 'y' ? 1 : Comp == 'z' ? 2 : 3;
    if (I == 3)
      return std::nullopt;
    if (Var == "threadIdx")
      return atom(TidAtom[I]);
    if (Var == "blockDim")
      return atom(BdimAtom[I]);
    // blockIdx, gridDim: uniform atoms.
    return atom(OpaqueBit | (Var == "blockIdx" ? 16 : 32) | I);
  }
  // cooperative_groups: thread_block::thread_rank() is the linear thread
  // index, x + blockDim.x * (y + blockDim.y * z).
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (const CXXMethodDecl *MD = MC->getMethodDecl())
      if (MD->getIdentifier() && MD->getName() == "thread_rank" &&
          groupLevel(MC->getImplicitObjectArgument()->getType()) == SyncKind::Block) {
        const CXXRecordDecl *RD = MD->getParent();
        if (RD->getIdentifier() && RD->getName() == "thread_block") {
          Poly P = atom(TidAtom[0]);
          std::optional<Poly> Y = mul(atom(BdimAtom[0]), atom(TidAtom[1]));
          std::optional<Poly> Z = mul(*mul(atom(BdimAtom[0]), atom(BdimAtom[1])), atom(TidAtom[2]));
          if (Y && Z)
            if (std::optional<Poly> S = add(P, *Y))
              return add(*S, *Z);
          return std::nullopt;
        }
      }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    switch (B->getOpcode()) {
    case BO_Add:
    case BO_Sub:
    case BO_Mul:
    case BO_Shl: {
      std::optional<Poly> L = parse(B->getLHS(), Depth + 1);
      std::optional<Poly> R = L ? parse(B->getRHS(), Depth + 1) : std::nullopt;
      if (!L || !R)
        break;
      if (B->getOpcode() == BO_Add)
        return add(*L, *R);
      if (B->getOpcode() == BO_Sub)
        return add(*L, *R, -1);
      if (B->getOpcode() == BO_Mul)
        return mul(*L, *R);
      if (R->size() == 1 && R->begin()->first.empty() && R->begin()->second >= 0 &&
          R->begin()->second < 31)
        return mul(*L, constant(int64_t(1) << R->begin()->second));
      break;
    }
    default:
      break;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Minus)
      if (std::optional<Poly> P = parse(U->getSubExpr(), Depth + 1))
        return add(Poly(), *P, -1);
    if (U->getOpcode() == UO_Plus)
      return parse(U->getSubExpr(), Depth + 1);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (isSharedVar(VD))
        return std::nullopt;
      auto M = Mutable.find(VD);
      if (M == Mutable.end() && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
          VD->getInit())
        return parse(VD->getInit(), Depth + 1);
      if (FU->valueOf(DRE).U != Uniformity::BlockUniform) {
        return std::nullopt;
      }
      if (M != Mutable.end() || isa<ParmVarDecl>(VD))
        return atom(reinterpret_cast<uintptr_t>(VD->getCanonicalDecl()));
    }
  // Any other block-uniform expression that does not read a mutable
  // variable: an opaque atom, the same for structurally equal expressions.
  if (FU->valueOf(E).U != Uniformity::BlockUniform || refsMutable(E)) {
    return std::nullopt;
  }
  llvm::FoldingSetNodeID ID;
  E->Profile(ID, Ctx, /*Canonical=*/true);
  return atom(OpaqueBit | (uint64_t(ID.ComputeHash()) << 8));
}

void FunctionRaces::collectAccesses() {
  struct V : RecursiveASTVisitor<V> {
    FunctionRaces &R;
    unsigned LambdaDepth = 0;
    explicit V(FunctionRaces &R) : R(R) {}
    bool TraverseLambdaExpr(LambdaExpr *L) {
      ++LambdaDepth;
      bool Ok = RecursiveASTVisitor<V>::TraverseLambdaExpr(L);
      --LambdaDepth;
      return Ok;
    }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (!isSharedVar(DRE->getDecl()))
        return true;
      const auto *VD = cast<VarDecl>(DRE->getDecl())->getCanonicalDecl();
      R.VarsSeen.insert(VD);
      if (LambdaDepth || !R.classify(DRE, VD)) {
        R.GivenUp.insert(VD);
      }
      return true;
    }
  } Vis(*this);
  Vis.TraverseStmt(FD->getBody());
}

bool FunctionRaces::classify(const DeclRefExpr *DRE, const VarDecl *VD) {
  unsigned Rank = 0;
  QualType T = VD->getType();
  std::vector<int64_t> Extent;
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    ++Rank;
    const auto *CAT = dyn_cast<ConstantArrayType>(AT);
    Extent.push_back(CAT && CAT->getSize().getActiveBits() < 62
                         ? int64_t(CAT->getSize().getZExtValue())
                         : 0);
    T = AT->getElementType();
  }
  const Expr *Cur = DRE;
  std::vector<const Expr *> IdxE;
  while (IdxE.size() < Rank) {
    const Stmt *P = parentOf(Cur);
    if (P && isa<UnaryExprOrTypeTraitExpr>(P))
      return true; // sizeof(s): not an access
    const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(P);
    if (!ASE || ASE->getBase()->IgnoreParenImpCasts() != Cur) {
      return false; // a pointer made from the array, a call taking it, ...
    }
    IdxE.push_back(ASE->getIdx());
    Cur = ASE;
  }
  if (!T->isScalarType())
    return false; // structs: members, constructors, operators
  const Stmt *P = parentOf(Cur);
  Access A;
  A.Var = VD;
  A.E = Cur;
  A.Extent = Extent;
  if (P && isa<UnaryExprOrTypeTraitExpr>(P))
    return true;
  if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P);
      IC && IC->getCastKind() == CK_LValueToRValue)
    A.Read = true;
  else if (const auto *B = dyn_cast_or_null<BinaryOperator>(P);
           B && B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Cur) {
    A.Write = true;
    A.Read = B->isCompoundAssignmentOp();
  } else if (const auto *U = dyn_cast_or_null<UnaryOperator>(P);
             U && U->isIncrementDecrementOp())
    A.Read = A.Write = true;
  else {
    return false; // &s[i] (atomics), references, member calls
  }
  for (const Expr *I : IdxE) {
    std::optional<Poly> Pl = parse(I);
    if (!Pl) {
      return false; // not affine in the thread index, or not uniform
    }
    for (const auto &[M, C] : *Pl)
      if (threadAtomsIn(M) > 1)
        return false;
    A.Idx.push_back(std::move(*Pl));
  }
  guardsOf(A);
  AccessAt[Cur] = Accesses.size();
  Accesses.push_back(std::move(A));
  return true;
}

static bool threadDependent(const FunctionUniformity *FU, const Expr *C) {
  return C && FU->valueOf(C).U != Uniformity::BlockUniform;
}

void FunctionRaces::guardsOf(Access &A) {
  llvm::SmallPtrSet<const Expr *, 8> Seen;
  const Stmt *Child = A.E;
  for (const Stmt *P = PM.getParent(Child); P; Child = P, P = PM.getParent(P)) {
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      if (Child == If->getThen())
        addCond(A.T, If->getCond(), true, Seen);
      else if (Child == If->getElse())
        addCond(A.T, If->getCond(), false, Seen);
    } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P)) {
      if (Child == CO->getTrueExpr())
        addCond(A.T, CO->getCond(), true, Seen);
      else if (Child == CO->getFalseExpr())
        addCond(A.T, CO->getCond(), false, Seen);
    } else if (const auto *B = dyn_cast<BinaryOperator>(P)) {
      if (Child == B->getRHS() && B->getOpcode() == BO_LAnd)
        addCond(A.T, B->getLHS(), true, Seen);
      else if (Child == B->getRHS() && B->getOpcode() == BO_LOr)
        addCond(A.T, B->getLHS(), false, Seen);
    } else if (const auto *W = dyn_cast<WhileStmt>(P)) {
      if (Child == W->getBody())
        addCond(A.T, W->getCond(), true, Seen);
    } else if (const auto *F = dyn_cast<ForStmt>(P)) {
      if ((Child == F->getBody() || Child == F->getInc()) && F->getCond())
        addCond(A.T, F->getCond(), true, Seen);
    } else if (const auto *D = dyn_cast<DoStmt>(P)) {
      if (Child == D->getBody() && threadDependent(FU, D->getCond()))
        A.T.Unknown = A.T.Restricted = true;
    } else if (const auto *S = dyn_cast<SwitchStmt>(P)) {
      if (Child != S->getCond() && threadDependent(FU, S->getCond()))
        A.T.Unknown = A.T.Restricted = true;
    }
  }
  // Divergence the enclosing conditions do not explain: after an early
  // return/break/continue/goto under a thread-dependent condition.
  if (std::optional<DivergentControl> DC =
          FU->divergentControl(A.E, Uniformity::WarpUniform))
    if (DC->Exit || !DC->Cond || !Seen.count(DC->Cond->IgnoreParenImpCasts()))
      A.T.Unknown = A.T.Restricted = true;
}

static BinaryOperatorKind swapSides(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT: return BO_GT;
  case BO_GT: return BO_LT;
  case BO_LE: return BO_GE;
  case BO_GE: return BO_LE;
  default: return Op;
  }
}

static BinaryOperatorKind negateOp(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT: return BO_GE;
  case BO_GE: return BO_LT;
  case BO_GT: return BO_LE;
  case BO_LE: return BO_GT;
  case BO_EQ: return BO_NE;
  case BO_NE: return BO_EQ;
  default: return Op;
  }
}

void FunctionRaces::addCond(ThreadSet &T, const Expr *C, bool Pol,
                            llvm::SmallPtrSetImpl<const Expr *> &Seen) {
  if (!C)
    return;
  C = C->IgnoreParenImpCasts();
  Seen.insert(C);
  if (!threadDependent(FU, C))
    return;
  T.Restricted = true;
  if (const auto *U = dyn_cast<UnaryOperator>(C); U && U->getOpcode() == UO_LNot)
    return addCond(T, U->getSubExpr(), !Pol, Seen);
  const auto *B = dyn_cast<BinaryOperator>(C);
  if (!B) {
    T.Unknown = true;
    return;
  }
  if (B->getOpcode() == BO_LAnd || B->getOpcode() == BO_LOr) {
    if (Pol != (B->getOpcode() == BO_LAnd)) {
      T.Unknown = true; // a disjunction of thread conditions
      return;
    }
    addCond(T, B->getLHS(), Pol, Seen);
    addCond(T, B->getRHS(), Pol, Seen);
    return;
  }
  if (!B->isComparisonOp()) {
    T.Unknown = true;
    return;
  }
  std::optional<Poly> L = parse(B->getLHS()), R = parse(B->getRHS());
  std::optional<Poly> D = L && R ? add(*L, *R, -1) : std::nullopt;
  if (!D) {
    T.Unknown = true;
    return;
  }
  int Comp = -1;
  int64_t K = 0;
  Poly U;
  for (const auto &[M, Cf] : *D) {
    if (!threadAtomsIn(M)) {
      U[M] = Cf;
      continue;
    }
    if (M.size() != 1 || Comp != -1) {
      T.Unknown = true;
      return;
    }
    Comp = int(M[0]) - 1;
    K = Cf;
  }
  if (Comp < 0 || (K != 1 && K != -1)) {
    T.Unknown = true;
    return;
  }
  BinaryOperatorKind Op = B->getOpcode();
  // K*t + U op 0  =>  t op' Bound.
  Poly Bound = K == 1 ? *add(Poly(), U, -1) : U;
  if (K == -1)
    Op = swapSides(Op);
  if (!Pol)
    Op = negateOp(Op);
  ThreadSet::Comp &TC = T.C[Comp];
  bool Const = Bound.empty() || (Bound.size() == 1 && Bound.begin()->first.empty());
  if (!Const) {
    if (Op == BO_EQ || Op == BO_NE) {
      T.Unknown = true;
      return;
    }
    for (const auto &[M, Cf] : Bound)
      for (Atom A : M)
        T.GuardAtoms.push_back(A);
    return;
  }
  int64_t V = Bound.empty() ? 0 : Bound.begin()->second;
  switch (Op) {
  case BO_EQ:
    TC.Lo = std::max(TC.Lo, V);
    TC.Hi = std::min(TC.Hi, V + 1);
    break;
  case BO_LT:
    TC.Hi = std::min(TC.Hi, V);
    break;
  case BO_LE:
    TC.Hi = std::min(TC.Hi, V + 1);
    break;
  case BO_GT:
    TC.Lo = std::max(TC.Lo, V + 1);
    break;
  case BO_GE:
    TC.Lo = std::max(TC.Lo, V);
    break;
  default:
    T.Unknown = true;
  }
}

static bool usesComp(const std::vector<Poly> &I, unsigned C) {
  for (const Poly &P : I)
    for (const auto &[M, Cf] : P)
      if (llvm::is_contained(M, TidAtom[C]))
        return true;
  return false;
}

static bool isSingle(const ThreadSet::Comp &C) {
  return C.Hi != INT64_MAX && C.Hi - C.Lo == 1;
}

FunctionRaces::Verdict FunctionRaces::decide(const Access &A, const Access &B,
                                             const Pending &F) {
  if (A.T.Unknown || B.T.Unknown)
    return Verdict::GiveUp;
  std::vector<Poly> IA, IB = B.Idx;
  for (const Poly &P : A.Idx)
    IA.push_back(rename(P, F.Stale));
  auto Pin = [](std::vector<Poly> &I, const ThreadSet &T) {
    for (unsigned C = 0; C < 3; ++C)
      if (isSingle(T.C[C]))
        for (Poly &P : I)
          P = substitute(P, TidAtom[C], T.C[C].Lo);
  };
  Pin(IA, A.T);
  Pin(IB, B.T);
  bool AnyThreadA = false, AnyThreadB = false;
  for (const Poly &P : IA)
    AnyThreadA |= hasThreadAtom(P);
  for (const Poly &P : IB)
    AnyThreadB |= hasThreadAtom(P);
  // Every thread of the block writing one uniform element (usually the same
  // value: `flag = 0;`): not reported.
  if ((A.Write && !AnyThreadA && !A.T.Restricted) ||
      (B.Write && !AnyThreadB && !B.T.Restricted))
    return Verdict::NoRace;
  bool Mentioned[3];
  unsigned NM = 0;
  for (unsigned C = 0; C < 3; ++C) {
    Mentioned[C] = A.T.mentions(C) || B.T.mentions(C) || usesComp(IA, C) ||
                   usesComp(IB, C);
    NM += Mentioned[C];
  }
  // A __syncwarp() on every barrier-free path: synchronized when both
  // accesses stay in the first warp (threadIdx.x < 32 and nothing else).
  auto WarpChecked = [&](Verdict V) {
    if (V != Verdict::Race || F.NoWarp || !F.WithWarp)
      return V;
    if (!Mentioned[1] && !Mentioned[2] && A.T.C[0].Hi <= 32 && B.T.C[0].Hi <= 32)
      return Verdict::NoRace;
    return Verdict::GiveUp;
  };
  if (IA == IB) {
    // The same element only for the same values of the components the index
    // uses (an index is taken to give distinct threads distinct elements):
    // a race if the threads can differ in a component it does not use.
    for (unsigned C = 0; C < 3; ++C) {
      if (!Mentioned[C] || usesComp(IA, C))
        continue;
      if (isSingle(A.T.C[C]) && isSingle(B.T.C[C]) && A.T.C[C].Lo == B.T.C[C].Lo)
        continue;
      return WarpChecked(Verdict::Race);
    }
    return Verdict::NoRace;
  }
  // Block sizes to test: the components the pair uses, with room for races.
  int64_t Bc[3];
  for (unsigned C = 0; C < 3; ++C)
    Bc[C] = !Mentioned[C] ? 1
            : std::min(Implied[C], Block[C] ? Block[C]
                                   : NM == 1 ? 1024
                                   : NM == 2 ? 32
                                   : C == 0  ? 16
                                             : 8);
  for (Poly &P : IA)
    for (unsigned C = 0; C < 3; ++C)
      P = substitute(P, BdimAtom[C], Bc[C]);
  for (Poly &P : IB)
    for (unsigned C = 0; C < 3; ++C)
      P = substitute(P, BdimAtom[C], Bc[C]);
  llvm::SmallVector<Atom, 4> Guards;
  for (Atom G : A.T.GuardAtoms)
    Guards.push_back(rename(atom(G), F.Stale).begin()->first[0]);
  Guards.append(B.T.GuardAtoms.begin(), B.T.GuardAtoms.end());
  struct Eq {
    int64_t a[3] = {0, 0, 0}, b[3] = {0, 0, 0}, K = 0;
  };
  std::vector<Eq> Eqs;
  std::vector<Poly> Ds;
  for (size_t D = 0; D < IA.size(); ++D) {
    Eq E;
    Poly UA, UB;
    for (const auto &[M, Cf] : IA[D]) {
      if (!threadAtomsIn(M)) {
        UA[M] = Cf;
        continue;
      }
      if (M.size() != 1)
        return Verdict::GiveUp; // a symbolic coefficient
      E.a[M[0] - 1] = Cf;
    }
    for (const auto &[M, Cf] : IB[D]) {
      if (!threadAtomsIn(M)) {
        UB[M] = Cf;
        continue;
      }
      if (M.size() != 1)
        return Verdict::GiveUp;
      E.b[M[0] - 1] = Cf;
    }
    std::optional<Poly> Dp = add(UB, UA, -1);
    if (!Dp)
      return Verdict::GiveUp;
    Ds.push_back(*Dp);
    Eqs.push_back(E);
  }
  // Symbolic parts: an equation with exactly one free atom (coefficient +-1,
  // in no other equation and in no guard) holds for some value of it; any
  // other symbolic part is not decided.
  llvm::DenseMap<Atom, unsigned> AtomUses;
  for (const Poly &P : Ds)
    for (const auto &[M, Cf] : P)
      for (Atom At : M)
        ++AtomUses[At];
  std::vector<Eq> Kept;
  for (size_t D = 0; D < Ds.size(); ++D) {
    unsigned Free = 0;
    bool Undecided = false;
    for (const auto &[M, Cf] : Ds[D]) {
      if (M.empty()) {
        Eqs[D].K = Cf;
        continue;
      }
      Atom At = M[0];
      bool Droppable = M.size() == 1 && (Cf == 1 || Cf == -1) &&
                       AtomUses[At] == 1 && !llvm::is_contained(Guards, At);
      if (Droppable && !(At & OpaqueBit)) {
        const auto *VD = reinterpret_cast<const VarDecl *>(At & ~Atom(1));
        auto MIt = Mutable.find(VD);
        Droppable = MIt == Mutable.end() || MIt->second;
      }
      if (!Droppable)
        Undecided = true;
      ++Free;
    }
    if (Undecided || Free > 1)
      return Verdict::GiveUp;
    if (Free == 0)
      Kept.push_back(Eqs[D]);
  }
  // Boxes of thread indices, then a bounded search for two different
  // threads that reach one element.
  int64_t LoA[3], HiA[3], LoB[3], HiB[3];
  for (unsigned C = 0; C < 3; ++C) {
    if (!Mentioned[C]) {
      LoA[C] = LoB[C] = 0;
      HiA[C] = HiB[C] = 1;
      continue;
    }
    LoA[C] = std::max<int64_t>(A.T.C[C].Lo, 0);
    HiA[C] = std::min<int64_t>(A.T.C[C].Hi, Bc[C]);
    LoB[C] = std::max<int64_t>(B.T.C[C].Lo, 0);
    HiB[C] = std::min<int64_t>(B.T.C[C].Hi, Bc[C]);
    if (LoA[C] >= HiA[C] || LoB[C] >= HiB[C])
      return Verdict::NoRace;
  }
  uint64_t SizeA = 1, SizeB = 1;
  for (unsigned C = 0; C < 3; ++C) {
    SizeA *= uint64_t(HiA[C] - LoA[C]);
    SizeB *= uint64_t(HiB[C] - LoB[C]);
  }
  uint64_t Cost = SizeA * SizeB;
  if (Cost > Budget || Cost > (uint64_t(1) << 22))
    return Verdict::GiveUp;
  Budget -= unsigned(Cost);
  int64_t T1[3], T2[3];
  for (T2[2] = LoB[2]; T2[2] < HiB[2]; ++T2[2])
    for (T2[1] = LoB[1]; T2[1] < HiB[1]; ++T2[1])
      for (T2[0] = LoB[0]; T2[0] < HiB[0]; ++T2[0])
        for (T1[2] = LoA[2]; T1[2] < HiA[2]; ++T1[2])
          for (T1[1] = LoA[1]; T1[1] < HiA[1]; ++T1[1])
            for (T1[0] = LoA[0]; T1[0] < HiA[0]; ++T1[0]) {
              if (T1[0] == T2[0] && T1[1] == T2[1] && T1[2] == T2[2])
                continue;
              bool All = true;
              for (const Eq &E : Kept) {
                int64_t L = 0;
                for (unsigned C = 0; C < 3; ++C)
                  L += E.a[C] * T1[C] - E.b[C] * T2[C];
                if (L != E.K) {
                  All = false;
                  break;
                }
              }
              if (All)
                return WarpChecked(Verdict::Race);
            }
  return Verdict::NoRace;
}

void FunctionRaces::transfer(const Stmt *St, State &S,
                             std::map<std::pair<unsigned, unsigned>, Pending> &Pairs) {
  auto It = AccessAt.find(St);
  if (It != AccessAt.end()) {
    unsigned Q = It->second;
    const Access &AQ = Accesses[Q];
    if (GivenUp.count(AQ.Var))
      return;
    for (const auto &[P, F] : S) {
      const Access &AP = Accesses[P];
      if (AP.Var != AQ.Var || !(AP.Write || AQ.Write))
        continue;
      auto [PI, New] = Pairs.try_emplace({P, Q}, F);
      if (!New)
        PI->second.join(F);
    }
    Pending Fresh;
    Fresh.NoWarp = true;
    auto [SI, New] = S.try_emplace(Q, Fresh);
    if (!New)
      SI->second.join(Fresh);
    return;
  }
  if (const auto *CE = dyn_cast<CallExpr>(St)) {
    switch (Sums.syncOf(CE)) {
    case SyncKind::Block:
      S.clear();
      return;
    case SyncKind::Warp:
      for (auto &[I, P] : S) {
        P.NoWarp = false;
        P.WithWarp = true;
      }
      return;
    case SyncKind::None:
      break;
    }
  }
  if (const auto *A = dyn_cast<AsmStmt>(St)) {
    if (Sums.asmBarrier(A))
      S.clear();
    return;
  }
  auto Stale = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    if (!DRE)
      return;
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (Mutable.count(VD))
        for (auto &[I, P] : S)
          P.Stale.insert(VD->getCanonicalDecl());
  };
  if (const auto *B = dyn_cast<BinaryOperator>(St)) {
    if (B->isAssignmentOp())
      Stale(B->getLHS());
  } else if (const auto *U = dyn_cast<UnaryOperator>(St)) {
    if (U->isIncrementDecrementOp())
      Stale(U->getSubExpr());
  } else if (const auto *DS = dyn_cast<DeclStmt>(St)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (Mutable.count(VD))
          for (auto &[I, P] : S)
            P.Stale.insert(VD->getCanonicalDecl());
  }
}

void FunctionRaces::implyBounds() {
  for (const Access &A : Accesses) {
    if (A.T.Restricted || GivenUp.count(A.Var))
      continue;
    for (size_t D = 0; D < A.Idx.size(); ++D) {
      if (!A.Extent[D])
        continue;
      int Comp = -1;
      int64_t K = 0, C0 = 0;
      bool Ok = true;
      for (const auto &[M, Cf] : A.Idx[D]) {
        if (M.empty())
          C0 = Cf;
        else if (M.size() == 1 && isTid(M[0]) && Comp < 0) {
          Comp = int(M[0]) - 1;
          K = Cf;
        } else
          Ok = false;
      }
      if (!Ok || Comp < 0 || K <= 0 || A.Extent[D] <= C0)
        continue;
      int64_t Bound = (A.Extent[D] - C0 + K - 1) / K; // t * K + C0 < Extent
      Implied[Comp] = std::min(Implied[Comp], std::max<int64_t>(Bound, 1));
    }
  }
}

std::vector<FunctionRaces::Race> FunctionRaces::run(CFGCache &Cache) {
  scanMutable();
  collectAccesses();
  implyBounds();
  // Helpers of the translation unit that name one of these variables: their
  // accesses are not modelled here.
  struct CallV : RecursiveASTVisitor<CallV> {
    FunctionRaces &R;
    explicit CallV(FunctionRaces &R) : R(R) {}
    bool VisitCallExpr(CallExpr *CE) {
      if (const FunctionDecl *C = CE->getDirectCallee())
        for (const VarDecl *VD : R.Sums.of(C).Shared)
          if (R.VarsSeen.count(VD))
            R.GivenUp.insert(VD);
      return true;
    }
  } Calls(*this);
  Calls.TraverseStmt(FD->getBody());
  std::vector<Race> Out;
  bool AnyModelled = false;
  for (const Access &A : Accesses)
    AnyModelled |= !GivenUp.count(A.Var);
  if (!AnyModelled)
    return Out;
  const CFG *G = Cache.cfgFor(FD);
  PostOrderCFGView *PO = Cache.postOrder(FD);
  if (!G || !PO) {
    GivenUp.insert(VarsSeen.begin(), VarsSeen.end());
    return Out;
  }
  llvm::DenseMap<const CFGBlock *, unsigned> Rpo;
  unsigned N = 0;
  for (const CFGBlock *B : *PO)
    Rpo[B] = N++;
  std::vector<State> In(G->getNumBlockIDs());
  std::vector<bool> Visited(G->getNumBlockIDs());
  std::map<std::pair<unsigned, unsigned>, Pending> Pairs;
  ForwardDataflowWorklist WL(*G, PO);
  WL.enqueueBlock(&G->getEntry());
  unsigned Visits = 0, MaxVisits = 64 * G->getNumBlockIDs() + 1000;
  while (const CFGBlock *B = WL.dequeue()) {
    if (++Visits > MaxVisits) {
      GivenUp.insert(VarsSeen.begin(), VarsSeen.end());
      return Out;
    }
    Visited[B->getBlockID()] = true;
    State S = In[B->getBlockID()];
    for (const CFGElement &El : *B)
      if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
        transfer(CS->getStmt(), S, Pairs);
    for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
      const CFGBlock *SB = Succ.getReachableBlock();
      if (!SB)
        continue;
      State O = S;
      if (Rpo.lookup(SB) <= Rpo.lookup(B))
        for (auto &[I, P] : O)
          P.Carried = true;
      if (joinState(In[SB->getBlockID()], O) || !Visited[SB->getBlockID()])
        WL.enqueueBlock(SB);
    }
  }
  for (const auto &[K, F] : Pairs) {
    const Access &A = Accesses[K.first], &B = Accesses[K.second];
    if (GivenUp.count(A.Var))
      continue;
    switch (decide(A, B, F)) {
    case Verdict::GiveUp:
      ++PairsGivenUp;
      break;
    case Verdict::Race:
      Out.push_back({&A, &B, F.Carried});
      break;
    case Verdict::NoRace:
      break;
    }
  }
  return Out;
}

/// Whether an expression of \p FD's body (lambda bodies included) names a
/// `__shared__` variable: the cheap test that keeps the analysis to the
/// functions that use shared memory. A walk of the statements' children, not
/// a RecursiveASTVisitor, which also walks every type written in the body: a
/// variable named only in a type (`decltype(s)`) is never accessed there.
bool namesShared(const FunctionDecl *FD) {
  llvm::SmallVector<const Stmt *, 64> Work{FD->getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && isSharedVar(DRE->getDecl()))
      return true;
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  return false;
}

const char *accessKind(const Access &A) {
  return A.Read && A.Write ? "update" : A.Write ? "write" : "read";
}

} // namespace

void SharedRaceCheck::registerMatchers(MatchFinder *Finder) {
  // The translation unit's own device code; the analysis runs at the end of
  // the translation unit, on the functions that name a __shared__ variable.
  Finder->addMatcher(
      functionDecl(isDefinition(),
                   anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)),
                   unless(isExpansionInSystemHeader()))
          .bind("fn"),
      this);
}

void SharedRaceCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD || FD->isDependentContext() || FD->isInvalidDecl() || !FD->hasBody())
    return;
  Functions.push_back(FD);
}

void SharedRaceCheck::onEndOfTranslationUnit() {
  if (!Ctx || Functions.empty())
    return;
  UniformityContext &UC = UniformityContext::forAST(*Ctx);
  CFGCache &Cache = CFGCache::forAST(*Ctx);
  Summaries Sums(*Ctx);
  // The block sizes each kernel is launched with (LaunchSite: constants,
  // dim3(...), locals through their reaching definitions); a kernel with a
  // launch of unknown size, or none, is searched with the default sizes.
  llvm::DenseMap<const FunctionDecl *, std::array<int64_t, 3>> Blocks;
  {
    LaunchSiteCache &Launches = LaunchSiteCache::forAST(*Ctx);
    llvm::DenseSet<const FunctionDecl *> Unknown;
    for (const CUDAKernelCallExpr *K : CallIndex::forAST(*Ctx).launches()) {
      const FunctionDecl *Kernel = K->getDirectCallee()->getCanonicalDecl();
      const std::optional<LaunchSite> &S = Launches.evaluate(K);
      if (!S || !S->Block.allKnown()) {
        Unknown.insert(Kernel);
        continue;
      }
      auto [It, New] = Blocks.try_emplace(Kernel, std::array<int64_t, 3>{0, 0, 0});
      for (unsigned C = 0; C < 3; ++C)
        It->second[C] = std::max<int64_t>(It->second[C], int64_t(*S->Block.get(C)));
    }
    for (const FunctionDecl *K : Unknown)
      Blocks.erase(K);
  }
  // Thread pairs the element search may try in this translation unit.
  unsigned Budget = 50000000;
  unsigned Vars = 0, VarsGivenUp = 0, PairsGivenUp = 0;
  for (const FunctionDecl *FD : Functions) {
    if (!namesShared(FD))
      continue;
    const FunctionUniformity *FU = UC.analyze(FD, {}, UC.optionsFor(FD));
    if (!FU)
      continue;
    std::array<int64_t, 3> Block{0, 0, 0};
    auto BI = Blocks.find(FD->getCanonicalDecl());
    if (BI != Blocks.end() && BI->second[0] * BI->second[1] * BI->second[2] <= 1024)
      Block = BI->second;
    FunctionRaces R(*Ctx, FD, FU, Sums, Budget, Block);
    std::vector<FunctionRaces::Race> Races = R.run(Cache);
    Vars += R.varsAnalysed();
    VarsGivenUp += R.varsGivenUp();
    PairsGivenUp += R.pairsGivenUp();
    for (const FunctionRaces::Race &Rc : Races) {
      const Access &A = *Rc.First, &B = *Rc.Second;
      SourceLocation LA = userLoc(*SM, A.E->getBeginLoc()),
                     LB = userLoc(*SM, B.E->getBeginLoc());
      if (!ReportedPairs.insert({LA.getRawEncoding(), LB.getRawEncoding()}).second)
        continue;
      bool Carried = Rc.Carried && !SM->isBeforeInTranslationUnit(LA, LB);
      unsigned Line = SM->getPresumedLineNumber(LA);
      std::string Name = A.Var->getName().str();
      if (Carried)
        report(B.E->getBeginLoc(),
               "shared-memory race on '%0': this %1 of '%2' in the next "
               "iteration of the loop can reach an element that another "
               "thread's %3 of '%4' at line %5 still uses, with no barrier "
               "between them; a __syncthreads() belongs after line %5, at the "
               "end of the loop body")
            << Name << accessKind(B) << sourceText(*Ctx, B.E) << accessKind(A)
            << sourceText(*Ctx, A.E) << Line;
      else
        report(B.E->getBeginLoc(),
               "shared-memory race on '%0': this %1 of '%2' and the %3 of "
               "'%4' at line %5 can reach the same element from different "
               "threads with no barrier between them on some path; a "
               "__syncthreads() belongs after line %5, before this %1")
            << Name << accessKind(B) << sourceText(*Ctx, B.E) << accessKind(A)
            << sourceText(*Ctx, A.E) << Line;
      note(A.E->getBeginLoc(), "the other thread's %0 of '%1' is here")
          << accessKind(A) << sourceText(*Ctx, A.E);
      noteInstantiation(FD);
    }
  }
  UC.noteSharedRace(Vars, VarsGivenUp, PairsGivenUp);
  Functions.clear();
  ReportedPairs.clear();
  Ctx = nullptr;
}

CUDA_LINT_DEFINE_CHECK_FACTORY(SharedRaceCheck)

} // namespace cuda_lint
