//===- SystemBodies.cpp - Function bodies a side need not parse -----------===//
#include "analysis/SystemBodies.h"
#include "analysis/CudaIntrinsics.h"
#include "CudaCheck.h"
#include "analysis/PerASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <algorithm>
#include <cstdlib>

using namespace clang;

namespace cuda_lint {

namespace {

/// The toolkit headers (directly in `<cuda>/include/`) whose non-template
/// functions are leaves for the analyses: arithmetic, conversions, math,
/// atomics, shuffles and votes (themselves in the intrinsic table), WMMA
/// fragments (likewise), textures and surfaces, vector constructors, the
/// runtime API's declarations. Not here, so kept: device_atomic_functions.hpp
/// (its any() and all() wrap votes), sm_20_intrinsics.hpp, cooperative_groups.h and
/// cooperative_groups/ (their sync() is reached through helpers), the
/// pipeline and barrier headers, cuRAND's kernels, the CCCL libraries
/// (templates anyway), and every header this list does not name.
bool isLeafToolkitHeader(llvm::StringRef Base) {
  static const char *const Exact[] = {
      "cuda_fp16.hpp",          "cuda_bf16.hpp",          "cuda_fp8.hpp",
      "cuda_fp6.hpp",           "cuda_fp4.hpp",           "vector_functions.hpp",
      "cuda_device_runtime_api.h", "channel_descriptor.h", "cuda_runtime_api.h",
      "texture_fetch_functions.h", "texture_indirect_functions.h",
      "surface_functions.h",    "surface_indirect_functions.h",
  };
  for (const char *E : Exact)
    if (Base == E)
      return true;
  // sm_32_intrinsics.hpp, sm_60_atomic_functions.hpp, ...; not
  // sm_20_intrinsics.hpp, whose syncthreads_or() and ballot() wrap
  // collectives under names the table does not have.
  if (Base.starts_with("sm_") && Base != "sm_20_intrinsics.hpp" &&
      (Base.ends_with("_atomic_functions.hpp") || Base.ends_with("_intrinsics.hpp")))
    return true;
  return false;
}

/// Whether the file \p P exists, asked of the side's file system directly:
/// a FileManager look-up would make it one of the side's inputs (the result
/// cache and the shared preamble record those), though nothing reads it.
bool fileExists(llvm::vfs::FileSystem &FS, const llvm::Twine &P) {
  llvm::ErrorOr<llvm::vfs::Status> S = FS.status(P);
  return S && S->isRegularFile();
}

/// Whether \p Dir is the toolkit's include directory: it holds
/// cuda_runtime_api.h and cuda_fp16.h.
bool isToolkitIncludeDir(llvm::StringRef Dir, llvm::vfs::FileSystem &FS) {
  return fileExists(FS, Dir + "/cuda_runtime_api.h") && fileExists(FS, Dir + "/cuda_fp16.h");
}

/// Whether \p Dir is in the C++ standard library: under a `c++/<version>`
/// directory that holds libstdc++'s bits/c++config.h or bits/stl_algobase.h
/// (include/c++/12, include/x86_64-linux-gnu/c++/12) or libc++'s __config
/// (include/c++/v1). Host code; under clang's wrapper some of it is
/// host-device (the math functions), which calls no collective either. A
/// project that merely lives in a directory named c++ is not it.
bool isStandardLibraryDir(llvm::StringRef Dir, llvm::vfs::FileSystem &FS) {
  llvm::SmallString<256> Root;
  for (auto I = llvm::sys::path::begin(Dir), E = llvm::sys::path::end(Dir); I != E; ++I) {
    llvm::sys::path::append(Root, *I);
    if (*I != "c++" || std::next(I) == E)
      continue;
    llvm::SmallString<256> Version = Root;
    llvm::sys::path::append(Version, *std::next(I));
    for (const char *Marker : {"bits/c++config.h", "bits/stl_algobase.h", "__config"}) {
      llvm::SmallString<256> P = Version;
      llvm::sys::path::append(P, Marker);
      if (fileExists(FS, P))
        return true;
    }
  }
  return false;
}

/// Whether the header \p FID's non-template bodies are leaves (see
/// SystemBodyPolicy::canSkip).
bool isLeafHeader(FileID FID, const SourceManager &SM) {
  OptionalFileEntryRef F = SM.getFileEntryRefForID(FID);
  if (!F)
    return false;
  llvm::StringRef Name = F->getName();
  llvm::StringRef Base = llvm::sys::path::filename(Name);
  llvm::StringRef Dir = llvm::sys::path::parent_path(Name);
  // clang's CUDA wrapper headers, from its resource directory.
  if (Base.starts_with("__clang_cuda_"))
    return true;
  llvm::vfs::FileSystem &FS = SM.getFileManager().getVirtualFileSystem();
  if (isStandardLibraryDir(Dir, FS))
    return true;
  if (llvm::sys::path::filename(Dir) == "crt")
    return isToolkitIncludeDir(llvm::sys::path::parent_path(Dir), FS);
  return isLeafToolkitHeader(Base) && isToolkitIncludeDir(Dir, FS);
}

} // namespace

bool SystemBodyPolicy::canSkip(const FunctionDecl &FD) {
  // A template instantiation is not parsed (its body is instantiated from
  // the template's, which is kept); the audit asks about them too.
  if (FD.isTemplated() || FD.getTemplateInstantiationPattern() || isKernel(&FD))
    return false;
  // Whether a constructor or destructor is empty is read from its body:
  // clang's check of __device__/__shared__ initializers and
  // cuda-shared-initializer (a skipped body is not a trivial one).
  if (isa<CXXConstructorDecl, CXXDestructorDecl>(FD))
    return false;
  SourceLocation L = SM.getExpansionLoc(FD.getLocation());
  if (L.isInvalid() || !SM.isInSystemHeader(L))
    return false;
  // One answer per header: a unit defines thousands of functions in a few
  // hundred headers.
  FileID FID = SM.getFileID(L);
  auto [It, New] = LeafHeaders.try_emplace(FID, false);
  if (New)
    It->second = isLeafHeader(FID, SM);
  return It->second;
}

bool isDeviceOnlyFunction(const FunctionDecl &FD) {
  return FD.hasAttr<CUDAGlobalAttr>() ||
         (FD.hasAttr<CUDADeviceAttr>() && !FD.hasAttr<CUDAHostAttr>());
}

bool SystemBodyPolicy::canSkipDeviceBodyOnHost(const FunctionDecl &FD) {
  if (!isDeviceOnlyFunction(FD) || isa<CXXConstructorDecl, CXXDestructorDecl>(FD) ||
      FD.getParentFunctionOrMethod())
    return false;
  SourceLocation L = SM.getExpansionLoc(FD.getLocation());
  if (L.isInvalid())
    return false;
  // Up the include chain to the file no #include brought in: the main file,
  // or the predefines buffer whose -include lines are the forced includes.
  FileID FID = SM.getFileID(L);
  auto [It, New] = ForcedIncludes.try_emplace(FID, false);
  if (New) {
    FileID Top = FID;
    for (SourceLocation Inc = SM.getIncludeLoc(Top); Inc.isValid(); Inc = SM.getIncludeLoc(Top))
      Top = SM.getFileID(Inc);
    It->second = Top != SM.getMainFileID();
  }
  return !It->second;
}

namespace {
struct DeviceBodiesSkipped {
  explicit DeviceBodiesSkipped(ASTContext &) {}
  bool Any = false;
};
} // namespace

void recordDeviceBodySkipped(ASTContext &Ctx) { perASTContext<DeviceBodiesSkipped>(Ctx).Any = true; }

bool deviceBodiesSkipped(ASTContext &Ctx) { return perASTContext<DeviceBodiesSkipped>(Ctx).Any; }

bool systemBodySkipping() {
  static const bool On = !std::getenv("CUDA_LINT_NO_BODY_SKIPPING") &&
                         !std::getenv("CUDA_LINT_AUDIT_BODY_SKIPPING");
  return On;
}

bool deviceBodySkipping() {
  static const bool On = systemBodySkipping() && !std::getenv("CUDA_LINT_NO_DEVICE_BODY_SKIPPING");
  return On;
}

namespace {

/// Every defined function of a unit (template instantiations included) with
/// the functions its body calls or constructs with, and whether the body
/// launches a kernel.
class CallGraphBuilder : public RecursiveASTVisitor<CallGraphBuilder> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  struct Node {
    llvm::SmallVector<const FunctionDecl *, 8> Callees;
    /// A kernel launch, inline assembly that may be a barrier, or a
    /// reference to a __shared__ variable: what cuda-shared-race's function
    /// summaries read in a body, besides calls.
    bool LooksForThis = false;
  };
  llvm::DenseMap<const FunctionDecl *, Node> Graph;

  bool TraverseFunctionDecl(FunctionDecl *FD) { return enter(FD, [&] {
      return RecursiveASTVisitor::TraverseFunctionDecl(FD); }); }
  bool TraverseCXXMethodDecl(CXXMethodDecl *FD) { return enter(FD, [&] {
      return RecursiveASTVisitor::TraverseCXXMethodDecl(FD); }); }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *FD) { return enter(FD, [&] {
      return RecursiveASTVisitor::TraverseCXXConstructorDecl(FD); }); }
  bool TraverseCXXDestructorDecl(CXXDestructorDecl *FD) { return enter(FD, [&] {
      return RecursiveASTVisitor::TraverseCXXDestructorDecl(FD); }); }
  bool TraverseCXXConversionDecl(CXXConversionDecl *FD) { return enter(FD, [&] {
      return RecursiveASTVisitor::TraverseCXXConversionDecl(FD); }); }

  bool VisitCallExpr(CallExpr *CE) {
    if (!Current)
      return true;
    if (isa<CUDAKernelCallExpr>(CE))
      Graph[Current].LooksForThis = true;
    if (const FunctionDecl *C = CE->getDirectCallee())
      Graph[Current].Callees.push_back(C);
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *A) {
    // bar.sync, barrier.sync, bar.red, barrier.cta.sync, ...: any text
    // with "bar" counts (cuda-shared-race's asmBarrier reads fewer).
    if (Current && llvm::StringRef(A->getAsmString()).contains("bar"))
      Graph[Current].LooksForThis = true;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (Current && E->getDecl()->hasAttr<CUDASharedAttr>())
      Graph[Current].LooksForThis = true;
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (Current && E->getConstructor())
      Graph[Current].Callees.push_back(E->getConstructor());
    return true;
  }

private:
  template <typename Fn> bool enter(FunctionDecl *FD, Fn &&Traverse) {
    if (!FD->doesThisDeclarationHaveABody())
      return Traverse();
    const FunctionDecl *Outer = Current;
    Current = FD;
    Graph.try_emplace(FD);
    bool R = Traverse();
    Current = Outer;
    return R;
  }
  const FunctionDecl *Current = nullptr;
};

/// Whether an analysis looks for calls of \p FD inside the bodies of other
/// functions: the collectives (CollectiveDivergence's library walk,
/// UniformityContext::callsIntrinsic, cuda-shared-race's summaries), the
/// error queries (cuda-kernel-launch-unchecked's helpers), the
/// synchronizations and synchronous copies (cuda-managed-access-without-
/// sync's helpers): every function of the table but the atomics, clocks,
/// thread indices and group queries, which are read at their call sites in
/// the project's code only, and every runtime API function (`cuda*`).
bool isLookedForInBodies(const FunctionDecl *FD) {
  if (!FD)
    return false;
  if (const IntrinsicInfo *I = lookupIntrinsic(FD)) {
    switch (I->Kind) {
    case IntrinsicKind::Atomic:
    case IntrinsicKind::Clock:
    case IntrinsicKind::ThreadIndex:
    case IntrinsicKind::GroupQuery:
      break;
    default:
      return true;
    }
  }
  return FD->getIdentifier() && FD->getName().starts_with("cuda");
}

std::string describe(const FunctionDecl *FD, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(FD->getLocation()));
  std::string S = FD->getQualifiedNameAsString();
  if (P.isValid())
    S += " (" + llvm::sys::path::filename(P.getFilename()).str() + ":" +
         std::to_string(P.getLine()) + ")";
  return S;
}

} // namespace

BodySkipAudit auditBodySkipping(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CallGraphBuilder B;
  B.TraverseDecl(Ctx.getTranslationUnitDecl());

  // Reaches: the body calls a table function or launches a kernel, or calls
  // a function whose body reaches; table functions are where the analyses
  // stop. A fixpoint over the graph (recursion included).
  auto Definition = [](const FunctionDecl *F) -> const FunctionDecl * {
    const FunctionDecl *Def = nullptr;
    return F->hasBody(Def) ? Def : nullptr;
  };
  llvm::DenseSet<const FunctionDecl *> Reaches;
  for (const auto &[F, N] : B.Graph) {
    if (N.LooksForThis)
      Reaches.insert(F);
    for (const FunctionDecl *C : N.Callees)
      if (isLookedForInBodies(C))
        Reaches.insert(F);
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[F, N] : B.Graph) {
      if (Reaches.contains(F))
        continue;
      for (const FunctionDecl *C : N.Callees) {
        const FunctionDecl *Def = Definition(C);
        if (Def && !lookupIntrinsic(C) && Reaches.contains(Def)) {
          Reaches.insert(F);
          Changed = true;
          break;
        }
      }
    }
  }

  BodySkipAudit A;
  SystemBodyPolicy Policy(SM);
  for (const auto &[F, N] : B.Graph) {
    if (!Policy.canSkip(*F))
      continue;
    ++A.Skippable;
    if (Reaches.contains(F) && !isLookedForInBodies(F))
      A.Violations.push_back(describe(F, SM));
  }
  llvm::sort(A.Violations);
  return A;
}

} // namespace cuda_lint
