//===- CFGCache.cpp - One CFG per function, shared by the analyses --------===//
#include "analysis/CFGCache.h"
#include "analysis/PerASTContext.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"

using namespace clang;

namespace cuda_lint {

struct CFGCache::Entry {
  std::unique_ptr<CFG> Graph;
  llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>> Elements;
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
  if (E->Graph)
    for (const CFGBlock *B : *E->Graph)
      for (unsigned I = 0; I < B->size(); ++I)
        if (auto CS = (*B)[I].getAs<CFGStmt>())
          E->Elements.try_emplace(CS->getStmt(), B, I);
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
  if (!E)
    return std::nullopt;
  auto It = E->Elements.find(S);
  if (It == E->Elements.end())
    return std::nullopt;
  return It->second;
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
