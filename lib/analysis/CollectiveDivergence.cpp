//===- CollectiveDivergence.cpp - Collectives under divergent control -----===//
#include "analysis/CollectiveDivergence.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
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
    RequiredLevel Level)
    : UC(UC), Level(Level) {
  for (IntrinsicKind K : Ks)
    Kinds |= 1u << unsigned(K);
}

const IntrinsicInfo *
CollectiveDivergence::collective(const FunctionDecl *FD) const {
  const IntrinsicInfo *I = lookupIntrinsic(FD);
  return I && (Kinds & (1u << unsigned(I->Kind))) ? I : nullptr;
}

bool CollectiveDivergence::callsCollective(const FunctionDecl *FD) {
  return UC.callsIntrinsic(FD, Kinds);
}

/// Every call in \p S, in source order, not looking into lambdas' bodies
/// when \p SkipLambdas.
static void collectCalls(const Stmt *S, bool SkipLambdas,
                         llvm::SmallVectorImpl<const CallExpr *> &Out) {
  if (!S || (SkipLambdas && isa<LambdaExpr>(S)))
    return;
  if (const auto *CE = dyn_cast<CallExpr>(S))
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
    UC.noteLimit(UniformityLimit::HelperDepth);
    return nullptr;
  }
  llvm::SmallVector<const CallExpr *, 32> Calls;
  collectCalls(Def->getBody(), /*SkipLambdas=*/false, Calls);
  for (const CallExpr *CE : Calls)
    if (collective(CE->getDirectCallee()))
      return CE;
  for (const CallExpr *CE : Calls) {
    const FunctionDecl *C = CE->getDirectCallee();
    if (C && UC.isAnalysedCallee(C) && callsCollective(C)) {
      Path.push_back({CE, C});
      if (const CallExpr *W = firstCollective(C, Path, Depth + 1))
        return W;
      Path.pop_back();
    }
  }
  return nullptr;
}

void CollectiveDivergence::add(const CallExpr *Call,
                               const FunctionUniformity &Where,
                               const Stmt *Reached,
                               const std::vector<HelperCall> &Chain,
                               std::vector<HelperCall> Inner,
                               std::vector<DivergentCollective> &Out) {
  auto DC = Where.divergentControl(Reached, divergence());
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
    UC.noteLimit(UniformityLimit::HelperDepth);
    return;
  }
  llvm::SmallVector<const CallExpr *, 32> Calls;
  collectCalls(FU.function()->getBody(), /*SkipLambdas=*/true, Calls);
  for (const CallExpr *CE : Calls) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      continue;
    if (collective(Callee)) {
      add(CE, FU, CE, Chain, {}, Out);
      continue;
    }
    if (!UC.isAnalysedCallee(Callee) || !callsCollective(Callee))
      continue;
    if (FU.divergentControl(CE, divergence())) {
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
    llvm::SmallVector<const CallExpr *, 32> Calls;
    collectCalls(FD->getBody(), /*SkipLambdas=*/false, Calls);
    for (const CallExpr *CE : Calls)
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
