//===- CudaIntrinsics.cpp - The table of CUDA intrinsics and APIs ---------===//
#include "analysis/CudaIntrinsics.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <bitset>

using namespace clang;

namespace cuda_lint {
namespace {

llvm::StringRef stripStar(llvm::StringRef N) {
  return N.ends_with("*") ? N.drop_back() : N;
}

const IntrinsicInfo Table[] = {
#define CUDA_INTRINSIC(Name, NS, Kind, Mask, Lane, Value, Width, Result)       \
  {stripStar(Name),                                                            \
   NS,                                                                         \
   llvm::StringRef(Name).ends_with("*"),                                       \
   IntrinsicKind::Kind,                                                        \
   Mask,                                                                       \
   Lane,                                                                       \
   Value,                                                                      \
   Width,                                                                      \
   ResultUniformity::Result},
#include "analysis/CudaIntrinsics.def"
};

/// The first two characters of \p Name as an index into Index::Leading.
unsigned leadingPair(llvm::StringRef Name) {
  return (unsigned(uint8_t(Name[0])) << 8) | uint8_t(Name[1]);
}

/// The table indexed: exact names, the prefixes in table order, and the
/// first two characters of every name and prefix (a function whose name
/// starts otherwise, most of a unit's calls, is rejected before any look-up).
struct Index {
  llvm::StringMap<llvm::SmallVector<const IntrinsicInfo *, 2>> Exact;
  llvm::SmallVector<const IntrinsicInfo *, 16> Prefixes;
  std::bitset<1 << 16> Leading;
  bool AnyShort = false; ///< a name or prefix of one character: no filter
  Index() {
    for (const IntrinsicInfo &I : Table) {
      if (I.IsPrefix)
        Prefixes.push_back(&I);
      else
        Exact[I.Name].push_back(&I);
      if (I.Name.size() < 2)
        AnyShort = true;
      else
        Leading.set(leadingPair(I.Name));
    }
  }
  /// Whether some entry can be named \p Name (the runtime API's `_ptsz` /
  /// `_ptds` variants keep their entry's first characters).
  bool mayName(llvm::StringRef Name) const {
    return AnyShort || (Name.size() >= 2 && Leading.test(leadingPair(Name)));
  }
};

const Index &index() {
  static const Index I;
  return I;
}

/// Whether every component of \p Required ("nvcuda::wmma") is among
/// \p Enclosing (the names of the enclosing namespaces, any order).
bool namespacesMatch(llvm::StringRef Required,
                     llvm::ArrayRef<llvm::StringRef> Enclosing) {
  if (Required.empty())
    return true;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Required.split(Parts, "::");
  return llvm::all_of(Parts, [&](llvm::StringRef P) {
    return llvm::is_contained(Enclosing, P);
  });
}

/// The first entry for \p Name whose namespace \p Enclosing satisfies.
const IntrinsicInfo *find(llvm::StringRef Name,
                          llvm::ArrayRef<llvm::StringRef> Enclosing,
                          bool HostOnly) {
  const Index &Idx = index();
  auto Accept = [&](const IntrinsicInfo *I) {
    return (!HostOnly || I->isHostApi()) &&
           namespacesMatch(I->Namespace, Enclosing);
  };
  auto It = Idx.Exact.find(Name);
  if (It != Idx.Exact.end())
    for (const IntrinsicInfo *I : It->second)
      if (Accept(I))
        return I;
  for (const IntrinsicInfo *I : Idx.Prefixes)
    if (Name.starts_with(I->Name) && Accept(I))
      return I;
  return nullptr;
}

const IntrinsicInfo *findWithSuffixes(llvm::StringRef Name,
                                      llvm::ArrayRef<llvm::StringRef> NS) {
  if (const IntrinsicInfo *I = find(Name, NS, /*HostOnly=*/false))
    return I;
  // Per-thread default stream variants of the runtime API.
  if (Name.consume_back("_ptsz") || Name.consume_back("_ptds"))
    return find(Name, NS, /*HostOnly=*/true);
  return nullptr;
}

} // namespace

const IntrinsicInfo *lookupIntrinsic(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() || !index().mayName(FD->getName()))
    return nullptr;
  llvm::SmallVector<llvm::StringRef, 4> NS;
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *N = dyn_cast<NamespaceDecl>(DC))
      if (N->getIdentifier())
        NS.push_back(N->getName());
  return findWithSuffixes(FD->getName(), NS);
}

const IntrinsicInfo *lookupIntrinsic(const CallExpr *CE) {
  return CE ? lookupIntrinsic(CE->getDirectCallee()) : nullptr;
}

const IntrinsicInfo *lookupIntrinsic(llvm::StringRef QualifiedName) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  QualifiedName.consume_front("::");
  QualifiedName.split(Parts, "::");
  if (Parts.empty() || Parts.back().empty())
    return nullptr;
  llvm::StringRef Name = Parts.pop_back_val();
  return findWithSuffixes(Name, Parts);
}

bool isIntrinsicOfKind(const FunctionDecl *FD,
                       std::initializer_list<IntrinsicKind> Kinds) {
  const IntrinsicInfo *I = lookupIntrinsic(FD);
  return I && llvm::is_contained(Kinds, I->Kind);
}

llvm::StringRef toString(IntrinsicKind K) {
  switch (K) {
  case IntrinsicKind::BlockBarrier:
    return "block barrier";
  case IntrinsicKind::WarpBarrier:
    return "warp barrier";
  case IntrinsicKind::GroupBarrier:
    return "group barrier";
  case IntrinsicKind::WarpCollective:
    return "warp collective";
  case IntrinsicKind::Vote:
    return "vote";
  case IntrinsicKind::Shuffle:
    return "shuffle";
  case IntrinsicKind::WmmaCollective:
    return "WMMA collective";
  case IntrinsicKind::Atomic:
    return "atomic";
  case IntrinsicKind::Clock:
    return "clock";
  case IntrinsicKind::ThreadIndex:
    return "thread index";
  case IntrinsicKind::GroupQuery:
    return "group query";
  case IntrinsicKind::LaunchApi:
    return "launch API";
  case IntrinsicKind::FuncAttributeApi:
    return "function attribute API";
  case IntrinsicKind::SymbolApi:
    return "symbol API";
  case IntrinsicKind::SyncApi:
    return "synchronization API";
  case IntrinsicKind::ErrorQuery:
    return "error query";
  }
  return "";
}

} // namespace cuda_lint
