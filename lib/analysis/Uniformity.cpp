//===- Uniformity.cpp - Thread/warp/block uniformity of CUDA values -------===//
#include "analysis/Uniformity.h"
#include "analysis/PerASTContext.h"
#include "analysis/LaunchSite.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/BitVector.h"
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
  if (R.U == Uniformity::BlockUniform)
    R.Src = {};
  return R;
}

//===----------------------------------------------------------------------===//
// Recognizers
//===----------------------------------------------------------------------===//

/// The chain of enclosing namespace names of \p D, innermost first.
static bool inNamespace(const Decl *D, llvm::StringRef Name) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == Name)
        return true;
  return false;
}

bool isWmmaCollective(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  llvm::StringRef N = FD->getName();
  if (N != "load_matrix_sync" && N != "store_matrix_sync" && N != "mma_sync" &&
      N != "bmma_sync" && N != "fill_fragment")
    return false;
  return inNamespace(FD, "wmma") && inNamespace(FD, "nvcuda");
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
// The builder: one dataflow over one function
//===----------------------------------------------------------------------===//

using Loc = std::pair<const ValueDecl *, const FieldDecl *>;
using State = llvm::DenseMap<Loc, UValue>;

static bool sameState(const State &A, const State &B) {
  if (A.size() != B.size())
    return false;
  for (const auto &KV : A) {
    auto It = B.find(KV.first);
    if (It == B.end() || It->second != KV.second)
      return false;
  }
  return true;
}

static void joinInto(State &Into, const State &From) {
  for (const auto &KV : From) {
    auto [It, New] = Into.try_emplace(KV.first, KV.second);
    if (!New)
      It->second = join(It->second, KV.second);
  }
}

class UniformityBuilder {
public:
  UniformityBuilder(UniformityContext &UC, FunctionUniformity &FU,
                    const UniformityOptions &Opts,
                    llvm::ArrayRef<UValue> Captures)
      : UC(UC), Ctx(UC.Ctx), FU(FU), Opts(Opts), Captures(Captures) {}

  bool run();

private:
  UniformityContext &UC;
  ASTContext &Ctx;
  FunctionUniformity &FU;
  UniformityOptions Opts;
  llvm::ArrayRef<UValue> Captures;
  CFG *G = nullptr;
  unsigned N = 0;
  std::vector<const CFGBlock *> ById;

  // Per block.
  std::vector<llvm::BitVector> PDom;
  std::vector<int> IPDom;
  std::vector<llvm::BitVector> Region;        // R(B), for branches
  std::vector<llvm::SmallVector<Loc, 4>> Assigned;  // locations assigned in B
  std::vector<Uniformity> BranchLevel;
  std::vector<const Expr *> BranchCond;
  std::vector<State> In, Out;
  std::vector<bool> Done;
  llvm::DenseMap<const Expr *, UValue> &Memo = FU.Values;
  bool Recording = false; // recording assigned locations
  unsigned CurBlock = 0;

  void computePostDominators();
  void computeRegion(unsigned B);
  void dataflow();
  void transferBlock(const CFGBlock *B, State &S);
  void transferStmt(const Stmt *S, State &St);
  void assign(const Expr *LHS, const UValue &V, State &St, bool Weak);
  std::optional<Loc> locationOf(const Expr *E, bool &Weak) const;
  UValue lookup(const ValueDecl *VD, const FieldDecl *F, const State &St);
  UValue eval(const Expr *E, State &St);
  UValue evalUncached(const Expr *E, State &St);
  UValue evalBinary(BinaryOperatorKind Op, const UValue &L, const UValue &R,
                    const Expr *RE, bool Integral);
  UValue evalCall(const CallExpr *CE, State &St);
  UValue evalBuiltinMember(llvm::StringRef Var, char Comp, const Expr *E);
  std::optional<llvm::APSInt> constant(const Expr *E) const;
  void callEffects(const CallExpr *CE, const FunctionUniformity *Callee,
                   State &St);
  void finish();
};

std::optional<llvm::APSInt> UniformityBuilder::constant(const Expr *E) const {
  if (!E || E->isValueDependent() || E->isTypeDependent() ||
      !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt();
  return std::nullopt;
}

static bool isMult32(const llvm::APSInt &V) {
  return V.getSignificantBits() <= 64 && (V.getExtValue() % 32) == 0;
}

void UniformityBuilder::computePostDominators() {
  const CFGBlock &Exit = G->getExit();
  llvm::BitVector All(N, true);
  PDom.assign(N, All);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (auto It = G->begin(), E = G->end(); It != E; ++It) {
      const CFGBlock *B = *It;
      unsigned Id = B->getBlockID();
      llvm::BitVector NewSet(N, true);
      if (B == &Exit) {
        NewSet.reset();
        NewSet.set(Id);
      } else if (!B->hasNoReturnElement()) {
        bool Any = false;
        for (const CFGBlock *S : B->succs()) {
          if (!S)
            continue;
          NewSet &= PDom[S->getBlockID()];
          Any = true;
        }
        if (!Any)
          NewSet.set();
        NewSet.set(Id);
      }
      if (NewSet != PDom[Id]) {
        PDom[Id] = std::move(NewSet);
        Changed = true;
      }
    }
  }
  IPDom.assign(N, -1);
  for (unsigned Id = 0; Id < N; ++Id) {
    if (PDom[Id].all())
      continue;
    unsigned Want = PDom[Id].count() - 1;
    for (int P = PDom[Id].find_first(); P >= 0; P = PDom[Id].find_next(P))
      if ((unsigned)P != Id && PDom[P].count() == Want) {
        IPDom[Id] = P;
        break;
      }
  }
}

void UniformityBuilder::computeRegion(unsigned B) {
  if (!Region[B].empty())
    return;
  Region[B].resize(N);
  const CFGBlock *Blk = ById[B];
  llvm::SmallVector<const CFGBlock *, 16> Work;
  auto Push = [&](const CFGBlock *S) {
    if (!S || (int)S->getBlockID() == IPDom[B] || Region[B].test(S->getBlockID()))
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

UValue UniformityBuilder::lookup(const ValueDecl *VD, const FieldDecl *F,
                                 const State &St) {
  if (F) {
    auto It = St.find({VD, F});
    if (It != St.end())
      return It->second;
  }
  auto It = St.find({VD, nullptr});
  if (It != St.end()) {
    if (F)
      return It->second;
    // Whole-object read: join with any member written separately.
    UValue V = It->second;
    for (const auto &KV : St)
      if (KV.first.first == VD && KV.first.second)
        V = join(V, KV.second);
    return V;
  }
  if (!F) {
    bool Any = false;
    UValue V;
    for (const auto &KV : St)
      if (KV.first.first == VD && KV.first.second) {
        V = Any ? join(V, KV.second) : KV.second;
        Any = true;
      }
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

std::optional<Loc> UniformityBuilder::locationOf(const Expr *E,
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

void UniformityBuilder::assign(const Expr *LHS, const UValue &V, State &St,
                               bool WeakIn) {
  bool Weak = WeakIn;
  auto L = locationOf(LHS, Weak);
  if (!L)
    return;
  if (Recording)
    Assigned[CurBlock].push_back(*L);
  UValue NewV = V;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(LHS->IgnoreParenImpCasts()))
    NewV = join(NewV, eval(AS->getIdx(), St));
  if (Weak) {
    auto It = St.find(*L);
    if (It != St.end())
      NewV = join(It->second, NewV);
  }
  if (!L->second)
    for (auto It = St.begin(); It != St.end(); ++It)
      if (It->first.first == L->first && It->first.second)
        St.erase(It);
  St[*L] = NewV;
}

UValue UniformityBuilder::eval(const Expr *E, State &St) {
  if (!E)
    return UValue::block();
  UValue V = evalUncached(E, St);
  Memo[E] = V;
  return V;
}

UValue UniformityBuilder::evalBuiltinMember(llvm::StringRef Var, char Comp,
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

UValue UniformityBuilder::evalBinary(BinaryOperatorKind Op, const UValue &L,
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
    // (32*w + lane) % (32*k) is again 32*w' + lane.
    if (Integral && !L.isUniform() && R.isUniform() && R.Mult32 &&
        L.Aligned)
      V.Aligned = true;
    break;
  case BO_And:
    if (Integral && !L.isUniform() && L.Aligned && RC) {
      uint64_t M = RC->getZExtValue();
      if ((M & 31) == 0)
        V = UValue::warp(L.Src);
      else if ((M & 31) == 31)
        V.Aligned = true; // keeps the lane bits and whole multiples of 32
    }
    if (V.isUniform())
      V.Mult32 = L.Mult32 || R.Mult32 || (RC && isMult32(*RC));
    break;
  default:
    break;
  }
  return V;
}

UValue UniformityBuilder::evalUncached(const Expr *E, State &St) {
  auto Child = [&](const Expr *C) -> UValue {
    if (!C)
      return UValue::block();
    auto It = Memo.find(C);
    if (It != Memo.end() && !Recording)
      return It->second;
    return eval(C, St);
  };

  if (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E) ||
      isa<UnaryExprOrTypeTraitExpr>(E) || isa<ConstantExpr>(E)) {
    if (auto C = constant(E))
      return UValue::block(isMult32(*C));
    if (const auto *CE = dyn_cast<ConstantExpr>(E))
      return Child(CE->getSubExpr());
    return UValue::block();
  }
  if (isa<FloatingLiteral>(E) || isa<StringLiteral>(E) ||
      isa<CXXBoolLiteralExpr>(E) || isa<CXXNullPtrLiteralExpr>(E) ||
      isa<GNUNullExpr>(E) || isa<CXXThisExpr>(E) ||
      isa<ImplicitValueInitExpr>(E) || isa<CXXScalarValueInitExpr>(E) ||
      isa<TypeTraitExpr>(E) || isa<CXXNoexceptExpr>(E) || isa<LambdaExpr>(E) ||
      isa<SizeOfPackExpr>(E))
    return UValue::block();

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
      return UValue::block(isMult32(EC->getInitVal()));
    if (!builtinVarName(DRE).empty()) {
      if (builtinVarName(DRE) == "threadIdx") {
        VarianceSource S{VarianceSource::ThreadIdx, 0};
        S.Where = E;
        return UValue::varying(S);
      }
      return UValue::block();
    }
    if (isa<VarDecl>(D))
      return lookup(D, nullptr, St);
    return UValue::block();
  }

  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E)) {
    if (const auto *MP = dyn_cast<MSPropertyRefExpr>(
            POE->getSyntacticForm()->IgnoreParens())) {
      llvm::StringRef Var = builtinVarName(MP->getBaseExpr());
      if (!Var.empty()) {
        llvm::StringRef P = MP->getPropertyDecl()->getName();
        return evalBuiltinMember(Var, P.empty() ? 0 : P[0], E);
      }
    }
    return Child(POE->getResultExpr());
  }
  if (const auto *MP = dyn_cast<MSPropertyRefExpr>(E)) {
    llvm::StringRef Var = builtinVarName(MP->getBaseExpr());
    if (!Var.empty()) {
      llvm::StringRef P = MP->getPropertyDecl()->getName();
      return evalBuiltinMember(Var, P.empty() ? 0 : P[0], E);
    }
    return Child(MP->getBaseExpr());
  }

  if (const auto *PE = dyn_cast<ParenExpr>(E))
    return Child(PE->getSubExpr());
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    UValue V = Child(CE->getSubExpr());
    QualType T = CE->getType();
    if (!T->isIntegralOrEnumerationType()) {
      V.Mult32 = false;
      if (!V.isUniform())
        V.Aligned = false;
    }
    return V;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const ValueDecl *M = ME->getMemberDecl();
    if (const auto *VD = dyn_cast<VarDecl>(M)) // static data member
      return lookup(VD, nullptr, St);
    if (isa<FunctionDecl>(M))
      return Child(ME->getBase());
    if (ME->isArrow()) {
      UValue P = Child(ME->getBase());
      P.Mult32 = false;
      if (!P.isUniform())
        P.Aligned = false;
      return P;
    }
    bool Weak = false;
    if (auto L = locationOf(ME, Weak))
      return lookup(L->first, L->second, St);
    UValue V = Child(ME->getBase());
    V.Mult32 = false;
    if (!V.isUniform())
      V.Aligned = false;
    return V;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    UValue B = Child(AS->getBase());
    UValue I = Child(AS->getIdx());
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
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    UValue V = Child(UO->getSubExpr());
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
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return Child(BO->getRHS());
    if (BO->getOpcode() == BO_Assign)
      return Child(BO->getRHS());
    UValue L = Child(BO->getLHS());
    UValue R = Child(BO->getRHS());
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
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    UValue V = join(Child(CO->getCond()),
                    join(Child(CO->getTrueExpr()), Child(CO->getFalseExpr())));
    if (!V.isUniform())
      V.Aligned = false;
    return V;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return evalCall(CE, St);
  if (const auto *CC = dyn_cast<CXXConstructExpr>(E)) {
    UValue V;
    for (const Expr *A : CC->arguments())
      V = join(V, Child(A));
    return V;
  }
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return Child(DA->getExpr());
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return Child(DI->getExpr());
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(E))
    return Child(OV->getSourceExpr());
  if (const auto *SE = dyn_cast<StmtExpr>(E)) {
    const CompoundStmt *CS = SE->getSubStmt();
    if (!CS->body_empty())
      if (const auto *Last = dyn_cast<Expr>(CS->body_back()))
        return Child(Last);
    return UValue::block();
  }
  // Everything else (init lists, temporaries, cleanups...): its operands.
  UValue V;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      V = join(V, Child(CE));
  V.Mult32 = false;
  if (isa<MaterializeTemporaryExpr>(E) || isa<ExprWithCleanups>(E) ||
      isa<CXXBindTemporaryExpr>(E) || isa<CXXFunctionalCastExpr>(E))
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(C))
        return Child(CE);
  if (!V.isUniform())
    V.Aligned = false;
  return V;
}

UValue UniformityBuilder::evalCall(const CallExpr *CE, State &St) {
  auto Arg = [&](unsigned I) -> UValue {
    if (I >= CE->getNumArgs())
      return UValue::block();
    const Expr *A = CE->getArg(I);
    auto It = Memo.find(A);
    if (It != Memo.end())
      return It->second;
    return eval(A, St);
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
  // The semantic form of threadIdx.x: __cuda_builtin_threadIdx_t::__fetch_builtin_x().
  if (Name.starts_with("__fetch_builtin_") && Name.size() == 17)
    if (const auto *RD = dyn_cast<CXXRecordDecl>(FD->getDeclContext()))
      if (RD->getIdentifier() && RD->getName().starts_with("__cuda_builtin_") &&
          RD->getName().ends_with("_t")) {
        llvm::StringRef Var =
            RD->getName().drop_front(strlen("__cuda_builtin_")).drop_back(2);
        return evalBuiltinMember(Var, Name.back(), CE);
      }
  auto Src = [&](VarianceSource::Kind K) {
    VarianceSource S{K};
    S.Callee = FD;
    S.Where = CE;
    return S;
  };
  bool IsCG = inNamespace(FD, "cooperative_groups");

  // Shuffles: the value held by the source lane.
  bool ShflIdx = Name == "__shfl_sync" || Name == "__shfl" ||
                 (IsCG && Name == "shfl");
  bool ShflRel = Name.starts_with("__shfl_up") ||
                 Name.starts_with("__shfl_down") ||
                 Name.starts_with("__shfl_xor") ||
                 (IsCG && (Name == "shfl_up" || Name == "shfl_down" ||
                           Name == "shfl_xor"));
  if (ShflIdx || ShflRel) {
    unsigned ValIdx = (Name.starts_with("__") && Name.ends_with("_sync")) ? 1 : 0;
    UValue Val = Arg(ValIdx);
    if (Val.U == Uniformity::ThreadVarying)
      Val = UValue::varying(Src(VarianceSource::Shuffle));
    if (ShflIdx) {
      UValue Lane = Arg(ValIdx + 1);
      bool FullWidth = true;
      if (ValIdx + 2 < CE->getNumArgs() &&
          !isa<CXXDefaultArgExpr>(CE->getArg(ValIdx + 2))) {
        auto W = constant(CE->getArg(ValIdx + 2));
        FullWidth = W && W->getExtValue() >= 32;
      }
      if (Lane.isUniform() && FullWidth) {
        // Every lane reads one source lane: warp-uniform.
        if (Val.U == Uniformity::ThreadVarying)
          return UValue::warp(Src(VarianceSource::Shuffle));
        return join(Val, Lane);
      }
      if (Val.U == Uniformity::ThreadVarying || !Lane.isUniform())
        return UValue::varying(Lane.isUniform() ? Src(VarianceSource::Shuffle)
                                                : Lane.Src);
      return Val;
    }
    return Val; // up/down/xor: uniform only if the value is
  }
  // Votes and warp reductions: the same for all lanes of the warp.
  if (Name == "__all_sync" || Name == "__any_sync" || Name == "__ballot_sync" ||
      Name == "__uni_sync" || Name == "__activemask" ||
      Name == "__match_all_sync" || Name == "__all" || Name == "__any" ||
      Name == "__ballot" ||
      (Name.starts_with("__reduce_") && Name.ends_with("_sync")) ||
      (IsCG && (Name == "any" || Name == "all" || Name == "ballot" ||
                Name == "reduce" || Name == "match_all"))) {
    UValue V = JoinAll();
    if (V.U == Uniformity::BlockUniform && Name != "__activemask")
      return V;
    return UValue::warp(Src(VarianceSource::Vote));
  }
  if (Name == "__match_any_sync" || (IsCG && Name == "match_any"))
    return UValue::varying(Src(VarianceSource::Shuffle));
  if (Name == "__syncthreads_or" || Name == "__syncthreads_and" ||
      Name == "__syncthreads_count")
    return UValue::block();
  if (Name == "clock" || Name == "clock64" || Name == "__globaltimer" ||
      Name == "__clock" || Name == "__clock64")
    return UValue::varying(Src(VarianceSource::Clock));
  if (Name.starts_with("atomic") || Name.starts_with("__atomic") ||
      Name.starts_with("__hip_atomic") || Name.starts_with("__nvvm_atom") ||
      Name.starts_with("__iAtomic") || Name.starts_with("__uAtomic") ||
      Name.starts_with("__fAtomic") || Name.starts_with("__ullAtomic") ||
      Name.starts_with("__dAtomic") ||
      ((inNamespace(FD, "cuda") || inNamespace(FD, "std")) &&
       (Name.starts_with("fetch_") || Name == "exchange" ||
        Name.starts_with("compare_exchange"))))
    return UValue::varying(Src(VarianceSource::Atomic));
  if (IsCG) {
    if (Name == "thread_rank" || Name == "thread_index")
      return UValue::varying(Src(VarianceSource::ThreadRank),
                             Opts.WarpAlignedBlockX);
    if (Name == "meta_group_rank")
      return UValue::warp(Src(VarianceSource::WarpRank));
    if (Name == "size" || Name == "num_threads" || Name == "group_index" ||
        Name == "block_index" || Name == "group_dim" || Name == "dim_threads" ||
        Name == "meta_group_size" || Name == "num_blocks" ||
        Name == "block_rank" || Name == "dim_blocks" || Name == "block_dim")
      return JoinAll();
  }

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

void UniformityBuilder::callEffects(const CallExpr *CE,
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
        auto It = Memo.find(A);
        V = join(V, It != Memo.end() ? It->second : eval(A, St));
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

void UniformityBuilder::transferStmt(const Stmt *S, State &St) {
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D)) {
        if (VD->hasGlobalStorage())
          continue;
        if (Recording)
          Assigned[CurBlock].push_back({VD, nullptr});
        UValue V = VD->getInit() ? eval(VD->getInit(), St) : UValue::block();
        for (auto It = St.begin(); It != St.end(); ++It)
          if (It->first.first == VD && It->first.second)
            St.erase(It);
        St[{VD, nullptr}] = V;
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
        Text.find("%lanemask") != std::string::npos)
      V = UValue::varying({VarianceSource::LaneId});
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
      UValue RHS = Memo.lookup(OC->getArg(1));
      if (OC->getOperator() == OO_Equal)
        assign(OC->getArg(0), RHS, St, false);
      else
        assign(OC->getArg(0), join(eval(OC->getArg(0), St), RHS), St, false);
    }
  }
}

void UniformityBuilder::transferBlock(const CFGBlock *B, State &S) {
  CurBlock = B->getBlockID();
  for (const CFGElement &El : *B)
    if (auto CS = El.getAs<CFGStmt>())
      transferStmt(CS->getStmt(), S);
}

void UniformityBuilder::dataflow() {
  // The entry state of each block: the join of its predecessors, plus the
  // variables assigned in the region of any divergent branch it closes.
  In.assign(N, State());
  Out.assign(N, State());
  Done.assign(N, false);
  std::vector<std::vector<unsigned>> Closes(N);
  for (unsigned Bi = 0; Bi < N; ++Bi)
    if (BranchLevel[Bi] != Uniformity::BlockUniform && IPDom[Bi] >= 0)
      Closes[IPDom[Bi]].push_back(Bi);

  // Highest block id first: clang numbers blocks roughly in reverse
  // program order, so this approximates a reverse post-order.
  llvm::BitVector Pending(N, true);
  unsigned Steps = 0;
  while (Pending.any() && Steps++ < 200000) {
    unsigned Id = Pending.find_last();
    Pending.reset(Id);
    const CFGBlock *B = ById[Id];
    if (!B)
      continue;
    State S;
    for (const CFGBlock *P : B->preds())
      if (P && Done[P->getBlockID()])
        joinInto(S, Out[P->getBlockID()]);
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
          auto It = S.find(L);
          if (It != S.end())
            It->second = join(It->second, T);
          else if (!L.second)
            S[L] = T;
        }
    }
    In[Id] = S;
    transferBlock(B, S);
    if (Done[Id] && sameState(S, Out[Id]))
      continue;
    Out[Id] = std::move(S);
    Done[Id] = true;
    for (const CFGBlock *Succ : B->succs())
      if (Succ)
        Pending.set(Succ->getBlockID());
  }
}

bool UniformityBuilder::run() {
  const FunctionDecl *FD = FU.FD;
  Stmt *Body = FD->getBody();
  if (!Body)
    return false;
  CFG::BuildOptions BO;
  BO.setAllAlwaysAdd();
  BO.AddImplicitDtors = false;
  BO.AddTemporaryDtors = false;
  BO.AddInitializers = false;
  BO.PruneTriviallyFalseEdges = true;
  FU.Cfg = CFG::buildCFG(FD, Body, &Ctx, BO);
  if (!FU.Cfg)
    return false;
  G = FU.Cfg.get();
  N = G->getNumBlockIDs();
  ById.assign(N, nullptr);
  for (const CFGBlock *B : *G)
    ById[B->getBlockID()] = B;
  computePostDominators();
  Region.assign(N, llvm::BitVector());
  Assigned.assign(N, {});
  BranchLevel.assign(N, Uniformity::BlockUniform);
  BranchCond.assign(N, nullptr);

  // Map statements to blocks; record assigned locations once.
  for (const CFGBlock *B : *G) {
    for (const CFGElement &El : *B)
      if (auto CS = El.getAs<CFGStmt>())
        FU.StmtBlock.try_emplace(CS->getStmt(), B->getBlockID());
    if (const Stmt *T = B->getTerminatorStmt())
      FU.StmtBlock.try_emplace(T, B->getBlockID());
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
    Recording = true;
    for (const CFGBlock *B : *G) {
      State Scratch;
      transferBlock(B, Scratch);
    }
    Recording = false;
    FU.Values.clear();
  }

  for (unsigned Round = 0; Round < 16; ++Round) {
    FU.Values.clear();
    dataflow();
    bool Changed = false;
    for (unsigned Bi = 0; Bi < N; ++Bi) {
      if (!BranchCond[Bi])
        continue;
      UValue C = FU.Values.lookup(BranchCond[Bi]);
      if (C.U > BranchLevel[Bi]) {
        BranchLevel[Bi] = C.U;
        Changed = true;
      }
    }
    if (!Changed)
      break;
  }
  finish();
  return true;
}

void UniformityBuilder::finish() {
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
  // reached under divergent control.
  UValue Ret;
  for (const CFGBlock *B : *G)
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
  const State &ExitIn = In[G->getExit().getBlockID()];
  for (unsigned I = 0; I < FU.FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FU.FD->getParamDecl(I);
    if (!P->getType()->isReferenceType())
      continue;
    auto It = ExitIn.find({P, nullptr});
    if (It != ExitIn.end())
      FU.RefOut[I] = It->second;
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

std::optional<DivergentControl>
FunctionUniformity::divergentControl(const Stmt *S, Uniformity Required) const {
  auto It = StmtBlock.find(S);
  if (It == StmtBlock.end())
    return std::nullopt;
  int By = Required == Uniformity::ThreadVarying ? WarpDivergentBy[It->second]
                                                 : BlockDivergentBy[It->second];
  if (By < 0)
    return std::nullopt;
  DivergentControl DC = Branches[By];
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

Uniformity FunctionUniformity::controlUniformity(const Stmt *S) const {
  auto It = StmtBlock.find(S);
  if (It == StmtBlock.end())
    return Uniformity::BlockUniform;
  if (WarpDivergentBy[It->second] >= 0)
    return Uniformity::ThreadVarying;
  if (BlockDivergentBy[It->second] >= 0)
    return Uniformity::WarpUniform;
  return Uniformity::BlockUniform;
}

//===----------------------------------------------------------------------===//
// UniformityContext
//===----------------------------------------------------------------------===//

UniformityContext::UniformityContext(ASTContext &Ctx, UniformityOptions Opts)
    : Ctx(Ctx), Opts(Opts) {}
UniformityContext::~UniformityContext() = default;

UniformityContext &UniformityContext::forAST(ASTContext &Ctx) {
  return perASTContext<UniformityContext>(Ctx);
}

void UniformityContext::collectLaunches() {
  Unaligned.emplace();
  LaunchSiteCache &Launches = LaunchSiteCache::forAST(Ctx);
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *K = dyn_cast<CUDAKernelCallExpr>(S))
      if (const FunctionDecl *Kernel = K->getDirectCallee())
        // The block's x size as the launch analysis knows it (constants,
        // dim3(x, ...), locals through their reaching definitions).
        if (const std::optional<LaunchSite> &L = Launches.evaluate(K))
          if (L->Block.X && *L->Block.X % 32 != 0) {
            const FunctionDecl *T = Kernel;
            if (const FunctionDecl *P = T->getTemplateInstantiationPattern())
              T = P;
            Unaligned->insert(T->getCanonicalDecl());
            Unaligned->insert(Kernel->getCanonicalDecl());
          }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  std::function<void(const DeclContext *)> Visit = [&](const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
      if (isSystemDecl(Ctx, D))
        continue;
      if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D)) {
        for (const FunctionDecl *Spec : FTD->specializations())
          if (Spec->hasBody())
            Walk(Spec->getBody());
        D = FTD->getTemplatedDecl();
      }
      if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
        if (FD->doesThisDeclarationHaveABody())
          Walk(FD->getBody());
      } else if (const auto *Inner = dyn_cast<DeclContext>(D)) {
        if (isa<NamespaceDecl>(Inner) || isa<CXXRecordDecl>(Inner) ||
            isa<LinkageSpecDecl>(Inner))
          Visit(Inner);
      }
    }
  };
  Visit(Ctx.getTranslationUnitDecl());
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
      const Expr *Max = LB->getMaxThreads();
      Expr::EvalResult Res;
      if (Max && !Max->isValueDependent() && Max->EvaluateAsInt(Res, Ctx)) {
        int64_t V = Res.Val.getInt().getExtValue();
        if (V % 32 != 0)
          O.WarpAlignedBlockX = false;
      }
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

static void collectCalls(const Stmt *S,
                         llvm::SmallVectorImpl<const CallExpr *> &Out) {
  if (!S)
    return;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    Out.push_back(CE);
  for (const Stmt *C : S->children())
    collectCalls(C, Out);
}

bool UniformityContext::callsWmma(const FunctionDecl *FD) {
  if (!FD)
    return false;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return false;
  auto [It, New] = WmmaCache.try_emplace(Def, false);
  if (!New)
    return It->second;
  llvm::SmallVector<const CallExpr *, 32> Calls;
  collectCalls(Def->getBody(), Calls);
  bool Result = false;
  for (const CallExpr *CE : Calls) {
    const FunctionDecl *C = CE->getDirectCallee();
    if (isWmmaCollective(C) ||
        (C && isAnalysedCallee(C) && callsWmma(C))) {
      Result = true;
      break;
    }
  }
  WmmaCache[Def] = Result;
  return Result;
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
    return uint8_t((uint8_t)V.U | (V.Mult32 << 2) | (V.Aligned << 3));
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
  if (InProgress.count(Canon) || Depth > 16)
    return nullptr;
  InProgress[Canon] = 1;
  ++Depth;
  std::unique_ptr<FunctionUniformity> FU(new FunctionUniformity());
  FU->FD = Def;
  FU->Ctx = &Ctx;
  FU->Params = Ps;
  FU->Opts = Use;
  UniformityBuilder B(*this, *FU, Use, Captures);
  bool Ok = B.run();
  --Depth;
  InProgress.erase(Canon);
  if (!Ok)
    return nullptr;
  auto *Raw = FU.get();
  Cache[K] = std::move(FU);
  return Raw;
}

} // namespace cuda_lint
