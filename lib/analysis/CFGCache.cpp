//===- CFGCache.cpp - One CFG per function, shared by the analyses --------===//
#include "analysis/CFGCache.h"
#include "analysis/PerASTContext.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <functional>

using namespace clang;

namespace cuda_lint {

struct CFGCache::Entry {
  std::unique_ptr<CFG> Graph;
  /// elementOf's index, built on its first call.
  std::optional<llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>>> Elements;
  /// blockIndex(), built on its first call.
  std::optional<StmtBlockIndex> Blocks;
  std::unique_ptr<PostOrderCFGView> PostOrder;
};

CFGCache::CFGCache(ASTContext &Ctx) : Ctx(Ctx) {}
CFGCache::~CFGCache() = default;

CFGCache &CFGCache::forAST(ASTContext &Ctx) {
  return perASTContext<CFGCache>(Ctx);
}

CFG::BuildOptions CFGCache::buildOptions() {
  CFG::BuildOptions BO;
  BO.setAllAlwaysAdd();
  BO.AddImplicitDtors = false;
  BO.AddTemporaryDtors = false;
  BO.AddInitializers = false;
  BO.PruneTriviallyFalseEdges = true;
  return BO;
}

CFGCache::Entry *CFGCache::entryFor(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return nullptr;
  auto It = Entries.find(Def);
  if (It != Entries.end())
    return It->second.get();
  auto E = std::make_unique<Entry>();
  E->Graph = CFG::buildCFG(Def, Def->getBody(), &Ctx, buildOptions());
  ++Built;
  Entry *Raw = E.get();
  Entries[Def] = std::move(E);
  return Raw;
}

const CFG *CFGCache::cfgFor(const FunctionDecl *FD) {
  Entry *E = entryFor(FD);
  return E ? E->Graph.get() : nullptr;
}

std::optional<std::pair<const CFGBlock *, unsigned>>
CFGCache::elementOf(const FunctionDecl *FD, const Stmt *S) {
  Entry *E = entryFor(FD);
  if (!E || !E->Graph)
    return std::nullopt;
  if (!E->Elements) {
    E->Elements.emplace();
    for (const CFGBlock *B : *E->Graph)
      for (unsigned I = 0; I < B->size(); ++I)
        if (auto CS = (*B)[I].getAs<CFGStmt>())
          E->Elements->try_emplace(CS->getStmt(), B, I);
  }
  auto It = E->Elements->find(S);
  if (It == E->Elements->end())
    return std::nullopt;
  return It->second;
}

std::optional<unsigned> StmtBlockIndex::blockOf(const Stmt *S) const {
  auto It = llvm::lower_bound(Sorted, S, [](const auto &E, const Stmt *X) {
    return std::less<const Stmt *>()(E.first, X);
  });
  if (It == Sorted.end() || It->first != S)
    return std::nullopt;
  return It->second;
}

const StmtBlockIndex *CFGCache::blockIndex(const FunctionDecl *FD) {
  Entry *E = entryFor(FD);
  if (!E || !E->Graph)
    return nullptr;
  if (!E->Blocks) {
    std::vector<std::pair<const Stmt *, unsigned>> All;
    for (const CFGBlock *B : *E->Graph) {
      for (const CFGElement &El : *B)
        if (auto CS = El.getAs<CFGStmt>())
          All.push_back({CS->getStmt(), B->getBlockID()});
      if (const Stmt *T = B->getTerminatorStmt())
        All.push_back({T, B->getBlockID()});
    }
    // By statement, the first occurrence of each kept.
    llvm::stable_sort(All, [](const auto &A, const auto &B) {
      return std::less<const Stmt *>()(A.first, B.first);
    });
    All.erase(std::unique(All.begin(), All.end(),
                          [](const auto &A, const auto &B) { return A.first == B.first; }),
              All.end());
    All.shrink_to_fit();
    E->Blocks.emplace();
    E->Blocks->Sorted = std::move(All);
  }
  return &*E->Blocks;
}

PostOrderCFGView *CFGCache::postOrder(const FunctionDecl *FD) {
  Entry *E = entryFor(FD);
  if (!E || !E->Graph)
    return nullptr;
  if (!E->PostOrder)
    E->PostOrder = std::make_unique<PostOrderCFGView>(E->Graph.get());
  return E->PostOrder.get();
}

} // namespace cuda_lint
