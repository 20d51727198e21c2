#include "analysis/LaunchSite.h"
#include "analysis/CallIndex.h"
#include "analysis/CudaIntrinsics.h"
#include "analysis/BodyParents.h"
#include "analysis/CFGCache.h"
#include "analysis/PerASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/AST/Attr.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <mutex>

using namespace clang;

namespace cuda_lint {

namespace {
constexpr unsigned MaxDepth = 12;
constexpr unsigned MaxAttrs = 16;

const Stmt *parentStmt(ASTContext &Ctx, const Stmt *S) {
  return BodyParents::forAST(Ctx).parent(S).S;
}

/// Strips what does not change a value: parentheses, implicit and explicit
/// casts (for scalars), temporaries, full-expression wrappers.
const Expr *strip(const Expr *E) {
  while (E) {
    const Expr *Prev = E;
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<ConstantExpr>(E))
      E = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *W = dyn_cast<ExprWithCleanups>(E))
      E = W->getSubExpr();
    else if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
      E = D->getExpr();
    else if (const auto *D = dyn_cast<CXXDefaultInitExpr>(E))
      E = D->getExpr();
    else if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
      if (IC->getCastKind() == CK_ArrayToPointerDecay)
        return E;
      E = IC->getSubExpr();
    } else if (const auto *EC = dyn_cast<ExplicitCastExpr>(E)) {
      if (EC->getCastKind() == CK_ConstructorConversion ||
          EC->getCastKind() == CK_NoOp || EC->getCastKind() == CK_IntegralCast ||
          EC->getCastKind() == CK_BitCast || EC->getCastKind() == CK_FunctionToPointerDecay ||
          EC->getCastKind() == CK_ReinterpretMemberPointer)
        E = EC->getSubExpr();
    }
    if (E == Prev)
      return E;
  }
  return E;
}

using Path = LaunchSiteEvaluator::Path;
using PathElem = LaunchSiteEvaluator::PathElem;

PathElem field(llvm::StringRef Name) { return PathElem{Name.str(), std::nullopt}; }
PathElem index(std::optional<int64_t> I) { return PathElem{"", I}; }

bool isUnknownIndex(const PathElem &E) { return E.Field.empty() && !E.Index; }

/// Whether two path elements may name the same sub-object.
bool mayAlias(const PathElem &A, const PathElem &B) {
  if (isUnknownIndex(A) || isUnknownIndex(B))
    return true;
  if (!A.Field.empty() || !B.Field.empty())
    return A.Field == B.Field; // a field and an index never meet in one type
  return *A.Index == *B.Index;
}

/// The variable and path an lvalue expression designates: `v`, `v.x`,
/// `cfg.gridDim.x`, `attrs[0].val.clusterDim.y`. Nullopt for anything else.
std::optional<std::pair<const VarDecl *, Path>> lvaluePath(const Expr *E,
                                                           ASTContext &Ctx) {
  Path Rev;
  while (E) {
    E = E->IgnoreParens();
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
      if (IC->getCastKind() == CK_NoOp || IC->getCastKind() == CK_UncheckedDerivedToBase) {
        E = IC->getSubExpr();
        continue;
      }
      return std::nullopt;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!FD || ME->isArrow())
        return std::nullopt;
      Rev.push_back(field(FD->getName()));
      E = ME->getBase();
      continue;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = AS->getBase()->IgnoreParens();
      const auto *Decay = dyn_cast<ImplicitCastExpr>(Base);
      if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
        return std::nullopt;
      Expr::EvalResult R;
      std::optional<int64_t> I;
      if (!AS->getIdx()->isValueDependent() && AS->getIdx()->EvaluateAsInt(R, Ctx))
        I = R.Val.getInt().getExtValue();
      Rev.push_back(index(I));
      E = Decay->getSubExpr();
      continue;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V)
        return std::nullopt;
      return std::make_pair(V, Path(Rev.rbegin(), Rev.rend()));
    }
    return std::nullopt;
  }
  return std::nullopt;
}

/// How one mention of a variable uses it.
struct Mention {
  enum Kind { Read, Write, Unknown } K = Unknown;
  Path P;                       ///< the sub-object written (Write/Unknown)
  const Expr *RHS = nullptr;    ///< the value assigned (Write)
};

/// The parameter type an argument \p Arg of \p Call binds to; null if unknown.
std::optional<QualType> paramTypeOf(const Expr *Call, const Expr *Arg) {
  const FunctionDecl *Callee = nullptr;
  llvm::ArrayRef<const Expr *> Args;
  unsigned Skip = 0;
  if (const auto *CE = dyn_cast<CallExpr>(Call)) {
    Callee = CE->getDirectCallee();
    Args = llvm::ArrayRef(CE->getArgs(), CE->getNumArgs());
    if (isa<CXXOperatorCallExpr>(CE) && Callee && isa<CXXMethodDecl>(Callee) &&
        !cast<CXXMethodDecl>(Callee)->isStatic())
      Skip = 1; // the object argument
  } else if (const auto *CC = dyn_cast<CXXConstructExpr>(Call)) {
    Callee = CC->getConstructor();
    Args = llvm::ArrayRef(CC->getArgs(), CC->getNumArgs());
  }
  if (!Callee)
    return std::nullopt;
  for (unsigned I = 0; I < Args.size(); ++I) {
    if (Args[I] != Arg)
      continue;
    if (I < Skip)
      return std::nullopt;
    unsigned PI = I - Skip;
    if (PI < Callee->getNumParams())
      return Callee->getParamDecl(PI)->getType();
    return Callee->isVariadic() ? std::optional<QualType>(QualType()) : std::nullopt;
  }
  return std::nullopt;
}

Mention classify(const DeclRefExpr *DRE, ASTContext &Ctx) {
  Mention M;
  const Stmt *Cur = DRE;
  Path Rev;
  auto Done = [&](Mention::Kind K, const Expr *RHS = nullptr) {
    M.K = K;
    M.P.assign(Rev.begin(), Rev.end()); // collected from the root outwards
    M.RHS = RHS;
    return M;
  };
  for (unsigned Steps = 0; Steps < 32; ++Steps) {
    StmtParent Parent = BodyParents::forAST(Ctx).parent(Cur);
    if (!Parent)
      return Done(Mention::Unknown);
    if (const VarDecl *VD = Parent.InitOf) {
      // Initializer of another variable: a copy, unless a reference binds.
      if (VD->getType()->isReferenceType() &&
          !VD->getType()->getPointeeType().isConstQualified())
        return Done(Mention::Unknown);
      return Done(Mention::Read);
    }
    const Stmt *P = Parent.S;
    if (isa<ParenExpr>(P)) {
      Cur = P;
      continue;
    }
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
      switch (IC->getCastKind()) {
      case CK_LValueToRValue:
        return Done(Mention::Read);
      case CK_NoOp:
      case CK_UncheckedDerivedToBase:
      case CK_DerivedToBase:
        Cur = P;
        continue;
      case CK_ArrayToPointerDecay: {
        const Stmt *PP = parentStmt(Ctx, P);
        if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(PP))
          if (AS->getBase()->IgnoreParens() == P) {
            Expr::EvalResult R;
            std::optional<int64_t> I;
            if (!AS->getIdx()->isValueDependent() &&
                AS->getIdx()->EvaluateAsInt(R, Ctx))
              I = R.Val.getInt().getExtValue();
            Rev.push_back(index(I));
            Cur = AS;
            continue;
          }
        // The array's address is taken as a value (`cfg.attrs = attrs`):
        // later writes through it are not followed.
        return Done(Mention::Read);
      }
      default:
        return Done(Mention::Read);
      }
    }
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
        if (ME->isArrow())
          return Done(Mention::Unknown);
        Rev.push_back(field(FD->getName()));
        Cur = P;
        continue;
      }
      if (const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl()))
        return Done(MD->isConst() || MD->isStatic() ? Mention::Read : Mention::Unknown);
      return Done(Mention::Unknown);
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->getLHS()->IgnoreParens() == Cur || BO->getLHS() == Cur) {
        if (BO->getOpcode() == BO_Assign)
          return Done(Mention::Write, BO->getRHS());
        if (BO->isAssignmentOp())
          return Done(Mention::Unknown);
      }
      return Done(Mention::Read);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->isIncrementDecrementOp())
        return Done(Mention::Unknown);
      if (UO->getOpcode() == UO_AddrOf) {
        // &v passed to a pointer-to-const parameter (cudaLaunchKernelEx's
        // config) only reads it.
        const Stmt *Q = UO;
        const Stmt *QP = parentStmt(Ctx, Q);
        while (QP && (isa<ImplicitCastExpr>(QP) || isa<ParenExpr>(QP))) {
          Q = QP;
          QP = parentStmt(Ctx, Q);
        }
        if (QP && (isa<CallExpr>(QP) || isa<CXXConstructExpr>(QP)))
          if (auto T = paramTypeOf(cast<Expr>(QP), cast<Expr>(Q)))
            if (!T->isNull() && (*T)->isPointerType() &&
                (*T)->getPointeeType().isConstQualified())
              return Done(Mention::Read);
        return Done(Mention::Unknown);
      }
      return Done(Mention::Read);
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
      if (OC->getNumArgs() >= 2 && OC->getArg(0) == Cur) {
        if (OC->getOperator() == OO_Equal)
          return Done(Mention::Write, OC->getArg(1));
        if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee()))
          return Done(MD->isConst() ? Mention::Read : Mention::Unknown);
        return Done(Mention::Unknown);
      }
    }
    if (isa<CallExpr>(P) || isa<CXXConstructExpr>(P)) {
      if (const auto *CE = dyn_cast<CallExpr>(P))
        if (CE->getCallee() == Cur)
          return Done(Mention::Read);
      auto T = paramTypeOf(cast<Expr>(P), cast<Expr>(Cur));
      if (!T)
        return Done(Mention::Unknown);
      if (T->isNull()) // variadic: by value
        return Done(Mention::Read);
      if ((*T)->isReferenceType() && !(*T)->getPointeeType().isConstQualified())
        return Done(Mention::Unknown);
      return Done(Mention::Read);
    }
    if (isa<UnaryExprOrTypeTraitExpr>(P) || isa<ReturnStmt>(P) ||
        isa<InitListExpr>(P) || isa<CXXStdInitializerListExpr>(P))
      return Done(Mention::Read);
    if (isa<DeclStmt>(P))
      return Done(Mention::Read);
    return Done(Mention::Unknown);
  }
  return Done(Mention::Unknown);
}

/// Collects the DeclRefExprs naming \p V under \p S (not into lambdas' bodies).
void collectMentions(const Stmt *S, const VarDecl *V,
                     llvm::SmallVectorImpl<const DeclRefExpr *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (DRE->getDecl() == V)
      Out.push_back(DRE);
    return;
  }
  if (isa<LambdaExpr>(S))
    return;
  for (const Stmt *C : S->children())
    collectMentions(C, V, Out);
}

/// Whether \p Prefix is a prefix of \p P.
bool isPrefix(const Path &Prefix, const Path &P) {
  if (Prefix.size() > P.size())
    return false;
  for (unsigned I = 0; I < Prefix.size(); ++I) {
    const PathElem &A = Prefix[I], &B = P[I];
    if (isUnknownIndex(A) || isUnknownIndex(B))
      return false;
    if (A.Field != B.Field || A.Index != B.Index)
      return false;
  }
  return true;
}

/// Whether the sub-objects \p A and \p B may overlap.
bool mayOverlap(const Path &A, const Path &B) {
  for (unsigned I = 0; I < A.size() && I < B.size(); ++I)
    if (!mayAlias(A[I], B[I]))
      return false;
  return true;
}

} // namespace

LaunchSiteEvaluator::LaunchSiteEvaluator(ASTContext &Ctx) : Ctx(Ctx) {}
LaunchSiteEvaluator::~LaunchSiteEvaluator() = default;

llvm::ArrayRef<const DeclRefExpr *>
LaunchSiteEvaluator::mentionsIn(const FunctionDecl *F, const VarDecl *V) {
  auto [It, New] = Mentions.try_emplace(F);
  if (New) {
    // collectMentions() for every variable at once.
    llvm::SmallVector<const Stmt *, 64> Work{F->getBody()};
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (!S || isa<LambdaExpr>(S))
        continue;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        It->second[DRE->getDecl()].push_back(DRE);
        continue;
      }
      for (const Stmt *C : S->children())
        Work.push_back(C);
    }
  }
  auto Found = It->second.find(V);
  if (Found == It->second.end())
    return {};
  return Found->second;
}

const FunctionDecl *enclosingFunction(const Stmt *S, ASTContext &Ctx) {
  return BodyParents::forAST(Ctx).enclosingFunction(S);
}

std::optional<LaunchKind> launchApiKind(const CallExpr *CE) {
  // The launch functions are the table's LaunchApi entries (CudaIntrinsics.def,
  // `_ptsz` / `_ptds` spellings included); the entry says which kind.
  const IntrinsicInfo *I = CE ? lookupIntrinsic(CE) : nullptr;
  if (!I || I->Kind != IntrinsicKind::LaunchApi)
    return std::nullopt;
  if (I->Name == "cudaLaunchCooperativeKernel")
    return LaunchKind::LaunchCooperativeKernel;
  if (I->Name.starts_with("cudaLaunchKernelEx"))
    return LaunchKind::LaunchKernelEx;
  return LaunchKind::LaunchKernel;
}

/// Whether \p S lies inside \p Root (or is it).
static bool isWithin(ASTContext &Ctx, const Stmt *S, const Stmt *Root) {
  for (unsigned Steps = 0; S && Steps < 256; ++Steps, S = parentStmt(Ctx, S))
    if (S == Root)
      return true;
  return false;
}

/// Whether the element \p E of the full expression being evaluated, before
/// the point of evaluation, is one the walk looks at: the statements clang's
/// CFG adds as elements without setAllAlwaysAdd (calls, constructions, the
/// operands of a comma), so that the shared CFG of CFGCache (every
/// sub-expression an element) is walked as the launch analysis always did.
static bool isStatementLevelElement(ASTContext &Ctx, const Stmt *E) {
  if (isa<CallExpr>(E) || isa<CXXConstructExpr>(E))
    return true;
  const auto *BO = dyn_cast_or_null<BinaryOperator>(parentStmt(Ctx, E));
  return BO && BO->getOpcode() == BO_Comma;
}

namespace {
/// Named limit of the reaching-definition walk: CFG elements visited per
/// query. Beyond it the value is unknown (no finding), never guessed.
constexpr unsigned MaxReachingDefElements = 20000;
} // namespace

std::optional<std::pair<const Expr *, Path>>
LaunchSiteEvaluator::reachingDef(const VarDecl *V, const Path &P, const Stmt *At) {
  if (!V)
    return std::nullopt;
  const bool IsConst = V->isConstexpr() || V->getType().isConstQualified();
  if (isa<ParmVarDecl>(V))
    return std::nullopt;
  if (!V->hasLocalStorage() || V->isStaticLocal()) {
    if (IsConst && V->getInit())
      return std::make_pair(V->getInit(), P);
    return std::nullopt;
  }
  const FunctionDecl *Caller = enclosingFunction(At, Ctx);
  if (!Caller || !Caller->getBody())
    return std::nullopt;
  if (IsConst) // a const local is its initializer everywhere
    return V->getInit() ? std::optional(std::make_pair(V->getInit(), P)) : std::nullopt;

  // 1. Never written after its declaration: the initializer reaches everywhere.
  llvm::ArrayRef<const DeclRefExpr *> All = mentionsIn(Caller, V);
  bool Written = false;
  for (const DeclRefExpr *D : All) {
    Mention M = classify(D, Ctx);
    if (M.K != Mention::Read && mayOverlap(M.P, P)) {
      Written = true;
      break;
    }
  }
  if (!Written)
    return V->getInit() ? std::optional(std::make_pair(V->getInit(), P)) : std::nullopt;

  // 2. Every path of the CFG back from At. The function's CFG is
  // the shared one (CFGCache); the point of evaluation is the innermost call
  // or construction around At (else its full expression), and of the full
  // expression's own parts before it only the statement-level ones count.
  CFGCache &Cache = CFGCache::forAST(Ctx);
  if (Caller->isDependentContext() || !Cache.cfgFor(Caller))
    return std::nullopt;
  const Stmt *S = At;
  std::optional<std::pair<const CFGBlock *, unsigned>> Found, Point, Root;
  const Stmt *RootStmt = nullptr;
  for (unsigned Steps = 0; S && Steps < 256; ++Steps, S = parentStmt(Ctx, S)) {
    auto El = Cache.elementOf(Caller, S);
    if (!El)
      continue;
    if (!Found)
      Found = El;
    if (El->first != Found->first)
      break;
    if (!Point && (isa<CallExpr>(S) || isa<CXXConstructExpr>(S)))
      Point = El;
    Root = El;
    RootStmt = S;
  }
  if (!Found)
    return std::nullopt;
  if (!Point)
    Point = Root;
  const CFG *Graph = Cache.cfgFor(Caller);
  // Walk the CFG backwards from the point of evaluation over every path (a
  // macro's `do { ... } while (0)`, a loop around the launch): each path must
  // meet the same definition, and no path an unknown write. Pruned edges
  // (the `while (0)` back edge) are not paths.
  std::optional<std::pair<const Expr *, Path>> Result;
  llvm::SmallPtrSet<const CFGBlock *, 16> Seen;
  llvm::SmallVector<std::pair<const CFGBlock *, int>, 8> Work;
  // The launch's own block is not marked seen: reached again through a loop's
  // back edge, it is scanned from its end (the writes after the launch).
  Work.push_back({Point->first, static_cast<int>(Point->second) - 1});
  bool InRoot = RootStmt != nullptr; // only in the first scan
  unsigned Elements = 0;
  auto Meet = [&](std::optional<std::pair<const Expr *, Path>> Def) {
    if (!Def)
      return false;
    if (!Result) {
      Result = std::move(Def);
      return true;
    }
    return Result->first == Def->first && Result->second.size() == Def->second.size();
  };
  while (!Work.empty()) {
    auto [B, I] = Work.pop_back_val();
    bool Defined = false;
    for (; I >= 0 && !Defined; --I) {
      if (++Elements > MaxReachingDefElements)
        return std::nullopt; // too large to tell: unknown, never a finding
      auto CS = (*B)[I].getAs<CFGStmt>();
      if (!CS)
        continue;
      const Stmt *E = CS->getStmt();
      // The full expression's parts come right before it in its block.
      if (InRoot) {
        if (!isWithin(Ctx, E, RootStmt))
          InRoot = false;
        else if (!isStatementLevelElement(Ctx, E))
          continue;
      }
      if (const auto *DS = dyn_cast<DeclStmt>(E))
        for (const Decl *D : DS->decls())
          if (D == V) {
            if (!V->getInit() || !Meet(std::make_pair(V->getInit(), P)))
              return std::nullopt;
            Defined = true;
          }
      if (Defined)
        break;
      llvm::SmallVector<const DeclRefExpr *, 4> Ms;
      collectMentions(E, V, Ms);
      std::optional<std::pair<const Expr *, Path>> Def;
      for (const DeclRefExpr *D : Ms) {
        Mention M = classify(D, Ctx);
        if (M.K == Mention::Read || !mayOverlap(M.P, P))
          continue;
        if (M.K == Mention::Write && isPrefix(M.P, P) && !Def)
          Def = std::make_pair(M.RHS, Path(P.begin() + M.P.size(), P.end()));
        else
          return std::nullopt;
      }
      if (Def) {
        if (!Meet(std::move(Def)))
          return std::nullopt;
        Defined = true;
      }
    }
    InRoot = false;
    if (Defined)
      continue;
    unsigned Reachable = 0;
    for (const CFGBlock *Pred : B->preds()) {
      if (!Pred)
        continue; // an edge the CFG pruned (a trivially false condition)
      ++Reachable;
      if (Seen.insert(Pred).second)
        Work.push_back({Pred, static_cast<int>(Pred->size()) - 1});
    }
    // The function's entry without a definition: unknown. Another block
    // without reachable predecessors is dead code (the loop-back block of
    // a `do { ... } while (0)`): no path comes through it.
    if (Reachable == 0 && B == &Graph->getEntry())
      return std::nullopt;
  }
  return Result;
}

std::optional<uint64_t> LaunchSiteEvaluator::evalInt(const Expr *E, const Stmt *,
                                                     unsigned Depth) {
  return evalAt(E, {}, E, Depth);
}

std::optional<uint64_t> LaunchSiteEvaluator::evalAt(const Expr *E, const Path &P,
                                                    const Stmt *At, unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  auto FromInt = [](const llvm::APSInt &V) -> std::optional<uint64_t> {
    if (V.isSigned() && V.isNegative())
      return std::nullopt;
    if (V.getActiveBits() > 64)
      return std::nullopt;
    return V.getZExtValue();
  };
  if (P.empty()) {
    QualType T = E->getType();
    if (T->isIntegralOrEnumerationType() || T->isBooleanType()) {
      Expr::EvalResult R;
      if (E->EvaluateAsInt(R, Ctx))
        return FromInt(R.Val.getInt());
    }
  } else if (E->getType()->isRecordType() || E->getType()->isArrayType()) {
    // constexpr aggregates: `constexpr dim3 kBlock(16, 16);`
    Expr::EvalResult R;
    if (!isa<InitListExpr>(E->IgnoreParens()) && E->isPRValue() &&
        E->EvaluateAsRValue(R, Ctx)) {
      const APValue *V = &R.Val;
      QualType T = E->getType();
      bool OK = true;
      for (const PathElem &PE : P) {
        if (!PE.Field.empty() && V->isStruct()) {
          const RecordDecl *RD = T->getAsRecordDecl();
          unsigned Idx = 0;
          const FieldDecl *F = nullptr;
          for (const FieldDecl *FD : RD->fields()) {
            if (FD->getName() == PE.Field) {
              F = FD;
              break;
            }
            ++Idx;
          }
          if (!F || Idx >= V->getStructNumFields()) {
            OK = false;
            break;
          }
          V = &V->getStructField(Idx);
          T = F->getType();
        } else {
          OK = false;
          break;
        }
      }
      if (OK && V->isInt())
        return FromInt(V->getInt());
    }
  }

  const Expr *S = strip(E);
  if (P.empty()) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      auto L = evalAt(BO->getLHS(), {}, BO->getLHS(), Depth + 1);
      if (!L)
        return std::nullopt;
      auto R = evalAt(BO->getRHS(), {}, BO->getRHS(), Depth + 1);
      if (!R)
        return std::nullopt;
      // A result that does not fit the expression's type is unknown: the
      // program wraps it (unsigned) or has undefined behaviour (signed), and
      // a message must never show a wrapped or an impossible number.
      unsigned Width = BO->getType()->isIntegralOrEnumerationType()
                           ? std::min<uint64_t>(64, Ctx.getIntWidth(BO->getType()))
                           : 64;
      auto Fits = [&](uint64_t V, bool Overflowed) -> std::optional<uint64_t> {
        if (Overflowed || (Width < 64 && V >> Width != 0))
          return std::nullopt;
        return V;
      };
      bool Overflowed = false;
      switch (BO->getOpcode()) {
      case BO_Add: {
        uint64_t V = llvm::SaturatingAdd(*L, *R, &Overflowed);
        return Fits(V, Overflowed);
      }
      case BO_Sub: return *L >= *R ? std::optional<uint64_t>(*L - *R) : std::nullopt;
      case BO_Mul: {
        uint64_t V = llvm::SaturatingMultiply(*L, *R, &Overflowed);
        return Fits(V, Overflowed);
      }
      case BO_Div: return *R ? std::optional<uint64_t>(*L / *R) : std::nullopt;
      case BO_Rem: return *R ? std::optional<uint64_t>(*L % *R) : std::nullopt;
      case BO_Shl:
        if (*R >= 64 || (*R && *L >> (64 - *R) != 0))
          return std::nullopt;
        return Fits(*L << *R, false);
      case BO_Shr: return *R < 64 ? std::optional<uint64_t>(*L >> *R) : std::nullopt;
      case BO_Comma: return *R;
      default: return std::nullopt;
      }
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(S)) {
      auto C = evalAt(CO->getCond(), {}, CO->getCond(), Depth + 1);
      if (!C)
        return std::nullopt;
      const Expr *Branch = *C ? CO->getTrueExpr() : CO->getFalseExpr();
      return evalAt(Branch, {}, Branch, Depth + 1);
    }
  }
  if (isa<ImplicitValueInitExpr>(S) || isa<CXXScalarValueInitExpr>(S))
    return 0;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (P.empty())
      return std::nullopt;
    if (Ctor->isCopyOrMoveConstructor() && CE->getNumArgs() >= 1)
      return evalAt(CE->getArg(0), P, CE->getArg(0), Depth + 1);
    if (Ctor->isDefaultConstructor() && Ctor->isTrivial() &&
        CE->requiresZeroInitialization())
      return 0;
    // dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1), dim3(uint3)
    if (CE->getNumArgs() == 1 && CE->getArg(0)->getType()->isRecordType())
      return evalAt(CE->getArg(0), P, CE->getArg(0), Depth + 1);
    static const char *const Names[] = {"x", "y", "z"};
    for (unsigned C = 0; C < 3; ++C)
      if (P[0].Field == Names[C]) {
        if (C >= CE->getNumArgs() || !CE->getArg(C)->getType()->isIntegralOrEnumerationType())
          return std::nullopt;
        if (P.size() != 1)
          return std::nullopt;
        const Expr *A = CE->getArg(C);
        return evalAt(A, {}, A, Depth + 1);
      }
    return std::nullopt;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(S)) {
    if (P.empty())
      return IL->getNumInits() == 1 ? evalAt(IL->getInit(0), P, IL->getInit(0), Depth + 1)
                                    : std::nullopt;
    const InitListExpr *Sem = IL->isSemanticForm() ? IL : IL->getSemanticForm();
    if (!Sem)
      Sem = IL;
    Path Rest(P.begin() + 1, P.end());
    if (Sem->getType()->isArrayType()) {
      if (!P[0].Index || *P[0].Index < 0)
        return std::nullopt;
      uint64_t Idx = static_cast<uint64_t>(*P[0].Index);
      const Expr *Init = Idx < Sem->getNumInits() ? Sem->getInit(Idx) : Sem->getArrayFiller();
      if (!Init)
        return std::nullopt;
      return evalAt(Init, Rest, Init, Depth + 1);
    }
    if (const RecordDecl *RD = Sem->getType()->getAsRecordDecl()) {
      if (P[0].Field.empty())
        return std::nullopt;
      if (RD->isUnion()) {
        const FieldDecl *F = Sem->getInitializedFieldInUnion();
        if (!F || F->getName() != P[0].Field || Sem->getNumInits() < 1)
          return std::nullopt;
        return evalAt(Sem->getInit(0), Rest, Sem->getInit(0), Depth + 1);
      }
      unsigned Idx = 0;
      for (const FieldDecl *F : RD->fields()) {
        if (F->getName() == P[0].Field) {
          if (Idx >= Sem->getNumInits())
            return std::nullopt;
          return evalAt(Sem->getInit(Idx), Rest, Sem->getInit(Idx), Depth + 1);
        }
        ++Idx;
      }
    }
    return std::nullopt;
  }
  if (auto LP = lvaluePath(S, Ctx)) {
    Path Full = LP->second;
    Full.insert(Full.end(), P.begin(), P.end());
    auto Def = reachingDef(LP->first, Full, At);
    if (!Def || !Def->first)
      return std::nullopt;
    return evalAt(Def->first, Def->second, Def->first, Depth + 1);
  }
  return std::nullopt;
}

const FunctionDecl *LaunchSiteEvaluator::evalFunction(const Expr *E, const Stmt *At,
                                                      unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent())
    return nullptr;
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
      return FD;
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      auto Def = reachingDef(V, {}, DRE);
      if (Def && Def->first && Def->second.empty())
        return evalFunction(Def->first, Def->first, Depth + 1);
    }
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return dyn_cast<FunctionDecl>(ME->getMemberDecl());
  return nullptr;
}

std::optional<uint64_t> LaunchSiteEvaluator::evaluateInt(const Expr *E) {
  return evalAt(E, {}, E, 0);
}

Dim3Value LaunchSiteEvaluator::evaluateDim3(const Expr *E) {
  Dim3Value R;
  if (!E)
    return R;
  if (E->getType()->isIntegralOrEnumerationType()) {
    R.X = evaluateInt(E);
    R.Y = R.Z = 1;
    return R;
  }
  R.X = evalAt(E, {field("x")}, E, 0);
  R.Y = evalAt(E, {field("y")}, E, 0);
  R.Z = evalAt(E, {field("z")}, E, 0);
  return R;
}

const FunctionDecl *LaunchSiteEvaluator::evaluateFunction(const Expr *E) {
  return evalFunction(E, E, 0);
}

std::optional<LaunchSite> LaunchSiteEvaluator::evaluate(const Expr *E) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  LaunchSite L;
  L.Call = E;
  L.Caller = enclosingFunction(E, Ctx);
  if (const auto *KC = dyn_cast<CUDAKernelCallExpr>(E)) {
    L.Kind = LaunchKind::TripleChevron;
    L.KernelExpr = KC->getCallee();
    L.Kernel = KC->getDirectCallee();
    if (!L.Kernel)
      L.Kernel = evaluateFunction(KC->getCallee());
    const CallExpr *Config = KC->getConfig();
    // The configuration call: __cudaPushCallConfiguration(grid, block,
    // shared, stream) on the host; in device code (dynamic parallelism)
    // cudaLaunchDevice(nullptr, nullptr, grid, block, shared, stream), whose
    // two leading pointers clang fills in.
    unsigned First = 0;
    if (Config && Config->getNumArgs() >= 4 &&
        Config->getArg(0)->getType()->isPointerType() &&
        Config->getArg(1)->getType()->isPointerType())
      First = 2;
    if (!Config || Config->getNumArgs() < First + 2)
      return L;
    L.GridExpr = Config->getArg(First);
    L.BlockExpr = Config->getArg(First + 1);
    if (Config->getNumArgs() > First + 2 &&
        !isa<CXXDefaultArgExpr>(Config->getArg(First + 2)))
      L.SharedExpr = Config->getArg(First + 2);
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    auto K = launchApiKind(CE);
    if (!K)
      return std::nullopt;
    L.Kind = *K;
    if (*K == LaunchKind::LaunchKernelEx) {
      if (CE->getNumArgs() < 2)
        return std::nullopt;
      L.KernelExpr = CE->getArg(1);
      L.Kernel = evaluateFunction(CE->getArg(1));
      // The configuration: `&cfg` of a local or constant cudaLaunchConfig_t.
      const Expr *C = strip(CE->getArg(0));
      const auto *UO = dyn_cast<UnaryOperator>(C);
      std::optional<std::pair<const VarDecl *, Path>> Cfg;
      if (UO && UO->getOpcode() == UO_AddrOf)
        Cfg = lvaluePath(UO->getSubExpr(), Ctx);
      L.ClusterAttr = ClusterAttrState::Unknown;
      if (!Cfg)
        return L;
      auto Loc = [&](std::initializer_list<const char *> Fields)
          -> std::optional<uint64_t> {
        Path P = Cfg->second;
        for (const char *F : Fields)
          P.push_back(field(F));
        auto Def = reachingDef(Cfg->first, P, E);
        if (!Def || !Def->first)
          return std::nullopt;
        return evalAt(Def->first, Def->second, Def->first, 1);
      };
      L.Grid = {Loc({"gridDim", "x"}), Loc({"gridDim", "y"}), Loc({"gridDim", "z"})};
      L.Block = {Loc({"blockDim", "x"}), Loc({"blockDim", "y"}), Loc({"blockDim", "z"})};
      L.DynamicSharedBytes = Loc({"dynamicSmemBytes"});
      std::optional<uint64_t> N = Loc({"numAttrs"});
      if (!N)
        return L;
      if (*N == 0) {
        L.ClusterAttr = ClusterAttrState::Absent;
        return L;
      }
      // The attribute array: `cfg.attrs = attrs;` or `= &attr;`.
      Path AP = Cfg->second;
      AP.push_back(field("attrs"));
      auto ADef = reachingDef(Cfg->first, AP, E);
      if (!ADef || !ADef->first || !ADef->second.empty())
        return L;
      const Expr *A = ADef->first->IgnoreParens();
      bool Single = false;
      std::optional<std::pair<const VarDecl *, Path>> Arr;
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(A);
          IC && IC->getCastKind() == CK_ArrayToPointerDecay)
        Arr = lvaluePath(IC->getSubExpr(), Ctx);
      else if (const auto *U = dyn_cast<UnaryOperator>(A); U && U->getOpcode() == UO_AddrOf) {
        Arr = lvaluePath(U->getSubExpr(), Ctx);
        Single = true;
      }
      if (!Arr)
        return L;
      int64_t ClusterId = 4; // cudaLaunchAttributeClusterDimension in CUDA 12/13
      auto Lookup = Ctx.getTranslationUnitDecl()->lookup(
          &Ctx.Idents.get("cudaLaunchAttributeClusterDimension"));
      for (const NamedDecl *ND : Lookup)
        if (const auto *EC = dyn_cast<EnumConstantDecl>(ND))
          ClusterId = EC->getInitVal().getExtValue();
      bool AnyUnknown = false;
      for (uint64_t I = 0; I < *N && I < MaxAttrs; ++I) {
        if (Single && I > 0) {
          AnyUnknown = true;
          break;
        }
        Path Elem = Arr->second;
        if (!Single)
          Elem.push_back(index(static_cast<int64_t>(I)));
        auto At = [&](std::initializer_list<const char *> Fields) -> std::optional<uint64_t> {
          Path P = Elem;
          for (const char *F : Fields)
            P.push_back(field(F));
          auto Def = reachingDef(Arr->first, P, E);
          if (!Def || !Def->first)
            return std::nullopt;
          return evalAt(Def->first, Def->second, Def->first, 1);
        };
        std::optional<uint64_t> Id = At({"id"});
        if (!Id) {
          AnyUnknown = true;
          continue;
        }
        if (static_cast<int64_t>(*Id) == ClusterId) {
          L.ClusterAttr = ClusterAttrState::Present;
          L.ClusterDim = {At({"val", "clusterDim", "x"}), At({"val", "clusterDim", "y"}),
                          At({"val", "clusterDim", "z"})};
          return L;
        }
      }
      L.ClusterAttr = AnyUnknown || *N > MaxAttrs ? ClusterAttrState::Unknown
                                                  : ClusterAttrState::Absent;
      return L;
    }
    if (CE->getNumArgs() < 3)
      return std::nullopt;
    L.KernelExpr = CE->getArg(0);
    L.Kernel = evaluateFunction(CE->getArg(0));
    L.GridExpr = CE->getArg(1);
    L.BlockExpr = CE->getArg(2);
    if (CE->getNumArgs() > 4 && !isa<CXXDefaultArgExpr>(CE->getArg(4)))
      L.SharedExpr = CE->getArg(4);
  } else {
    return std::nullopt;
  }
  L.Grid = evaluateDim3(L.GridExpr);
  L.Block = evaluateDim3(L.BlockExpr);
  L.DynamicSharedBytes = L.SharedExpr ? evaluateInt(L.SharedExpr) : std::optional<uint64_t>(0);
  return L;
}

int64_t cudaEnumValue(ASTContext &Ctx, llvm::StringRef Name, int64_t Fallback) {
  for (const NamedDecl *ND :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)))
    if (const auto *EC = dyn_cast<EnumConstantDecl>(ND))
      return EC->getInitVal().getExtValue();
  return Fallback;
}

bool FuncAttributeSetting::mayConcern(const FunctionDecl *K) const {
  if (!Kernel || !K)
    return true;
  return Kernel->getCanonicalDecl() == K->getCanonicalDecl();
}

std::vector<FuncAttributeSetting>
collectFuncAttributeSettings(ASTContext &Ctx, LaunchSiteEvaluator &Eval) {
  std::vector<FuncAttributeSetting> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  // The calls come from the translation unit's CallIndex (no walk of its own).
  std::vector<const CallExpr *> Calls;
  for (const auto &[Callee, CallsOf] : CallIndex::forAST(Ctx).callees())
    if (Callee->getIdentifier() && Callee->getName() == "cudaFuncSetAttribute")
      Calls.insert(Calls.end(), CallsOf.begin(), CallsOf.end());
  // In source order, the C function's calls and the template overload's
  // together.
  llvm::stable_sort(Calls, [&](const CallExpr *A, const CallExpr *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  for (const CallExpr *CE : Calls) {
    if (CE->getNumArgs() < 3 || CE->isValueDependent() ||
        SM.isInSystemHeader(SM.getExpansionLoc(CE->getBeginLoc())))
      continue;
    FuncAttributeSetting S;
    S.Call = CE;
    S.Caller = enclosingFunction(CE, Ctx);
    // The C++ overload of cuda_runtime.h forwarding to the C function.
    if (S.Caller && S.Caller->getIdentifier() && S.Caller->getName() == "cudaFuncSetAttribute")
      continue;
    S.Kernel = Eval.evaluateFunction(CE->getArg(0));
    if (auto A = Eval.evaluateInt(CE->getArg(1)))
      S.Attribute = static_cast<int64_t>(*A);
    S.Value = Eval.evaluateInt(CE->getArg(2));
    Out.push_back(S);
  }
  return Out;
}

uint64_t staticSharedBytes(const FunctionDecl *FD, ASTContext &Ctx) {
  uint64_t Bytes = 0;
  if (!FD || !FD->getBody())
    return 0;
  llvm::SmallVector<const Stmt *, 32> Work{FD->getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->hasAttr<CUDASharedAttr>() && !V->hasExternalStorage() &&
              !V->getType()->isDependentType() &&
              !V->getType()->isIncompleteType() && V->getType()->isConstantSizeType())
            Bytes = llvm::SaturatingAdd(
                Bytes, uint64_t(Ctx.getTypeSizeInChars(V->getType()).getQuantity()));
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  return Bytes;
}

LaunchSiteCache::LaunchSiteCache(ASTContext &Ctx) : Ctx(Ctx), Eval(Ctx) {}

LaunchSiteCache &LaunchSiteCache::forAST(ASTContext &Ctx) {
  return perASTContext<LaunchSiteCache>(Ctx);
}

const std::optional<LaunchSite> &LaunchSiteCache::evaluate(const Expr *E) {
  auto It = Sites.find(E);
  if (It == Sites.end())
    It = Sites.insert({E, Eval.evaluate(E)}).first;
  return It->second;
}

const std::vector<FuncAttributeSetting> &LaunchSiteCache::funcAttributeSettings() {
  if (!Settings)
    Settings = collectFuncAttributeSettings(Ctx, Eval);
  return *Settings;
}

} // namespace cuda_lint
