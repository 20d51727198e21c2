//===- PostDominators.cpp - Post-dominators that ignore paths to noreturn -===//
#include "analysis/PostDominators.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/GraphTraits.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/iterator.h"
#include "llvm/Support/GenericDomTree.h"
#include "llvm/Support/GenericDomTreeConstruction.h"
#include "llvm/Support/raw_ostream.h"

namespace cuda_lint {
namespace {

struct CompletingGraph;

/// One block of the view: its CFG block id and the edges kept.
struct CompletingNode {
  CompletingGraph *Parent = nullptr;
  unsigned Id = 0;
  llvm::SmallVector<CompletingNode *, 2> Succs, Preds;
  CompletingGraph *getParent() const { return Parent; }
  void printAsOperand(llvm::raw_ostream &OS, bool) const { OS << "B" << Id; }
};

/// The CFG without the edges into blocks that cannot complete.
struct CompletingGraph {
  std::vector<CompletingNode> Nodes;
  CompletingNode *Entry = nullptr;
  CompletingNode &front() { return *Entry; }
};

} // namespace
} // namespace cuda_lint

namespace llvm {
template <> struct GraphTraits<cuda_lint::CompletingNode *> {
  using NodeRef = cuda_lint::CompletingNode *;
  using ChildIteratorType = SmallVectorImpl<NodeRef>::iterator;
  static NodeRef getEntryNode(NodeRef N) { return N; }
  static ChildIteratorType child_begin(NodeRef N) { return N->Succs.begin(); }
  static ChildIteratorType child_end(NodeRef N) { return N->Succs.end(); }
};
template <> struct GraphTraits<Inverse<cuda_lint::CompletingNode *>> {
  using NodeRef = cuda_lint::CompletingNode *;
  using ChildIteratorType = SmallVectorImpl<NodeRef>::iterator;
  static NodeRef getEntryNode(Inverse<NodeRef> N) { return N.Graph; }
  static ChildIteratorType child_begin(NodeRef N) { return N->Preds.begin(); }
  static ChildIteratorType child_end(NodeRef N) { return N->Preds.end(); }
};
template <>
struct GraphTraits<cuda_lint::CompletingGraph *>
    : GraphTraits<cuda_lint::CompletingNode *> {
  using nodes_iterator =
      pointer_iterator<std::vector<cuda_lint::CompletingNode>::iterator>;
  static NodeRef getEntryNode(cuda_lint::CompletingGraph *G) {
    return G->Entry;
  }
  static nodes_iterator nodes_begin(cuda_lint::CompletingGraph *G) {
    return nodes_iterator(G->Nodes.begin());
  }
  static nodes_iterator nodes_end(cuda_lint::CompletingGraph *G) {
    return nodes_iterator(G->Nodes.end());
  }
  static unsigned size(cuda_lint::CompletingGraph *G) {
    return G->Nodes.size();
  }
};
} // namespace llvm

namespace cuda_lint {

CompletingPostDomTree::CompletingPostDomTree(const clang::CFG &G) {
  unsigned N = G.getNumBlockIDs();
  IPDom.assign(N, -1);
  // The blocks that can complete: reached backwards from the exit through
  // blocks without a noreturn call.
  Doomed.resize(N, true);
  const clang::CFGBlock &Exit = G.getExit();
  llvm::SmallVector<const clang::CFGBlock *, 32> Work{&Exit};
  Doomed.reset(Exit.getBlockID());
  while (!Work.empty()) {
    const clang::CFGBlock *B = Work.pop_back_val();
    for (const clang::CFGBlock *P : B->preds())
      if (P && Doomed.test(P->getBlockID()) && !P->hasNoReturnElement()) {
        Doomed.reset(P->getBlockID());
        Work.push_back(P);
      }
  }

  CompletingGraph View;
  View.Nodes.resize(N);
  for (unsigned I = 0; I < N; ++I) {
    View.Nodes[I].Parent = &View;
    View.Nodes[I].Id = I;
  }
  View.Entry = &View.Nodes[G.getEntry().getBlockID()];
  for (const clang::CFGBlock *B : G) {
    unsigned Id = B->getBlockID();
    if (Doomed.test(Id))
      continue;
    for (const clang::CFGBlock *S : B->succs())
      if (S && !Doomed.test(S->getBlockID())) {
        View.Nodes[Id].Succs.push_back(&View.Nodes[S->getBlockID()]);
        View.Nodes[S->getBlockID()].Preds.push_back(&View.Nodes[Id]);
      }
  }
  llvm::DominatorTreeBase<CompletingNode, /*IsPostDom=*/true> Tree;
  Tree.recalculate(View);
  for (unsigned I = 0; I < N; ++I) {
    if (Doomed.test(I))
      continue;
    const auto *Node = Tree.getNode(&View.Nodes[I]);
    if (!Node || !Node->getIDom())
      continue;
    const CompletingNode *P = Node->getIDom()->getBlock();
    if (P) // null: the virtual root above the exit
      IPDom[I] = P->Id;
  }
}

CompletingPostDomTree::~CompletingPostDomTree() = default;

} // namespace cuda_lint
