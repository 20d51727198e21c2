//===- Uniformity.cpp - Thread/warp/block uniformity of CUDA values -------===//
#include "analysis/Uniformity.h"
#include "Attributes.h"
#include "analysis/CallIndex.h"
#include "analysis/PerASTContext.h"
#include "analysis/LaunchSite.h"
#include "analysis/CFGCache.h"
#include "analysis/CudaIntrinsics.h"
#include "analysis/PostDominators.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <functional>
#include <mutex>

using namespace clang;

namespace cuda_lint {

llvm::StringRef toString(Uniformity U) {
  switch (U) {
  case Uniformity::BlockUniform:
    return "block-uniform";
  case Uniformity::WarpUniform:
    return "warp-uniform";
  case Uniformity::ThreadVarying:
    return "thread-varying";
  }
  return "";
}

std::string sourceText(const ASTContext &Ctx, const Stmt *S) {
  if (!S)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation B = S->getBeginLoc(), E = S->getEndLoc();
  CharSourceRange F;
  // A condition written entirely inside one macro's body: show its spelling.
  if (B.isMacroID() && E.isMacroID()) {
    SourceLocation SB = SM.getSpellingLoc(B), SE = SM.getSpellingLoc(E);
    if (SM.getFileID(SB) == SM.getFileID(SE) &&
        !SM.isBeforeInTranslationUnit(SE, SB))
      F = CharSourceRange::getTokenRange(SB, SE);
  }
  if (F.isInvalid())
    F = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(B, E), SM, LO);
  if (F.isInvalid())
    F = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(SM.getExpansionLoc(B),
                                       SM.getExpansionRange(E).getEnd()),
        SM, LO);
  if (F.isInvalid())
    return "";
  bool Invalid = false;
  llvm::StringRef T = Lexer::getSourceText(F, SM, LO, &Invalid);
  if (Invalid)
    return "";
  // One line, single spaces.
  std::string Out;
  bool Space = false;
  for (char C : T) {
    if (C == '\n' || C == '\t' || C == ' ' || C == '\r' || C == '\\') {
      Space = true;
      continue;
    }
    if (Space && !Out.empty())
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

std::string VarianceSource::describe(const ASTContext &Ctx) const {
  auto Name = [&]() -> std::string {
    return Callee ? Callee->getNameAsString() : std::string("?");
  };
  switch (K) {
  case None:
    return "";
  case ThreadIdx:
    return std::string("depends on threadIdx") +
           (Component ? std::string(".") + Component : std::string());
  case LaneId:
    return "depends on the lane id (%laneid)";
  case ThreadRank:
    return "depends on the thread's rank in its cooperative group ('" +
           Name() + "')";
  case WarpRank:
    return "depends on the warp's rank in the block ('" + Name() + "')";
  case Load:
    return "depends on a load through a thread-varying address";
  case Shuffle:
    return "depends on the result of '" + Name() + "'";
  case Clock:
    return "depends on the clock ('" + Name() + "')";
  case Atomic:
    return "depends on the return value of '" + Name() + "'";
  case Vote:
    return "depends on the result of '" + Name() + "'";
  case Asm:
    return "depends on an inline assembly output";
  case DivergentAssign: {
    std::string S = "depends on '" +
                    (Var ? Var->getNameAsString() : std::string("?")) +
                    "', assigned under the divergent condition '" +
                    sourceText(Ctx, Cond) + "'";
    return S;
  }
  case UnknownCall:
    return "depends on the result of a call the analysis cannot follow";
  }
  return "";
}

UValue join(const UValue &A, const UValue &B) {
  UValue R = A.U >= B.U ? A : B;
  R.Mult32 = A.Mult32 && B.Mult32 && R.isUniform();
  R.Aligned = A.Aligned && B.Aligned;
  R.Symmetric = R.U == Uniformity::ThreadVarying && A.symmetric() && B.symmetric();
  if (R.U == Uniformity::BlockUniform)
    R.Src = {};
  return R;
}

//===----------------------------------------------------------------------===//
// Recognizers
//===----------------------------------------------------------------------===//

/// The chain of enclosing namespace names of \p D, innermost first.
bool isWmmaCollective(const FunctionDecl *FD) {
  return isIntrinsicOfKind(FD, {IntrinsicKind::WmmaCollective});
}

/// threadIdx / blockIdx / blockDim / gridDim, by variable.
static llvm::StringRef builtinVarName(const ValueDecl *D) {
  const auto *VD = dyn_cast_or_null<VarDecl>(D);
  if (!VD || !VD->getIdentifier())
    return "";
  llvm::StringRef N = VD->getName();
  if (N != "threadIdx" && N != "blockIdx" && N != "blockDim" && N != "gridDim")
    return "";
  const auto *RD = VD->getType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() ||
      !RD->getName().starts_with("__cuda_builtin_"))
    return "";
  return N;
}

static llvm::StringRef builtinVarName(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *OVE = dyn_cast<OpaqueValueExpr>(E)) {
    if (!OVE->getSourceExpr())
      return "";
    E = OVE->getSourceExpr()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE ? builtinVarName(DRE->getDecl()) : "";
}

static bool isSystemDecl(const ASTContext &Ctx, const Decl *D) {
  SourceLocation L = D->getLocation();
  return L.isValid() && Ctx.getSourceManager().isInSystemHeader(
                            Ctx.getSourceManager().getExpansionLoc(L));
}

//===----------------------------------------------------------------------===//
// The lattice: the abstract value of each local location
//===----------------------------------------------------------------------===//

/// A local variable, or one of its first-level members.
using Loc = std::pair<const ValueDecl *, const FieldDecl *>;

/// The locations one function's analysis has met, numbered in the order it
/// met them: the index of UniformityState's dense vectors. One per solver
/// (UniformitySolver), shared by all of its states.
struct LocIndex {
  llvm::DenseMap<Loc, unsigned> Ids;
  /// Per variable: the ids of its members written separately (a Loc with a
  /// field), in the order they were met.
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<unsigned, 4>> Members;
  unsigned Size = 0;

  /// \p L's id, numbering it if it is new.
  unsigned idOf(const Loc &L) {
    auto [It, New] = Ids.try_emplace(L, Size);
    if (New) {
      ++Size;
      if (L.second)
        Members[L.first].push_back(It->second);
    }
    return It->second;
  }
  /// \p L's id, or -1 if the analysis has not met it.
  int find(const Loc &L) const {
    auto It = Ids.find(L);
    return It == Ids.end() ? -1 : int(It->second);
  }
  /// The ids of \p VD's members written separately (none for most variables).
  llvm::ArrayRef<unsigned> membersOf(const ValueDecl *VD) const {
    auto It = Members.find(VD);
    return It == Members.end() ? llvm::ArrayRef<unsigned>() : llvm::ArrayRef(It->second);
  }
};

/// Whether \p A and \p B are the same value, variance source included
/// (UValue's == compares the lattice fields only).
static bool identical(const UValue &A, const UValue &B) {
  static_assert(sizeof(VarianceSource) == 40 && sizeof(UValue) == 48,
                "identical compares every field of UValue and VarianceSource");
  return A == B && A.Src.K == B.Src.K && A.Src.Component == B.Src.Component &&
         A.Src.Callee == B.Src.Callee && A.Src.Cond == B.Src.Cond && A.Src.Var == B.Src.Var &&
         A.Src.Where == B.Src.Where;
}

/// What one visit of a CFG block read and did (UniformitySolver::dataflow):
/// the values it read from its entry state and from the memo of expressions
/// (and the memo entries it looked for and did not find), and what it wrote:
/// to the state, to the memo, to the callee analyses. A later visit whose
/// entry state and memo hold the same values there would do the same, so it
/// makes the same writes instead of evaluating the block again: a block is
/// visited again whenever a predecessor's exit state changed, mostly in
/// locations it does not read. (On ggml's fattn-mma units, some 100,000
/// visits.)
struct BlockTrace {
  bool Valid = false;
  /// LocIndex::Size when the visit began: a location met since (a new member
  /// of a variable the block reads whole, even one the visit itself wrote
  /// after reading the variable) invalidates the trace. Rare: the pass that
  /// records each block's assignments (UniformitySolver::run) numbers every
  /// location the function writes before the dataflow starts.
  unsigned IndexSize = 0;
  /// Entry-state reads: the location, whether it had a value, the value.
  struct Input {
    unsigned Id;
    bool Has;
    UValue V;
  };
  std::vector<Input> Inputs;
  /// Memo look-ups: the value found, or none (an expression the memo
  /// would have answered for, not there yet).
  std::vector<std::pair<const Expr *, std::optional<UValue>>> MemoReads;
  /// The memo entries the visit wrote, in order. A replay writes them again:
  /// another block may have overwritten one since (the arms of a `?:` are
  /// evaluated where the `?:` is when their own block has not been visited),
  /// and the memo is the analysis' result.
  std::vector<std::pair<const Expr *, UValue>> MemoWrites;
  std::vector<std::pair<const CallExpr *, const FunctionUniformity *>> CalleeWrites;
  /// Writes in order: a value set (Erase null) or the members of Erase erased.
  struct Effect {
    unsigned Id;
    UValue V;
    const ValueDecl *Erase;
  };
  std::vector<Effect> Effects;
  /// The locations written so far in the visit being traced (their reads are
  /// not entry-state reads).
  llvm::BitVector Written;

  void start(unsigned IndexSizeNow) {
    Valid = false;
    IndexSize = IndexSizeNow;
    Inputs.clear();
    MemoReads.clear();
    MemoWrites.clear();
    CalleeWrites.clear();
    Effects.clear();
    Written.clear();
    Written.resize(IndexSizeNow);
  }
  bool written(unsigned Id) const { return Id < Written.size() && Written.test(Id); }
  void write(unsigned Id) {
    if (Id >= Written.size())
      Written.resize(Id + 1);
    Written.set(Id);
  }
};

/// The dataflow state at a program point: the abstract value of every local
/// location assigned so far (absent: block-uniform, or the variable's own
/// rule, see UniformityTransfer::lookup). Ordered pointwise by join.
///
/// Dense: a vector indexed by the location's id in the function's LocIndex,
/// with a bit per id saying whether the location has a value. The solver
/// copies, joins and compares a block's state on every visit of it (some
/// 100,000 visits on one of ggml's flash-attention units, states of 60
/// locations on average); as hash maps those were half of the analysis'
/// own time.
struct UniformityState {
  explicit UniformityState(LocIndex &Index) : Index(&Index) {}

  /// \p L's value, or null where it has none.
  const UValue *find(const Loc &L) const {
    // A location the analysis has not met has no value in any state; a
    // trace is valid only while no location is added (BlockTrace::IndexSize).
    int I = Index->find(L);
    if (I < 0)
      return nullptr;
    traceRead(I);
    return has(I) ? &Vals[I] : nullptr;
  }
  UValue *find(const Loc &L) {
    return const_cast<UValue *>(static_cast<const UniformityState *>(this)->find(L));
  }
  /// Sets \p L's value.
  void set(const Loc &L, const UValue &V) { setId(Index->idOf(L), V); }
  void setId(unsigned I, const UValue &V) {
    if (I >= Has.size())
      grow(I + 1);
    Vals[I] = V;
    Has.set(I);
    if (Trace) {
      Trace->write(I);
      Trace->Effects.push_back({I, V, nullptr});
    }
  }
  /// Calls \p F with the value of each member of \p VD written separately
  /// that has one, in the order the analysis met them.
  template <typename Fn> void forEachMember(const ValueDecl *VD, Fn F) const {
    for (unsigned I : Index->membersOf(VD)) {
      traceRead(I);
      if (has(I))
        F(Vals[I]);
    }
  }
  /// Records this state's reads and writes in \p T (null: stops recording).
  void trace(BlockTrace *T) { Trace = T; }
  /// Whether the entry-state reads of \p T read the same values here.
  bool sameInputs(const BlockTrace &T) const {
    for (const BlockTrace::Input &In : T.Inputs)
      if (has(In.Id) != In.Has || (In.Has && !identical(Vals[In.Id], In.V)))
        return false;
    return true;
  }

  /// The values only.
  bool operator==(const UniformityState &O) const {
    if (Has.count() != O.Has.count())
      return false;
    for (int I = Has.find_first(); I >= 0; I = Has.find_next(I))
      if (!O.has(I) || Vals[I] != O.Vals[I])
        return false;
    return true;
  }
  bool operator!=(const UniformityState &O) const { return !(*this == O); }

  /// The least upper bound of this state and \p From, in place.
  void joinWith(const UniformityState &From) {
    if (From.Has.size() > Has.size())
      grow(From.Has.size());
    for (int I = From.Has.find_first(); I >= 0; I = From.Has.find_next(I)) {
      if (Has.test(I)) {
        Vals[I] = join(Vals[I], From.Vals[I]);
      } else {
        Vals[I] = From.Vals[I];
        Has.set(I);
      }
    }
  }

  /// Forgets the members of \p VD written separately (before a write of the
  /// whole object).
  void eraseMembers(const ValueDecl *VD) {
    for (unsigned I : Index->membersOf(VD)) {
      if (I < Has.size())
        Has.reset(I);
      if (Trace)
        Trace->write(I);
    }
    if (Trace)
      Trace->Effects.push_back({0, UValue(), VD});
  }

private:
  bool has(unsigned I) const { return I < Has.size() && Has.test(I); }
  void traceRead(unsigned I) const {
    if (Trace && !Trace->written(I))
      Trace->Inputs.push_back({I, has(I), has(I) ? Vals[I] : UValue()});
  }
  void grow(unsigned N) {
    Vals.resize(N);
    Has.resize(N);
  }

  LocIndex *Index;
  llvm::SmallVector<UValue, 0> Vals; ///< by id; meaningful where Has is set
  llvm::BitVector Has;
  BlockTrace *Trace = nullptr;
};

static bool isMult32(const llvm::APSInt &V) {
  return V.getSignificantBits() <= 64 && (V.getExtValue() % 32) == 0;
}


//===----------------------------------------------------------------------===//
// The transfer functions: one StmtVisitor over the expressions of a block
//===----------------------------------------------------------------------===//

/// The abstract semantics of statements and expressions (the transfer
/// functions of the dataflow): eval() gives an expression's value in a state
/// (memoised per expression in FunctionUniformity::Values), transfer() applies
/// a CFG element's effect on the state. The lattice is UniformityState; the
/// solver (UniformitySolver) drives this over the CFG.
class UniformityTransfer
    : public ConstStmtVisitor<UniformityTransfer, UValue> {
public:
  using State = UniformityState;

  UniformityTransfer(UniformityContext &UC, FunctionUniformity &FU,
                     const UniformityOptions &Opts,
                     llvm::ArrayRef<UValue> Captures)
      : UC(UC), Ctx(UC.astContext()), FU(FU), Opts(Opts), Captures(Captures) {}

  /// The value of \p E in \p St (memoised).
  UValue eval(const Expr *E, State &St);
  /// The effect of the CFG element \p S (a statement) on \p St.
  void transfer(const Stmt *S, State &St);

  /// While set, every assignment is recorded in (*Assigned)[CurBlock] (the
  /// locations assigned in each block, for control dependence).
  void startRecording(std::vector<llvm::SmallVector<Loc, 4>> *A) {
    Assigned = A;
    Recording = true;
  }
  void stopRecording() { Recording = false; }
  void setBlock(unsigned Id) { CurBlock = Id; }
  /// Records the memo values the visit reads in \p T (null: stops).
  void trace(BlockTrace *T) { Trace = T; }

  // Visitor cases (called through Visit from eval).
  UValue VisitStmt(const Stmt *S) { return UValue::block(); }
  UValue VisitExpr(const Expr *E);
  UValue VisitIntegerLiteral(const IntegerLiteral *E) { return literal(E); }
  UValue VisitCharacterLiteral(const CharacterLiteral *E) {
    return literal(E);
  }
  UValue VisitUnaryExprOrTypeTraitExpr(const UnaryExprOrTypeTraitExpr *E) {
    return literal(E);
  }
  UValue VisitConstantExpr(const ConstantExpr *E);
  /// A template argument in an instantiation (`tid < D` with D = 64): the
  /// constant it stands for, a multiple of 32 or not.
  UValue VisitSubstNonTypeTemplateParmExpr(const SubstNonTypeTemplateParmExpr *E) {
    if (constant(E))
      return literal(E);
    return child(E->getReplacement());
  }
  UValue VisitFloatingLiteral(const FloatingLiteral *) { return block(); }
  UValue VisitStringLiteral(const StringLiteral *) { return block(); }
  UValue VisitCXXBoolLiteralExpr(const CXXBoolLiteralExpr *) { return block(); }
  UValue VisitCXXNullPtrLiteralExpr(const CXXNullPtrLiteralExpr *) {
    return block();
  }
  UValue VisitGNUNullExpr(const GNUNullExpr *) { return block(); }
  UValue VisitCXXThisExpr(const CXXThisExpr *) { return block(); }
  UValue VisitImplicitValueInitExpr(const ImplicitValueInitExpr *) {
    return block();
  }
  UValue VisitCXXScalarValueInitExpr(const CXXScalarValueInitExpr *) {
    return block();
  }
  UValue VisitTypeTraitExpr(const TypeTraitExpr *) { return block(); }
  UValue VisitCXXNoexceptExpr(const CXXNoexceptExpr *) { return block(); }
  UValue VisitLambdaExpr(const LambdaExpr *) { return block(); }
  UValue VisitSizeOfPackExpr(const SizeOfPackExpr *) { return block(); }
  UValue VisitDeclRefExpr(const DeclRefExpr *E);
  UValue VisitPseudoObjectExpr(const PseudoObjectExpr *E);
  UValue VisitMSPropertyRefExpr(const MSPropertyRefExpr *E);
  UValue VisitParenExpr(const ParenExpr *E) { return child(E->getSubExpr()); }
  UValue VisitCastExpr(const CastExpr *E);
  UValue VisitMemberExpr(const MemberExpr *E);
  UValue VisitArraySubscriptExpr(const ArraySubscriptExpr *E);
  UValue VisitUnaryOperator(const UnaryOperator *E);
  UValue VisitBinaryOperator(const BinaryOperator *E);
  UValue VisitAbstractConditionalOperator(const AbstractConditionalOperator *E);
  UValue VisitCallExpr(const CallExpr *E) { return evalCall(E, *Cur); }
  UValue VisitCXXConstructExpr(const CXXConstructExpr *E);
  UValue VisitCXXDefaultArgExpr(const CXXDefaultArgExpr *E) {
    return child(E->getExpr());
  }
  UValue VisitCXXDefaultInitExpr(const CXXDefaultInitExpr *E) {
    return child(E->getExpr());
  }
  UValue VisitOpaqueValueExpr(const OpaqueValueExpr *E) {
    return child(E->getSourceExpr());
  }
  UValue VisitStmtExpr(const StmtExpr *E);

private:
  UniformityContext &UC;
  ASTContext &Ctx;
  FunctionUniformity &FU;
  UniformityOptions Opts;
  llvm::ArrayRef<UValue> Captures;
  llvm::DenseMap<const Expr *, UValue> &Memo = FU.Values;
  State *Cur = nullptr; ///< the state eval() works in
  bool Recording = false;
  std::vector<llvm::SmallVector<Loc, 4>> *Assigned = nullptr;
  unsigned CurBlock = 0;
  BlockTrace *Trace = nullptr;

  static UValue block() { return UValue::block(); }
  /// The memoised value of \p E where it can be trusted: that of a CFG
  /// element, computed when its block was last visited (earlier in this
  /// block's visit, or in the block of a `?:`/`&&` arm). An expression the
  /// CFG does not list (a ParenExpr: clang's CFG builder skips parentheses)
  /// is evaluated again each time: its memo would keep the value of an
  /// earlier visit, with the state of an earlier round or loop iteration.
  /// While recording, the memo holds only this block's values (see
  /// UniformitySolver::run) and is trusted.
  std::optional<UValue> memoized(const Expr *E) const {
    auto It = Memo.find(E);
    if (It == Memo.end()) {
      if (Trace && (Recording || FU.StmtBlock->blockOf(E)))
        Trace->MemoReads.push_back({E, std::nullopt});
      return std::nullopt;
    }
    if (!Recording && !FU.StmtBlock->blockOf(E))
      return std::nullopt;
    if (Trace)
      Trace->MemoReads.push_back({E, It->second});
    return It->second;
  }
  /// \p E's value in state \p St: memoised where it can be, else evaluated.
  UValue memoOrEval(const Expr *E, State &St) {
    if (std::optional<UValue> V = memoized(E))
      return *V;
    return eval(E, St);
  }
  /// A sub-expression's value (memoOrEval in the state eval() works in).
  UValue child(const Expr *C) {
    if (!C)
      return UValue::block();
    return memoOrEval(C, *Cur);
  }
  UValue literal(const Expr *E) {
    if (auto C = constant(E))
      return UValue::block(isMult32(*C));
    return UValue::block();
  }
  void assign(const Expr *LHS, const UValue &V, State &St, bool Weak);
  std::optional<Loc> locationOf(const Expr *E, bool &Weak) const;
  UValue lookup(const ValueDecl *VD, const FieldDecl *F, const State &St);
  UValue evalBinary(BinaryOperatorKind Op, const UValue &L, const UValue &R,
                    const Expr *RE, bool Integral);
  UValue evalCall(const CallExpr *CE, State &St);
  std::optional<UValue> evalIntrinsic(const CallExpr *CE,
                                      const IntrinsicInfo &I,
                                      llvm::function_ref<UValue(int)> Arg,
                                      llvm::function_ref<UValue()> JoinAll);
  UValue evalBuiltinMember(llvm::StringRef Var, char Comp, const Expr *E);
  std::optional<llvm::APSInt> constant(const Expr *E) const;
  std::optional<llvm::APSInt> constantCall(const CallExpr *CE, const FunctionDecl *FD) const;
  void callEffects(const CallExpr *CE, const FunctionUniformity *Callee,
                   State &St);
};

std::optional<llvm::APSInt> UniformityTransfer::constant(const Expr *E) const {
  if (!E || E->isValueDependent() || E->isTypeDependent() ||
      !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  auto [It, New] = UC.Constants.try_emplace(E);
  if (New) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      It->second = R.Val.getInt();
  }
  return It->second;
}

std::optional<llvm::APSInt> UniformityTransfer::constantCall(const CallExpr *CE,
                                                             const FunctionDecl *FD) const {
  // A member call (an object), or an argument that is not an integer (a
  // pointer, a class, a floating-point value): the call as it is written.
  // A static member called through an object (`p->tile(16)`) is a plain
  // call whose object clang's evaluator evaluates too: as written.
  if (isa<CXXMemberCallExpr>(CE) || isa<CXXOperatorCallExpr>(CE) || CE->isValueDependent() ||
      !CE->getType()->isIntegralOrEnumerationType() ||
      isa<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
    return constant(CE);
  // A reference parameter need not be read (`bits(const int &x)` folds
  // whatever x is): only calls whose arguments are all passed by value.
  if (CE->getNumArgs() != FD->getNumParams())
    return constant(CE);
  std::string Key;
  llvm::raw_string_ostream OS(Key);
  OS << static_cast<const void *>(FD->getCanonicalDecl());
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *A = CE->getArg(I);
    if (!A || A->isValueDependent() || A->isTypeDependent() ||
        !A->getType()->isIntegralOrEnumerationType() ||
        !FD->getParamDecl(I)->getType()->isIntegralOrEnumerationType())
      return constant(CE);
    std::optional<llvm::APSInt> V = constant(A);
    // The evaluator folds the arguments first and gives up at the first one
    // that does not fold (it does not evaluate on after a failure when
    // folding), so the call does not fold either.
    if (!V)
      return std::nullopt;
    OS << '|' << V->getBitWidth() << (V->isUnsigned() ? 'u' : 's') << llvm::toString(*V, 16);
  }
  auto [It, New] = UC.ConstexprCalls.try_emplace(Key);
  if (New)
    It->second = constant(CE);
  return It->second;
}

UValue UniformityTransfer::eval(const Expr *E, State &St) {
  if (!E)
    return UValue::block();
  State *Saved = Cur;
  Cur = &St;
  UValue V = Visit(E);
  Cur = Saved;
  Memo[E] = V;
  if (Trace)
    Trace->MemoWrites.push_back({E, V});
  return V;
}


UValue UniformityTransfer::lookup(const ValueDecl *VD, const FieldDecl *F,
                                 const State &St) {
  // A constexpr local (`constexpr int warp_size = get_warp_size();`) is its
  // constant, whatever its initializer's analysis gave.
  if (!F)
    if (const auto *Var = dyn_cast<VarDecl>(VD))
      if (Var->isConstexpr() && Var->getType()->isIntegralOrEnumerationType() &&
          Var->isUsableInConstantExpressions(Ctx))
        if (const APValue *CV = Var->evaluateValue())
          if (CV->isInt())
            return UValue::block(isMult32(CV->getInt()));
  if (F)
    if (const UValue *V = St.find({VD, F}))
      return *V;
  if (const UValue *Whole = St.find({VD, nullptr})) {
    if (F)
      return *Whole;
    // Whole-object read: join with any member written separately.
    UValue V = *Whole;
    St.forEachMember(VD, [&](const UValue &M) { V = join(V, M); });
    return V;
  }
  if (!F) {
    bool Any = false;
    UValue V;
    St.forEachMember(VD, [&](const UValue &M) {
      V = Any ? join(V, M) : M;
      Any = true;
    });
    if (Any)
      return V;
  }
  const auto *Var = dyn_cast<VarDecl>(VD);
  if (!Var)
    return UValue::block();
  if (const auto *P = dyn_cast<ParmVarDecl>(Var)) {
    if (P->getDeclContext() == FU.FD) {
      unsigned I = P->getFunctionScopeIndex();
      if (I < FU.Params.size())
        return FU.Params[I];
    }
    return UValue::block();
  }
  if (Var->getIdentifier() && Var->getName() == "warpSize" &&
      Var->hasGlobalStorage())
    return UValue::block(true);
  if (Var->getType().isConstQualified() || Var->isConstexpr()) {
    if (Var->getType()->isIntegralOrEnumerationType() &&
        Var->isUsableInConstantExpressions(Ctx))
      if (const APValue *CV = Var->evaluateValue())
        if (CV->isInt())
          return UValue::block(isMult32(CV->getInt()));
  }
  if (!builtinVarName(Var).empty()) {
    if (Var->getName() == "threadIdx")
      return UValue::varying({VarianceSource::ThreadIdx, 0});
    return UValue::block();
  }
  // Captured variables of a lambda: the caller's values, in capture order.
  if (!Captures.empty())
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FU.FD))
      if (MD->getParent()->isLambda()) {
        unsigned I = 0;
        for (const LambdaCapture &C : MD->getParent()->captures()) {
          if (C.capturesVariable() && C.getCapturedVar() == VD &&
              I < Captures.size())
            return Captures[I];
          ++I;
        }
      }
  // Globals (__constant__, __shared__, __device__) are memory read at a
  // uniform address; locals not yet assigned carry no variance.
  return UValue::block();
}

std::optional<Loc> UniformityTransfer::locationOf(const Expr *E,
                                                 bool &Weak) const {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && !VD->hasGlobalStorage())
      return Loc{VD, nullptr};
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return std::nullopt;
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    bool InnerWeak = false;
    auto Base = locationOf(ME->getBase(), InnerWeak);
    if (!Base)
      return std::nullopt;
    if (Base->second || InnerWeak || !F) { // deeper nesting: the whole member
      Weak = true;
      return Base;
    }
    return Loc{Base->first, F};
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
    if (!Base->getType()->isArrayType())
      return std::nullopt; // through a pointer: memory
    auto L = locationOf(Base, Weak);
    Weak = true;
    return L;
  }
  return std::nullopt;
}

void UniformityTransfer::assign(const Expr *LHS, const UValue &V, State &St,
                               bool WeakIn) {
  bool Weak = WeakIn;
  auto L = locationOf(LHS, Weak);
  if (!L)
    return;
  if (Recording)
    Assigned->at(CurBlock).push_back(*L);
  UValue NewV = V;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(LHS->IgnoreParenImpCasts()))
    NewV = join(NewV, eval(AS->getIdx(), St));
  if (Weak)
    if (const UValue *Old = St.find(*L))
      NewV = join(*Old, NewV);
  if (!L->second)
    St.eraseMembers(L->first);
  St.set(*L, NewV);
}


UValue UniformityTransfer::evalBuiltinMember(llvm::StringRef Var, char Comp,
                                            const Expr *E) {
  if (Var == "threadIdx") {
    VarianceSource S{VarianceSource::ThreadIdx, Comp};
    S.Where = E;
    if (Comp == 'x')
      return UValue::varying(S, Opts.WarpAlignedBlockX);
    // With blockDim.x a multiple of 32, a warp has one threadIdx.y and .z.
    if (Opts.WarpAlignedBlockX)
      return UValue::warp(S);
    return UValue::varying(S);
  }
  if (Var == "blockDim" && Comp == 'x')
    return UValue::block(Opts.WarpAlignedBlockX);
  return UValue::block();
}

UValue UniformityTransfer::evalBinary(BinaryOperatorKind Op, const UValue &L,
                                     const UValue &R, const Expr *RE,
                                     bool Integral) {
  UValue V = join(L, R);
  V.Mult32 = false;
  V.Aligned = true;
  if (!V.isUniform())
    V.Aligned = false;
  std::optional<llvm::APSInt> RC = RE ? constant(RE) : std::nullopt;
  switch (Op) {
  case BO_Add:
  case BO_Sub:
    if (L.isUniform() && R.isUniform())
      V.Mult32 = L.Mult32 && R.Mult32;
    else if (Integral && ((!L.isUniform() && L.Aligned && R.Mult32) ||
                          (!R.isUniform() && R.Aligned && L.Mult32 &&
                           Op == BO_Add)))
      V.Aligned = true;
    break;
  case BO_Mul:
    if (V.isUniform())
      V.Mult32 = L.Mult32 || R.Mult32;
    break;
  case BO_Shl:
    if (V.isUniform())
      V.Mult32 = L.Mult32 || (RC && RC->getExtValue() >= 5);
    break;
  case BO_Div:
    // (32*w + lane) / (32*k) == w / k: warp-uniform.
    if (Integral && !L.isUniform() && L.Aligned && R.isUniform() &&
        R.Mult32 && !(RC && RC->isZero())) {
      V = UValue::warp(L.Src);
      V.U = std::max(Uniformity::WarpUniform, R.U);
    }
    break;
  case BO_Shr:
    if (Integral && !L.isUniform() && L.Aligned && RC &&
        RC->getExtValue() >= 5)
      V = UValue::warp(L.Src);
    break;
  case BO_Rem:
    // (32*w + lane) % (32*k) is again 32*w' + lane; % 32 is the lane.
    if (Integral && !L.isUniform() && R.isUniform() && R.Mult32 &&
        L.Aligned) {
      V.Aligned = true;
      if (RC && *RC == 32)
        V.Symmetric = true;
    }
    break;
  case BO_And:
    if (Integral && !L.isUniform() && L.Aligned && RC) {
      uint64_t M = RC->getZExtValue();
      if ((M & 31) == 0)
        V = UValue::warp(L.Src);
      else if ((M & 31) == 31) {
        V.Aligned = true; // keeps the lane bits and whole multiples of 32
        if (M == 31)
          V.Symmetric = true; // the lane
      }
    }
    if (V.isUniform())
      V.Mult32 = L.Mult32 || R.Mult32 || (RC && isMult32(*RC));
    break;
  default:
    break;
  }
  return V;
}

UValue UniformityTransfer::VisitConstantExpr(const ConstantExpr *E) {
  if (auto C = constant(E))
    return UValue::block(isMult32(*C));
  return child(E->getSubExpr());
}

UValue UniformityTransfer::VisitDeclRefExpr(const DeclRefExpr *E) {
  const ValueDecl *D = E->getDecl();
  if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
    return UValue::block(isMult32(EC->getInitVal()));
  if (!builtinVarName(E).empty()) {
    if (builtinVarName(E) == "threadIdx") {
      VarianceSource S{VarianceSource::ThreadIdx, 0};
      S.Where = E;
      return UValue::varying(S);
    }
    return UValue::block();
  }
  if (isa<VarDecl>(D))
    return lookup(D, nullptr, *Cur);
  return UValue::block();
}

UValue UniformityTransfer::VisitPseudoObjectExpr(const PseudoObjectExpr *E) {
  if (const auto *MP = dyn_cast<MSPropertyRefExpr>(
          E->getSyntacticForm()->IgnoreParens())) {
    llvm::StringRef Var = builtinVarName(MP->getBaseExpr());
    if (!Var.empty()) {
      llvm::StringRef P = MP->getPropertyDecl()->getName();
      return evalBuiltinMember(Var, P.empty() ? 0 : P[0], E);
    }
  }
  return child(E->getResultExpr());
}

UValue UniformityTransfer::VisitMSPropertyRefExpr(const MSPropertyRefExpr *E) {
  llvm::StringRef Var = builtinVarName(E->getBaseExpr());
  if (!Var.empty()) {
    llvm::StringRef P = E->getPropertyDecl()->getName();
    return evalBuiltinMember(Var, P.empty() ? 0 : P[0], E);
  }
  return child(E->getBaseExpr());
}

UValue UniformityTransfer::VisitCastExpr(const CastExpr *CE) {
  UValue V = child(CE->getSubExpr());
  QualType T = CE->getType();
  if (!T->isIntegralOrEnumerationType()) {
    V.Mult32 = false;
    if (!V.isUniform())
      V.Aligned = false;
  }
  return V;
}

UValue UniformityTransfer::VisitMemberExpr(const MemberExpr *ME) {
  const ValueDecl *M = ME->getMemberDecl();
  if (const auto *VD = dyn_cast<VarDecl>(M)) // static data member
    return lookup(VD, nullptr, *Cur);
  if (isa<FunctionDecl>(M))
    return child(ME->getBase());
  if (ME->isArrow()) {
    UValue P = child(ME->getBase());
    P.Mult32 = false;
    if (!P.isUniform())
      P.Aligned = false;
    return P;
  }
  bool Weak = false;
  if (auto L = locationOf(ME, Weak))
    return lookup(L->first, L->second, *Cur);
  UValue V = child(ME->getBase());
  V.Mult32 = false;
  if (!V.isUniform())
    V.Aligned = false;
  return V;
}

UValue UniformityTransfer::VisitArraySubscriptExpr(const ArraySubscriptExpr *AS) {
  UValue B = child(AS->getBase());
  UValue I = child(AS->getIdx());
  UValue V = join(B, I);
  V.Mult32 = false;
  if (!V.isUniform()) {
    V.Aligned = false;
    if (I.U == Uniformity::ThreadVarying && B.isUniform() &&
        !AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType()) {
      // A load through a thread-varying address: keep the root cause.
      V.Src = I.Src.K != VarianceSource::None ? I.Src : V.Src;
    }
  }
  return V;
}

UValue UniformityTransfer::VisitUnaryOperator(const UnaryOperator *UO) {
  UValue V = child(UO->getSubExpr());
  switch (UO->getOpcode()) {
  case UO_Deref:
  case UO_Minus:
  case UO_Not:
  case UO_LNot:
  case UO_Real:
  case UO_Imag:
    V.Mult32 = UO->getOpcode() == UO_Minus && V.Mult32;
    if (!V.isUniform())
      V.Aligned = false;
    return V;
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec:
    V.Mult32 = false;
    if (!V.isUniform())
      V.Aligned = false;
    return V;
  default:
    return V;
  }
}


UValue UniformityTransfer::VisitBinaryOperator(const BinaryOperator *BO) {
  if (BO->getOpcode() == BO_Comma)
    return child(BO->getRHS());
  if (BO->getOpcode() == BO_Assign)
    return child(BO->getRHS());
  UValue L = child(BO->getLHS());
  UValue R = child(BO->getRHS());
  bool Integral = BO->getType()->isIntegralOrEnumerationType();
  BinaryOperatorKind Op = BO->getOpcode();
  if (BO->isCompoundAssignmentOp())
    Op = BinaryOperator::getOpForCompoundAssignment(Op);
  if (BO->isRelationalOp() && BO->getLHS()->getType()->isIntegerType() &&
      BO->getRHS()->getType()->isIntegerType()) {
    // With v == 32*w + lane: `v < 32*k` is `w < k`, warp-uniform; so are
    // `v >= 32*k`, `v <= 32*k - 1`, `v > 32*k - 1` and the mirrored forms.
    auto WarpCmp = [&](const UValue &Var, const UValue &Bound,
                       const Expr *BoundE, bool Strict) {
      if (Var.isUniform() || !Var.Aligned || !Bound.isUniform())
        return false;
      if (Strict)
        return Bound.Mult32;
      auto C = constant(BoundE);
      return C && C->getSignificantBits() <= 64 &&
             (C->getExtValue() + 1) % 32 == 0;
    };
    BinaryOperatorKind K = BO->getOpcode();
    bool LStrict = K == BO_LT || K == BO_GE; // var on the left
    bool RStrict = K == BO_GT || K == BO_LE; // var on the right
    if (WarpCmp(L, R, BO->getRHS(), LStrict) ||
        WarpCmp(R, L, BO->getLHS(), RStrict)) {
      UValue V = UValue::warp(L.isUniform() ? R.Src : L.Src);
      V.U = std::max(V.U, L.isUniform() ? L.U : R.U);
      return V;
    }
  }
  if (BO->isLogicalOp() || BO->isComparisonOp()) {
    UValue V = join(L, R);
    V.Mult32 = false;
    if (!V.isUniform())
      V.Aligned = false;
    return V;
  }
  return evalBinary(Op, L, R, BO->getRHS(), Integral);
}

UValue UniformityTransfer::VisitAbstractConditionalOperator(
    const AbstractConditionalOperator *CO) {
  UValue V = join(child(CO->getCond()),
                  join(child(CO->getTrueExpr()), child(CO->getFalseExpr())));
  if (!V.isUniform())
    V.Aligned = false;
  return V;
}

UValue UniformityTransfer::VisitCXXConstructExpr(const CXXConstructExpr *CC) {
  UValue V;
  for (const Expr *A : CC->arguments())
    V = join(V, child(A));
  return V;
}

UValue UniformityTransfer::VisitStmtExpr(const StmtExpr *SE) {
  const CompoundStmt *CS = SE->getSubStmt();
  if (!CS->body_empty())
    if (const auto *Last = dyn_cast<Expr>(CS->body_back()))
      return child(Last);
  return UValue::block();
}

/// Everything else (init lists, temporaries, cleanups...): its operands.
UValue UniformityTransfer::VisitExpr(const Expr *E) {
  UValue V;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      V = join(V, child(CE));
  V.Mult32 = false;
  V.Symmetric = false; // an expression the analysis does not model
  if (isa<MaterializeTemporaryExpr>(E) || isa<ExprWithCleanups>(E) ||
      isa<CXXBindTemporaryExpr>(E))
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(C))
        return child(CE);
  if (!V.isUniform())
    V.Aligned = false;
  return V;
}


/// The variance source of an intrinsic's thread-varying or warp-uniform
/// result, by kind (the messages name the callee).
static VarianceSource::Kind sourceKind(const IntrinsicInfo &I) {
  switch (I.Kind) {
  case IntrinsicKind::Clock:
    return VarianceSource::Clock;
  case IntrinsicKind::Atomic:
    return VarianceSource::Atomic;
  case IntrinsicKind::ThreadIndex:
    return I.Result == ResultUniformity::WarpUniform ? VarianceSource::WarpRank
                                                     : VarianceSource::ThreadRank;
  case IntrinsicKind::Vote:
  case IntrinsicKind::WarpCollective:
    return I.Result == ResultUniformity::ThreadVarying ? VarianceSource::Shuffle
                                                       : VarianceSource::Vote;
  default:
    return VarianceSource::Shuffle;
  }
}

std::optional<UValue> UniformityTransfer::evalIntrinsic(
    const CallExpr *CE, const IntrinsicInfo &I,
    llvm::function_ref<UValue(int)> Arg, llvm::function_ref<UValue()> JoinAll) {
  VarianceSource S{sourceKind(I)};
  S.Callee = CE->getDirectCallee();
  S.Where = CE;
  switch (I.Kind) {
  case IntrinsicKind::Shuffle: {
    // The value held by the source lane.
    UValue Val = Arg(I.ValueArg);
    bool SymmetricVal = Val.U == Uniformity::ThreadVarying && Val.Symmetric;
    if (Val.U == Uniformity::ThreadVarying)
      Val = UValue::varying(S);
    if (I.LaneArg < 0) {
      // up/down/xor: uniform only if the value is. A value that is the same
      // in every warp, moved by a block-uniform delta and width, still is.
      if (SymmetricVal && CE->getNumArgs() > 2 &&
          Arg(2).U == Uniformity::BlockUniform &&
          (I.WidthArg < 0 || (unsigned)I.WidthArg >= CE->getNumArgs() ||
           Arg(I.WidthArg).U == Uniformity::BlockUniform))
        Val.Symmetric = true;
      return Val;
    }
    UValue Lane = Arg(I.LaneArg);
    bool FullWidth = true;
    if (I.WidthArg >= 0 && (unsigned)I.WidthArg < CE->getNumArgs() &&
        !isa<CXXDefaultArgExpr>(CE->getArg(I.WidthArg))) {
      auto W = constant(CE->getArg(I.WidthArg));
      FullWidth = W && W->getExtValue() >= 32;
    }
    if (Lane.isUniform() && FullWidth) {
      // Every lane reads one source lane: warp-uniform.
      if (Val.U == Uniformity::ThreadVarying)
        return UValue::warp(S);
      return join(Val, Lane);
    }
    if (Val.U == Uniformity::ThreadVarying || !Lane.isUniform())
      return UValue::varying(Lane.isUniform() ? S : Lane.Src);
    return Val;
  }
  case IntrinsicKind::Vote:
  case IntrinsicKind::WarpCollective: {
    if (I.Result == ResultUniformity::ThreadVarying)
      return UValue::varying(S);
    // The same for all lanes of the warp; block-uniform operands give a
    // block-uniform result, and so do operands that are the same in every
    // warp (each warp reduces the same 32 values).
    UValue V = JoinAll();
    if (I.Result == ResultUniformity::DependsOnArgs && V.symmetric())
      return UValue::block();
    return UValue::warp(S);
  }
  case IntrinsicKind::BlockBarrier:
    if (I.ValueArg >= 0) // __syncthreads_count/_and/_or
      return UValue::block();
    return std::nullopt;
  case IntrinsicKind::Clock:
  case IntrinsicKind::Atomic:
    return UValue::varying(S);
  case IntrinsicKind::ThreadIndex:
    if (I.Result == ResultUniformity::WarpUniform)
      return UValue::warp(S);
    return UValue::varying(S, Opts.WarpAlignedBlockX);
  case IntrinsicKind::GroupQuery:
    return JoinAll();
  default:
    return std::nullopt; // barriers, WMMA, host APIs: an ordinary call
  }
}

namespace {
/// Whether \p FD is one of CuTe's layout-shape queries: `cute::size`,
/// `shape`, `rank`, `depth`, `cosize` (free functions of namespace cute), or
/// the same-named members of its Tensor and Layout classes.
bool isCuteShapeQuery(const FunctionDecl *FD) {
  if (!FD->getIdentifier() ||
      !llvm::is_contained({"size", "shape", "rank", "depth", "cosize"}, FD->getName()))
    return false;
  const DeclContext *DC = FD->getDeclContext();
  if (const auto *RD = dyn_cast<CXXRecordDecl>(DC)) {
    if (!RD->getIdentifier() ||
        !llvm::is_contained({"Tensor", "Layout", "ComposedLayout"}, RD->getName()))
      return false;
    DC = RD->getDeclContext();
  }
  const auto *NS = dyn_cast<NamespaceDecl>(DC);
  return NS && NS->getIdentifier() && NS->getName() == "cute" &&
         NS->getDeclContext()->getRedeclContext()->isTranslationUnit();
}
} // namespace

UValue UniformityTransfer::evalCall(const CallExpr *CE, State &St) {
  // A call of a constexpr function that folds to a constant
  // (`ggml_cuda_get_physical_warp_size()`) is that constant.
  if (const FunctionDecl *FD = CE->getDirectCallee())
    if (FD->isConstexpr() && !Recording)
      if (auto C = constantCall(CE, FD))
        return UValue::block(isMult32(*C));
  auto Arg = [&](unsigned I) -> UValue {
    if (I >= CE->getNumArgs())
      return UValue::block();
    return memoOrEval(CE->getArg(I), St);
  };
  const FunctionDecl *FD = CE->getDirectCallee();
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE);
  UValue Obj = MCE ? eval(MCE->getImplicitObjectArgument(), St)
                   : UValue::block();
  auto JoinAll = [&]() {
    UValue V = Obj;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      V = join(V, Arg(I));
    V.Mult32 = false;
    if (!V.isUniform())
      V.Aligned = false;
    return V;
  };
  if (!FD) {
    UValue V = join(JoinAll(), eval(CE->getCallee(), St));
    return V;
  }
  llvm::StringRef Name = FD->getIdentifier() ? FD->getName() : "";
  auto Src = [&](VarianceSource::Kind K) {
    VarianceSource S{K};
    S.Callee = FD;
    S.Where = CE;
    return S;
  };
  // The semantic form of threadIdx.x: __cuda_builtin_threadIdx_t::__fetch_builtin_x().
  if (Name.starts_with("__fetch_builtin_") && Name.size() == 17)
    if (const auto *RD = dyn_cast<CXXRecordDecl>(FD->getDeclContext()))
      if (RD->getIdentifier() && RD->getName().starts_with("__cuda_builtin_") &&
          RD->getName().ends_with("_t")) {
        llvm::StringRef Var =
            RD->getName().drop_front(strlen("__cuda_builtin_")).drop_back(2);
        return evalBuiltinMember(Var, Name.back(), CE);
      }
  // Intrinsics (CudaIntrinsics.def): their own rule.
  if (const IntrinsicInfo *I = lookupIntrinsic(FD))
    if (std::optional<UValue> V = evalIntrinsic(
            CE, *I, [&](int Index) { return Index < 0 ? UValue::block() : Arg(Index); },
            JoinAll))
      return *V;

  // CuTe's shape queries: a thread's partition of a tensor
  // (local_partition(gA, tA, threadIdx.x)) has the same layout in every
  // thread, the thread index moving only its data pointer, so its size,
  // shape, rank and depth are block-uniform (CuTe's loop bounds:
  // `int k_tile_count = size<3>(tAgA)`).
  if (isCuteShapeQuery(FD))
    return UValue::block();

  // Functions of this translation unit: their body, in this context.
  if (UC.isAnalysedCallee(FD)) {
    llvm::SmallVector<UValue, 8> Args;
    unsigned Skip = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(FD) &&
                            !cast<CXXMethodDecl>(FD)->isStatic()
                        ? 1
                        : 0;
    for (unsigned I = Skip; I < CE->getNumArgs(); ++I)
      Args.push_back(Arg(I));
    llvm::SmallVector<UValue, 4> Caps;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (MD && MD->getParent()->isLambda())
      for (const LambdaCapture &C : MD->getParent()->captures())
        Caps.push_back(C.capturesVariable()
                           ? lookup(C.getCapturedVar(), nullptr, St)
                           : UValue::block());
    const FunctionUniformity *Callee = UC.analyze(FD, Args, Opts, Caps);
    if (Callee) {
      FU.Callees[CE] = Callee;
      if (Trace)
        Trace->CalleeWrites.push_back({CE, Callee});
      callEffects(CE, Callee, St);
      UValue R = Callee->returnValue();
      if (Skip == 0 && MCE)
        R = join(R, Obj.isUniform() ? UValue::block() : Obj);
      return R;
    }
    if (UC.InProgress.count(FD->getCanonicalDecl()))
      return UValue::varying(Src(VarianceSource::UnknownCall));
  }
  callEffects(CE, nullptr, St);
  return JoinAll();
}

void UniformityTransfer::callEffects(const CallExpr *CE,
                                    const FunctionUniformity *Callee,
                                    State &St) {
  const FunctionDecl *FD = CE->getDirectCallee();
  unsigned Skip = isa<CXXOperatorCallExpr>(CE) && FD &&
                          isa<CXXMethodDecl>(FD) &&
                          !cast<CXXMethodDecl>(FD)->isStatic()
                      ? 1
                      : 0;
  std::optional<UValue> All;
  auto AllArgs = [&]() {
    if (!All) {
      UValue V;
      for (const Expr *A : CE->arguments()) {
        V = join(V, memoOrEval(A, St));
      }
      V.Mult32 = false;
      if (!V.isUniform())
        V.Aligned = false;
      All = V;
    }
    return *All;
  };
  for (unsigned I = Skip; I < CE->getNumArgs(); ++I) {
    const Expr *A = CE->getArg(I)->IgnoreParenImpCasts();
    unsigned PI = I - Skip;
    bool ByRef = false, ByPtr = false;
    if (FD && PI < FD->getNumParams()) {
      QualType PT = FD->getParamDecl(PI)->getType();
      ByRef = PT->isLValueReferenceType() &&
              !PT->getPointeeType().isConstQualified();
      ByPtr = PT->isPointerType() && !PT->getPointeeType().isConstQualified();
    }
    if (ByRef) {
      if (Callee) {
        if (auto Out = Callee->refParamOut(PI))
          assign(A, *Out, St, /*Weak=*/false);
      } else {
        assign(A, AllArgs(), St, /*Weak=*/true);
      }
    } else if (ByPtr && !Callee) {
      if (const auto *UO = dyn_cast<UnaryOperator>(A))
        if (UO->getOpcode() == UO_AddrOf)
          assign(UO->getSubExpr(), AllArgs(), St, /*Weak=*/true);
    }
  }
  // A non-const member function may change its object.
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
    if (const auto *MD = MCE->getMethodDecl())
      if (!MD->isConst() && !MD->isStatic() && !Callee)
        assign(MCE->getImplicitObjectArgument(), AllArgs(), St, true);
}

void UniformityTransfer::transfer(const Stmt *S, State &St) {
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D)) {
        if (VD->hasGlobalStorage())
          continue;
        if (Recording)
          Assigned->at(CurBlock).push_back({VD, nullptr});
        UValue V = VD->getInit() ? eval(VD->getInit(), St) : UValue::block();
        St.eraseMembers(VD);
        St.set({VD, nullptr}, V);
      }
    return;
  }
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(S)) {
    std::string Text = Asm->getAsmString();
    UValue V;
    for (unsigned I = 0; I < Asm->getNumInputs(); ++I)
      V = join(V, eval(Asm->getInputExpr(I), St));
    V.Mult32 = false;
    if (Text.find("%laneid") != std::string::npos ||
        Text.find("%tid") != std::string::npos ||
        Text.find("%lanemask") != std::string::npos) {
      V = UValue::varying({VarianceSource::LaneId});
      // The lane, and masks of it, are the same in every warp; %tid is not.
      V.Symmetric = Text.find("%tid") == std::string::npos;
    }
    else if (Text.find("%clock") != std::string::npos ||
             Text.find("%globaltimer") != std::string::npos)
      V = UValue::varying({VarianceSource::Asm});
    else if (Text.find("%warpid") != std::string::npos ||
             Text.find("%smid") != std::string::npos)
      V = join(V, UValue::warp({VarianceSource::Asm}));
    if (!V.isUniform())
      V.Aligned = false;
    for (unsigned I = 0; I < Asm->getNumOutputs(); ++I)
      assign(Asm->getOutputExpr(I), V, St, false);
    return;
  }
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return;
  UValue V = eval(E, St);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      assign(BO->getLHS(), V, St, false);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp()) {
      UValue Old = eval(UO->getSubExpr(), St);
      UValue NewV = evalBinary(BO_Add, Old, UValue::block(), nullptr, true);
      assign(UO->getSubExpr(), NewV, St, false);
    }
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OC->isAssignmentOp() && OC->getNumArgs() == 2 &&
        !(OC->getDirectCallee() &&
          UC.isAnalysedCallee(OC->getDirectCallee()))) {
      UValue RHS = memoOrEval(OC->getArg(1), St);
      if (OC->getOperator() == OO_Equal)
        assign(OC->getArg(0), RHS, St, false);
      else
        assign(OC->getArg(0), join(eval(OC->getArg(0), St), RHS), St, false);
    }
  }
}

//===----------------------------------------------------------------------===//
// The solver: a forward dataflow on clang's worklist, and control dependence
//===----------------------------------------------------------------------===//

/// Runs UniformityTransfer over the CFG of one function (CFGCache) to a
/// fixpoint, in reverse post-order (clang's ForwardDataflowWorklist over a
/// PostOrderCFGView), then derives each block's divergent control from the
/// branches' regions: the blocks between a branch and its immediate
/// post-dominator (CompletingPostDomTree). Branch conditions that turn out
/// non-uniform add their region's assignments at the join and the dataflow
/// runs again, until the branch levels are stable.
class UniformitySolver {
public:
  using State = UniformityState;

  UniformitySolver(UniformityContext &UC, FunctionUniformity &FU,
                   const UniformityOptions &Opts,
                   llvm::ArrayRef<UValue> Captures)
      : UC(UC), FU(FU), Transfer(UC, FU, Opts, Captures) {}
  UniformitySolver(const UniformitySolver &) = delete;

  /// False when the function has no CFG.
  bool run();

private:
  UniformityContext &UC;
  FunctionUniformity &FU;
  UniformityTransfer Transfer;
  const CFG *G = nullptr;
  /// The reverse post-order for the worklist: the solver's own, freed with
  /// it (on CuTe units thousands of helpers are analysed, and a cached view
  /// of each was 16 MB of a side's peak; it is cheap to build again).
  std::unique_ptr<PostOrderCFGView> PO;
  unsigned N = 0;
  std::vector<const CFGBlock *> ById;
  std::unique_ptr<CompletingPostDomTree> PDT;

  // Per block.
  std::vector<llvm::BitVector> Region;             // R(B), for branches
  std::vector<llvm::SmallVector<Loc, 4>> Assigned; // locations assigned in B
  std::vector<Uniformity> BranchLevel;
  std::vector<const Expr *> BranchCond;
  /// The numbering of the locations in every state of this solver.
  LocIndex Locs;
  /// Per block: its last visit (BlockTrace).
  std::vector<BlockTrace> Traces;
  std::vector<State> Out;
  /// The entry state of the exit block (the reference parameters' values
  /// when the function returns).
  State ExitIn{Locs};
  std::vector<bool> Done;

  int ipdom(unsigned B) const { return PDT->immediatePostDominator(B); }
  void computeRegion(unsigned B);
  /// The branches each block closes (is the immediate post-dominator of)
  /// whose condition is not block-uniform, from BranchLevel.
  std::vector<llvm::SmallVector<unsigned, 2>> Closes;
  /// Dataflow to a fixpoint; false when UniformityLimits::MaxBlockVisits
  /// was reached first. The first round visits every block from empty
  /// states; a later one (\p Reopened: the branches whose level rose since)
  /// goes on from the previous round's fixpoint, visiting first the blocks
  /// where those branches close (see run()).
  bool dataflow(llvm::ArrayRef<unsigned> Reopened, bool First);
  void transferBlock(const CFGBlock *B, State &S);
  void finish();
};

void UniformitySolver::computeRegion(unsigned B) {
  if (!Region[B].empty())
    return;
  Region[B].resize(N);
  const CFGBlock *Blk = ById[B];
  llvm::SmallVector<const CFGBlock *, 16> Work;
  auto Push = [&](const CFGBlock *S) {
    if (!S || (int)S->getBlockID() == ipdom(B) ||
        Region[B].test(S->getBlockID()))
      return;
    Region[B].set(S->getBlockID());
    Work.push_back(S);
  };
  for (const CFGBlock *S : Blk->succs())
    Push(S);
  while (!Work.empty()) {
    const CFGBlock *X = Work.pop_back_val();
    for (const CFGBlock *S : X->succs())
      Push(S);
  }
}

void UniformitySolver::transferBlock(const CFGBlock *B, State &S) {
  Transfer.setBlock(B->getBlockID());
  for (const CFGElement &El : *B)
    if (auto CS = El.getAs<CFGStmt>())
      Transfer.transfer(CS->getStmt(), S);
}

bool UniformitySolver::dataflow(llvm::ArrayRef<unsigned> Reopened, bool First) {
  // The entry state of each block: the join of its predecessors, plus the
  // variables assigned in the region of any divergent branch it closes.
  Closes.assign(N, {});
  for (unsigned Bi = 0; Bi < N; ++Bi)
    if (BranchLevel[Bi] != Uniformity::BlockUniform && ipdom(Bi) >= 0)
      Closes[ipdom(Bi)].push_back(Bi);

  ForwardDataflowWorklist Worklist(*G, PO.get());
  if (First) {
    ExitIn = State(Locs);
    Out.assign(N, State(Locs));
    Traces.assign(N, BlockTrace());
    Done.assign(N, false);
    // Every block once (unreachable ones too: their expressions get values),
    // then the successors of blocks whose exit state changed.
    for (const CFGBlock *B : *G)
      Worklist.enqueueBlock(B);
  } else {
    // The states only grow from one round to the next (a branch's level
    // only rises, which only adds variance where it closes), so the previous
    // fixpoint is below the new one and the worklist reaches the new one
    // from it: only the blocks where a reopened branch closes, and what
    // their changed states reach, are visited again. The expressions of the
    // blocks not visited again keep their values (FU.Values): their entry
    // states did not change. (A fresh solve per round visited every block
    // some 5 times per round on ggml's flash-attention kernels, which take
    // up to 11 rounds.)
    for (unsigned Br : Reopened)
      if (ipdom(Br) >= 0)
        Worklist.enqueueBlock(ById[ipdom(Br)]);
  }
  unsigned Visits = 0;
  while (const CFGBlock *B = Worklist.dequeue()) {
    if (++Visits > UniformityLimits::MaxBlockVisits)
      return false;
    unsigned Id = B->getBlockID();
    State S(Locs);
    bool Empty = true;
    for (const CFGBlock *P : B->preds())
      if (P && Done[P->getBlockID()]) {
        if (Empty)
          S = Out[P->getBlockID()];
        else
          S.joinWith(Out[P->getBlockID()]);
        Empty = false;
      }
    for (unsigned Br : Closes[Id]) {
      computeRegion(Br);
      for (int X = Region[Br].find_first(); X >= 0;
           X = Region[Br].find_next(X))
        for (const Loc &L : Assigned[X]) {
          VarianceSource Src{VarianceSource::DivergentAssign};
          Src.Cond = BranchCond[Br];
          Src.Var = L.first;
          UValue T = BranchLevel[Br] == Uniformity::ThreadVarying
                         ? UValue::varying(Src)
                         : UValue::warp(Src);
          if (UValue *V = S.find(L))
            *V = join(*V, T);
          else if (!L.second)
            S.set(L, T);
        }
    }
    if (B == &G->getExit())
      ExitIn = S;
    BlockTrace &T = Traces[Id];
    if (T.Valid && T.IndexSize == Locs.Size && S.sameInputs(T) &&
        llvm::all_of(T.MemoReads, [&](const auto &R) {
          auto It = FU.Values.find(R.first);
          if (!R.second)
            return It == FU.Values.end();
          return It != FU.Values.end() && identical(It->second, *R.second);
        })) {
      // The same inputs as the last visit: its writes, without evaluating.
      for (const BlockTrace::Effect &E : T.Effects)
        if (E.Erase)
          S.eraseMembers(E.Erase);
        else
          S.setId(E.Id, E.V);
      for (const auto &[E, V] : T.MemoWrites)
        FU.Values[E] = V;
      for (const auto &[CE, Callee] : T.CalleeWrites)
        FU.Callees[CE] = Callee;
    } else {
      T.start(Locs.Size);
      S.trace(&T);
      Transfer.trace(&T);
      transferBlock(B, S);
      S.trace(nullptr);
      Transfer.trace(nullptr);
      T.Valid = true;
    }
    if (Done[Id] && S == Out[Id])
      continue;
    Out[Id] = std::move(S);
    Done[Id] = true;
    Worklist.enqueueSuccessors(B);
  }
  return true;
}

bool mayModifyVariable(const Stmt *S, const ValueDecl *VD) {
  if (!S)
    return false;
  auto RefersTo = [VD](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && RefersTo(BO->getLHS()))
      return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        RefersTo(UO->getSubExpr()))
      return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (DRE->getDecl() == VD && DRE->isNonOdrUse() == NOUR_None &&
        DRE->getType()->isReferenceType())
      return true;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee())
      for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
        QualType T = FD->getParamDecl(I)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified() &&
            RefersTo(CE->getArg(I)))
          return true;
      }
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *Other = dyn_cast<VarDecl>(D))
        if (Other->getType()->isReferenceType() && Other->getInit() &&
            !Other->getType().getNonReferenceType().isConstQualified() &&
            RefersTo(Other->getInit()))
          return true;
  for (const Stmt *C : S->children())
    if (mayModifyVariable(C, VD))
      return true;
  return false;
}

/// The additive terms of \p E with their signs (+1/-1).
static void additiveTerms(const Expr *E, int Sign,
                          llvm::SmallVectorImpl<std::pair<const Expr *, int>> &Out) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Add) {
      additiveTerms(BO->getLHS(), Sign, Out);
      additiveTerms(BO->getRHS(), Sign, Out);
      return;
    }
    if (BO->getOpcode() == BO_Sub) {
      additiveTerms(BO->getLHS(), Sign, Out);
      additiveTerms(BO->getRHS(), -Sign, Out);
      return;
    }
  }
  Out.push_back({E, Sign});
}

/// Whether every variable \p E reads keeps its value while \p Loop runs.
static bool stableIn(const Expr *E, const ForStmt *Loop) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return !mayModifyVariable(Loop->getBody(), DRE->getDecl()) &&
           !mayModifyVariable(Loop->getInc(), DRE->getDecl());
  if (isa<CallExpr>(E) && !isa<CXXOperatorCallExpr>(E) &&
      !E->getType()->isIntegralOrEnumerationType())
    return false;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (!stableIn(CE, Loop))
        return false;
  return true;
}

std::optional<Uniformity>
uniformTripCount(const ASTContext &Ctx, const ForStmt *FS,
                 llvm::function_ref<UValue(const Expr *)> ValueOf) {
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || !(Cond->isRelationalOp() || Cond->getOpcode() == BO_NE))
    return std::nullopt;
  auto VarOf = [](const Expr *E) -> const VarDecl * {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  };
  const VarDecl *V = VarOf(Cond->getLHS());
  const Expr *Bound = Cond->getRHS();
  if (!V) {
    V = VarOf(Cond->getRHS());
    Bound = Cond->getLHS();
  }
  if (!V || !V->getType()->isIntegerType())
    return std::nullopt;
  // The start: `for (int t = X; ...)` or `for (t = X; ...)`.
  const Expr *Start = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
    if (DS->isSingleDecl() && DS->getSingleDecl() == V)
      Start = V->getInit();
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit())) {
    if (BO->getOpcode() == BO_Assign && VarOf(BO->getLHS()) == V)
      Start = BO->getRHS();
  }
  if (!Start)
    return std::nullopt;
  // The step: ++/-- or += / -= a value.
  UValue Step = UValue::block();
  const Expr *Inc = FS->getInc() ? FS->getInc()->IgnoreParenImpCasts() : nullptr;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (!UO->isIncrementDecrementOp() || VarOf(UO->getSubExpr()) != V)
      return std::nullopt;
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if ((CA->getOpcode() != BO_AddAssign && CA->getOpcode() != BO_SubAssign) ||
        VarOf(CA->getLHS()) != V)
      return std::nullopt;
    Step = ValueOf(CA->getRHS());
  } else {
    return std::nullopt;
  }
  if (mayModifyVariable(FS->getBody(), V))
    return std::nullopt;
  // Bound - Start, with the terms they share cancelled.
  llvm::SmallVector<std::pair<const Expr *, int>, 8> Terms;
  additiveTerms(Bound, +1, Terms);
  additiveTerms(Start, -1, Terms);
  llvm::SmallVector<llvm::FoldingSetNodeID, 8> Ids(Terms.size());
  for (unsigned I = 0; I < Terms.size(); ++I)
    Terms[I].first->Profile(Ids[I], Ctx, /*Canonical=*/true);
  llvm::SmallVector<bool, 8> Gone(Terms.size(), false);
  bool Cancelled = false;
  for (unsigned I = 0; I < Terms.size(); ++I)
    for (unsigned J = I + 1; J < Terms.size() && !Gone[I]; ++J)
      if (!Gone[J] && Terms[I].second == -Terms[J].second && Ids[I] == Ids[J] &&
          stableIn(Terms[I].first, FS)) {
        Gone[I] = Gone[J] = true;
        Cancelled = true;
      }
  if (!Cancelled)
    return std::nullopt;
  UValue Rest = Step;
  for (unsigned I = 0; I < Terms.size(); ++I)
    if (!Gone[I])
      Rest = join(Rest, ValueOf(Terms[I].first));
  return Rest.U;
}

bool UniformitySolver::run() {
  const FunctionDecl *FD = FU.FD;
  if (!FD->getBody())
    return false;
  CFGCache &Cache = CFGCache::forAST(UC.astContext());
  G = Cache.cfgFor(FD);
  if (!G)
    return false;
  PO = std::make_unique<PostOrderCFGView>(G);
  FU.Cfg = G;
  N = G->getNumBlockIDs();
  ById.assign(N, nullptr);
  for (const CFGBlock *B : *G)
    ById[B->getBlockID()] = B;
  PDT = std::make_unique<CompletingPostDomTree>(*G);
  Region.assign(N, llvm::BitVector());
  Assigned.assign(N, {});
  BranchLevel.assign(N, Uniformity::BlockUniform);
  BranchCond.assign(N, nullptr);

  // Statements to blocks (shared by the analyses of FD); the branches.
  FU.StmtBlock = Cache.blockIndex(FD);
  for (const CFGBlock *B : *G) {
    unsigned NSucc = 0;
    for (const CFGBlock *S : B->succs())
      NSucc += S != nullptr;
    if (NSucc >= 2) {
      const Expr *C = B->getLastCondition();
      if (!C)
        if (const Stmt *TC = B->getTerminatorCondition())
          C = dyn_cast<Expr>(TC);
      BranchCond[B->getBlockID()] = C;
    }
  }
  {
    Transfer.startRecording(&Assigned);
    for (const CFGBlock *B : *G) {
      State Scratch(Locs);
      // A sub-expression evaluated earlier in this block recorded its
      // assignments for this block already: its value may be reused. One of
      // another block (an arm of `?:` or `&&` whose result is evaluated
      // here) is evaluated again, so that its assignments count here too.
      FU.Values.clear();
      transferBlock(B, Scratch);
    }
    Transfer.stopRecording();
    FU.Values.clear();
  }

  bool Stable = false;
  llvm::SmallVector<unsigned, 8> Reopened;
  for (unsigned Round = 0; Round < UniformityLimits::MaxBranchRounds; ++Round) {
    if (!dataflow(Reopened, Round == 0)) {
      FU.Limit = UniformityLimit::BlockVisits;
      break;
    }
    bool Changed = false;
    Reopened.clear();
    for (unsigned Bi = 0; Bi < N; ++Bi) {
      if (!BranchCond[Bi])
        continue;
      UValue C = FU.Values.lookup(BranchCond[Bi]);
      // A loop whose start and bound vary by the same thread index
      // (`for (t = base + tid; t < end + tid; t += C)`) has a uniform trip
      // count.
      if (C.U != Uniformity::BlockUniform)
        if (const auto *FS =
                dyn_cast_or_null<ForStmt>(ById[Bi]->getTerminatorStmt()))
          if (FS->getCond() && FS->getCond()->IgnoreParenImpCasts() ==
                                   BranchCond[Bi]->IgnoreParenImpCasts())
            if (auto L = uniformTripCount(
                    UC.astContext(), FS, [&](const Expr *E) {
                      return FU.valueOf(E);
                    }))
              C.U = std::min(C.U, *L);
      if (C.U > BranchLevel[Bi]) {
        BranchLevel[Bi] = C.U;
        Reopened.push_back(Bi);
        Changed = true;
      }
    }
    if (!Changed) {
      Stable = true;
      break;
    }
  }
  if (!Stable && !FU.Limit)
    FU.Limit = UniformityLimit::BranchRounds;
  finish();
  FU.compactValues();
  return true;
}


void UniformitySolver::finish() {
  // Control divergence of each block: the smallest divergent region holding it.
  FU.WarpDivergentBy.assign(N, -1);
  FU.BlockDivergentBy.assign(N, -1);
  std::vector<unsigned> WarpSize(N, ~0u), BlockSize(N, ~0u);
  for (unsigned Bi = 0; Bi < N; ++Bi) {
    if (BranchLevel[Bi] == Uniformity::BlockUniform)
      continue;
    computeRegion(Bi);
    DivergentControl DC;
    DC.Level = BranchLevel[Bi];
    DC.Cond = BranchCond[Bi];
    DC.Why = FU.Values.lookup(BranchCond[Bi]).Src;
    DC.Branch = ById[Bi]->getTerminatorStmt();
    DC.IsLoop = DC.Branch &&
                (isa<ForStmt>(DC.Branch) || isa<WhileStmt>(DC.Branch) ||
                 isa<DoStmt>(DC.Branch) || isa<CXXForRangeStmt>(DC.Branch));
    int Index = FU.Branches.size();
    FU.Branches.push_back(DC);
    FU.BranchRegions.push_back(Region[Bi]);
    unsigned Size = Region[Bi].count();
    for (int X = Region[Bi].find_first(); X >= 0; X = Region[Bi].find_next(X)) {
      if (Size < BlockSize[X]) {
        BlockSize[X] = Size;
        FU.BlockDivergentBy[X] = Index;
      }
      if (DC.Level == Uniformity::ThreadVarying && Size < WarpSize[X]) {
        WarpSize[X] = Size;
        FU.WarpDivergentBy[X] = Index;
      }
    }
  }
  // The return value: joined over returns, and divergent when a return is
  // reached under divergent control. Only returns reachable from the entry
  // count: `if (width == 32) return __all_sync(...); else { ...shuffles...;
  // return x; }` in an instantiation with width 32 returns the vote, whose
  // result is warp-uniform (the else arm is a pruned, trivially false edge).
  llvm::BitVector Reachable(G->getNumBlockIDs());
  llvm::SmallVector<const CFGBlock *, 32> Stack{&G->getEntry()};
  Reachable.set(G->getEntry().getBlockID());
  while (!Stack.empty()) {
    const CFGBlock *B = Stack.pop_back_val();
    for (const CFGBlock *Succ : B->succs())
      if (Succ && !Reachable.test(Succ->getBlockID())) {
        Reachable.set(Succ->getBlockID());
        Stack.push_back(Succ);
      }
  }
  UValue Ret;
  for (const CFGBlock *B : *G)
    if (Reachable.test(B->getBlockID()))
    for (const CFGElement &El : *B)
      if (auto CS = El.getAs<CFGStmt>())
        if (const auto *RS = dyn_cast<ReturnStmt>(CS->getStmt())) {
          if (RS->getRetValue())
            Ret = join(Ret, FU.Values.lookup(RS->getRetValue()));
          int By = FU.BlockDivergentBy[B->getBlockID()];
          if (By >= 0) {
            const DivergentControl &DC = FU.Branches[By];
            VarianceSource S{VarianceSource::DivergentAssign};
            S.Cond = DC.Cond;
            S.Var = FU.FD;
            int WBy = FU.WarpDivergentBy[B->getBlockID()];
            Ret = join(Ret, WBy >= 0 ? UValue::varying(S) : UValue::warp(S));
          }
        }
  FU.Ret = Ret;
  for (unsigned I = 0; I < FU.FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FU.FD->getParamDecl(I);
    if (!P->getType()->isReferenceType())
      continue;
    if (const UValue *V = ExitIn.find({P, nullptr}))
      FU.RefOut[I] = *V;
  }
}

//===----------------------------------------------------------------------===//
// FunctionUniformity
//===----------------------------------------------------------------------===//

FunctionUniformity::~FunctionUniformity() = default;

UValue FunctionUniformity::valueOf(const Expr *E) const {
  auto It = Values.find(E);
  if (It != Values.end())
    return It->second;
  const Expr *I = E->IgnoreParenImpCasts();
  It = Values.find(I);
  if (It != Values.end())
    return It->second;
  return UValue::block();
}

/// Whether \p V is exactly what valueOf() answers for an expression it has no
/// entry for: UValue::block(), variance source included.
static bool isPlainBlock(const UValue &V) {
  // Every field is compared: a field added to UValue or VarianceSource must
  // be added here too, or compactValues would drop values that differ in it.
  static_assert(sizeof(VarianceSource) == 40 && sizeof(UValue) == 48,
                "isPlainBlock compares every field of UValue and VarianceSource");
  const VarianceSource &S = V.Src;
  return V.U == Uniformity::BlockUniform && !V.Mult32 && V.Aligned && !V.Symmetric &&
         S.K == VarianceSource::None && !S.Component && !S.Callee && !S.Cond && !S.Var &&
         !S.Where;
}

void FunctionUniformity::compactValues() {
  unsigned Kept = 0;
  auto Keep = [&](const Expr *E, const UValue &V) {
    if (!isPlainBlock(V))
      return true;
    // valueOf(E) falls back to E->IgnoreParenImpCasts()'s entry.
    const Expr *I = E->IgnoreParenImpCasts();
    if (I == E)
      return false;
    auto It = Values.find(I);
    return It != Values.end() && !isPlainBlock(It->second);
  };
  for (const auto &KV : Values)
    Kept += Keep(KV.first, KV.second);
  if (Kept == Values.size())
    return;
  // A new map: DenseMap::erase keeps the buckets.
  llvm::DenseMap<const Expr *, UValue> Compact;
  Compact.reserve(Kept);
  for (const auto &KV : Values)
    if (Keep(KV.first, KV.second))
      Compact.try_emplace(KV.first, KV.second);
  Values = std::move(Compact);
}

std::optional<UValue> FunctionUniformity::refParamOut(unsigned Index) const {
  auto It = RefOut.find(Index);
  if (It == RefOut.end())
    return std::nullopt;
  return It->second;
}

static bool contains(const Stmt *Outer, const Stmt *S) {
  if (!Outer)
    return false;
  if (Outer == S)
    return true;
  for (const Stmt *C : Outer->children())
    if (contains(C, S))
      return true;
  return false;
}

static const Stmt *findExit(const Stmt *S) {
  if (!S)
    return nullptr;
  if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S) ||
      isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
    return S;
  if (isa<LambdaExpr>(S))
    return nullptr;
  for (const Stmt *C : S->children())
    if (const Stmt *E = findExit(C))
      return E;
  return nullptr;
}

/// Branches[By] as the control of \p S: with the early exit that lets \p S
/// be reached outside the branch.
static DivergentControl controlOf(const DivergentControl &Branch,
                                  const Stmt *S) {
  DivergentControl DC = Branch;
  if (!contains(DC.Branch, S)) {
    const Stmt *Scope = DC.Branch;
    if (const auto *If = dyn_cast_or_null<IfStmt>(DC.Branch))
      DC.Exit = findExit(If->getThen()) ? findExit(If->getThen())
                                        : findExit(If->getElse());
    else
      DC.Exit = findExit(Scope);
  }
  return DC;
}

std::optional<DivergentControl>
FunctionUniformity::divergentControl(const Stmt *S, Uniformity Required) const {
  std::optional<unsigned> Block = blockOf(S);
  if (!Block)
    return std::nullopt;
  int By = Required == Uniformity::ThreadVarying ? WarpDivergentBy[*Block]
                                                 : BlockDivergentBy[*Block];
  if (By < 0)
    return std::nullopt;
  return controlOf(Branches[By], S);
}

std::vector<DivergentControl>
FunctionUniformity::divergentControls(const Stmt *S,
                                      Uniformity Required) const {
  std::vector<DivergentControl> Out;
  std::optional<unsigned> Block = blockOf(S);
  if (!Block)
    return Out;
  llvm::SmallVector<std::pair<unsigned, unsigned>, 8> Found; // (size, index)
  for (unsigned I = 0; I < Branches.size(); ++I) {
    if (Required == Uniformity::ThreadVarying &&
        Branches[I].Level != Uniformity::ThreadVarying)
      continue;
    if (*Block < BranchRegions[I].size() && BranchRegions[I].test(*Block))
      Found.push_back({BranchRegions[I].count(), I});
  }
  // The same order as the innermost choice of finish(): smallest region
  // first, the earlier branch on ties.
  llvm::stable_sort(Found, [](const auto &A, const auto &B) {
    return A.first < B.first;
  });
  for (const auto &F : Found)
    Out.push_back(controlOf(Branches[F.second], S));
  return Out;
}

std::optional<unsigned> FunctionUniformity::blockOf(const Stmt *S) const {
  if (!StmtBlock)
    return std::nullopt;
  return StmtBlock->blockOf(S);
}

Uniformity FunctionUniformity::controlUniformity(const Stmt *S) const {
  std::optional<unsigned> Block = blockOf(S);
  if (!Block)
    return Uniformity::BlockUniform;
  if (WarpDivergentBy[*Block] >= 0)
    return Uniformity::ThreadVarying;
  if (BlockDivergentBy[*Block] >= 0)
    return Uniformity::WarpUniform;
  return Uniformity::BlockUniform;
}

//===----------------------------------------------------------------------===//
// UniformityContext
//===----------------------------------------------------------------------===//

llvm::StringRef toString(UniformityLimit L) {
  switch (L) {
  case UniformityLimit::BlockVisits:
    return "dataflow block visits";
  case UniformityLimit::BranchRounds:
    return "rounds of branch conditions";
  case UniformityLimit::CallDepth:
    return "depth of helper analyses";
  case UniformityLimit::HelperDepth:
    return "depth of the walk through helpers";
  }
  return "";
}

static std::mutex ProcessStatsMutex;
static UniformityStats ProcessStats;

UniformityStats processUniformityStats() {
  std::lock_guard<std::mutex> Lock(ProcessStatsMutex);
  return ProcessStats;
}

void addProcessUniformityStats(const UniformityStats &S) {
  std::lock_guard<std::mutex> Lock(ProcessStatsMutex);
  ProcessStats += S;
}

UniformityContext::UniformityContext(ASTContext &Ctx, UniformityOptions Opts)
    : Ctx(Ctx), Opts(Opts) {}
UniformityContext::~UniformityContext() {
  UniformityStatsCollector::addToCurrent(Stats);
  std::lock_guard<std::mutex> Lock(ProcessStatsMutex);
  ProcessStats += Stats;
}

static thread_local UniformityStatsCollector *CurrentStatsCollector = nullptr;

UniformityStatsCollector::UniformityStatsCollector() : Outer(CurrentStatsCollector) {
  CurrentStatsCollector = this;
}
UniformityStatsCollector::~UniformityStatsCollector() {
  CurrentStatsCollector = Outer;
}
void UniformityStatsCollector::addToCurrent(const UniformityStats &S) {
  if (CurrentStatsCollector)
    CurrentStatsCollector->Stats += S;
}

UniformityContext &UniformityContext::forAST(ASTContext &Ctx) {
  return perASTContext<UniformityContext>(Ctx);
}

void UniformityContext::collectLaunches() {
  Unaligned.emplace();
  LaunchSiteCache &Launches = LaunchSiteCache::forAST(Ctx);
  // The launches of the translation unit's own code (CallIndex: the
  // traversal scope outside system headers, filled by the walk BodyParents
  // makes). Iterating the unit's declarations here instead made clangd load
  // every declaration of its preamble again after each edit.
  for (const CUDAKernelCallExpr *K : CallIndex::forAST(Ctx).launches()) {
    // The block's x size as the launch analysis knows it (constants,
    // dim3(x, ...), locals through their reaching definitions).
    const std::optional<LaunchSite> &L = Launches.evaluate(K);
    if (!L || !L->Block.X || *L->Block.X % 32 == 0)
      continue;
    const FunctionDecl *Kernel = K->getDirectCallee();
    const FunctionDecl *T = Kernel;
    if (const FunctionDecl *P = T->getTemplateInstantiationPattern())
      T = P;
    Unaligned->insert(T->getCanonicalDecl());
    Unaligned->insert(Kernel->getCanonicalDecl());
  }
}

UniformityOptions UniformityContext::optionsFor(const FunctionDecl *FD) {
  UniformityOptions O = Opts;
  if (!Unaligned)
    collectLaunches();
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  if (Unaligned->count(FD->getCanonicalDecl()) ||
      (Pattern && Unaligned->count(Pattern->getCanonicalDecl())))
    O.WarpAlignedBlockX = false;
  for (const FunctionDecl *R : FD->redecls())
    if (const auto *LB = R->getAttr<CUDALaunchBoundsAttr>()) {
      if (std::optional<llvm::APSInt> Max = launchBoundsArgValue(LB->getMaxThreads(), Ctx))
        if (Max->getExtValue() % 32 != 0)
          O.WarpAlignedBlockX = false;
    }
  return O;
}

bool UniformityContext::isAnalysedCallee(const FunctionDecl *FD) const {
  if (!FD)
    return false;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return false;
  return !isSystemDecl(Ctx, Def);
}

/// The calls in \p S; a kernel launch (`k<<<...>>>(...)`, dynamic
/// parallelism) is not a call of the kernel by this thread but a new grid,
/// so it is left out (its arguments are not).
static void collectCalls(const Stmt *S, std::vector<const CallExpr *> &Out) {
  if (!S)
    return;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (!isa<CUDAKernelCallExpr>(CE))
      Out.push_back(CE);
  for (const Stmt *C : S->children())
    collectCalls(C, Out);
}

llvm::ArrayRef<const CallExpr *> UniformityContext::callsIn(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return {};
  auto [It, New] = BodyCalls.try_emplace(Def);
  if (New)
    collectCalls(Def->getBody(), It->second);
  return It->second;
}

void UniformityContext::noteLimit(UniformityLimit L, const FunctionDecl *Where) {
  const FunctionDecl *Canon = Where ? Where->getCanonicalDecl() : nullptr;
  if (LimitsNoted.insert({Canon, unsigned(L)}).second)
    ++Stats.GaveUp[unsigned(L)];
}

bool UniformityContext::callsWmma(const FunctionDecl *FD) {
  return callsIntrinsic(FD, 1u << unsigned(IntrinsicKind::WmmaCollective));
}

bool UniformityContext::callsIntrinsic(const FunctionDecl *FD, uint32_t Kinds) {
  if (!FD)
    return false;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return false;
  return (intrinsicKindsCalled(Def) & Kinds) != 0;
}

uint32_t UniformityContext::intrinsicKindsCalled(const FunctionDecl *Def) {
  if (auto It = KindsCalled.find(Def); It != KindsCalled.end())
    return It->second;
  KindsWalk W;
  visitKinds(Def, W);
  return KindsCalled.lookup(Def);
}

/// Tarjan's strongly connected components over the calls to analysed
/// functions: the functions of one component (mutual recursion) call the
/// same kinds, the union of theirs and of what they call outside it, and
/// every function is visited once.
void UniformityContext::visitKinds(const FunctionDecl *Def, KindsWalk &W) {
  unsigned Index = W.Next++;
  W.Index[Def] = Index;
  W.Low[Def] = Index;
  W.Stack.push_back(Def);
  uint32_t Kinds = 0;
  for (const CallExpr *CE : callsIn(Def)) {
    const FunctionDecl *C = CE->getDirectCallee();
    if (const IntrinsicInfo *I = lookupIntrinsic(C))
      Kinds |= 1u << unsigned(I->Kind);
    const FunctionDecl *CDef = nullptr;
    if (!C || !isAnalysedCallee(C) || !C->hasBody(CDef) || !CDef)
      continue;
    if (auto Done = KindsCalled.find(CDef); Done != KindsCalled.end()) {
      Kinds |= Done->second; // a finished component
      continue;
    }
    auto Seen = W.Index.find(CDef);
    if (Seen == W.Index.end()) {
      visitKinds(CDef, W);
      if (auto Done = KindsCalled.find(CDef); Done != KindsCalled.end())
        Kinds |= Done->second;
      else // in this function's component: merged at its root
        W.Low[Def] = std::min(W.Low[Def], W.Low[CDef]);
    } else {
      W.Low[Def] = std::min(W.Low[Def], Seen->second); // on the stack
    }
  }
  W.Own[Def] = Kinds;
  if (W.Low[Def] != Index)
    return;
  // Def is the root of its component: the members are above it on the stack.
  auto First = llvm::find(W.Stack, Def);
  uint32_t All = 0;
  for (auto It = First; It != W.Stack.end(); ++It)
    All |= W.Own[*It];
  for (auto It = First; It != W.Stack.end(); ++It)
    KindsCalled[*It] = All;
  W.Stack.erase(First, W.Stack.end());
}

const FunctionUniformity *
UniformityContext::analyze(const FunctionDecl *FD, llvm::ArrayRef<UValue> Params,
                           std::optional<UniformityOptions> O,
                           llvm::ArrayRef<UValue> Captures) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || Def->isInvalidDecl())
    return nullptr;
  UniformityOptions Use = O ? *O : optionsFor(Def);
  Key K{Def, {}};
  K.Vals.push_back(Use.WarpAlignedBlockX);
  std::vector<UValue> Ps(Def->getNumParams(), UValue::block());
  for (unsigned I = 0; I < Ps.size() && I < Params.size(); ++I)
    Ps[I] = Params[I];
  auto Enc = [](const UValue &V) {
    return uint8_t((uint8_t)V.U | (V.Mult32 << 2) | (V.Aligned << 3) |
                   (V.symmetric() << 4));
  };
  for (const UValue &V : Ps)
    K.Vals.push_back(Enc(V));
  K.Vals.push_back(0xff);
  for (const UValue &V : Captures)
    K.Vals.push_back(Enc(V));
  auto It = Cache.find(K);
  if (It != Cache.end())
    return It->second.get();
  const FunctionDecl *Canon = Def->getCanonicalDecl();
  if (InProgress.count(Canon))
    return nullptr; // recursion: the caller treats the result as unknown
  if (Depth > UniformityLimits::MaxCallDepth) {
    noteLimit(UniformityLimit::CallDepth, Def);
    return nullptr;
  }
  InProgress[Canon] = 1;
  ++Depth;
  std::unique_ptr<FunctionUniformity> FU(new FunctionUniformity());
  FU->FD = Def;
  FU->Ctx = &Ctx;
  FU->Params = Ps;
  FU->Opts = Use;
  UniformitySolver S(*this, *FU, Use, Captures);
  bool Ok = S.run();
  --Depth;
  InProgress.erase(Canon);
  if (!Ok)
    return nullptr;
  ++Stats.FunctionsAnalysed;
  if (FU->Limit)
    noteLimit(*FU->Limit, Def);
  auto *Raw = FU.get();
  Cache[K] = std::move(FU);
  return Raw;
}

} // namespace cuda_lint

