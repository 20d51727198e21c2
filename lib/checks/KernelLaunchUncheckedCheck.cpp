#include "checks/KernelLaunchUncheckedCheck.h"
#include "analysis/LaunchSite.h"
#include "analysis/CudaIntrinsics.h"
#include "clang/AST/ExprCXX.h"
#include "analysis/BodyParents.h"
#include "analysis/CallIndex.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {
constexpr unsigned MaxHelperDepth = 3;
/// Levels of callers followed above the launching function.
constexpr unsigned MaxCallerDepth = 4;

llvm::StringRef calleeName(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return "";
  llvm::StringRef N = FD->getName();
  if (!N.consume_back("_ptsz"))
    N.consume_back("_ptds");
  return N;
}

/// Whether the value of \p E is used (not an expression statement, not cast
/// to void).
bool resultUsed(const Expr *E, ASTContext &Ctx) {
  const BodyParents &Parents = BodyParents::forAST(Ctx);
  const Stmt *Child = E;
  for (unsigned Steps = 0; Steps < 16; ++Steps) {
    StmtParent P = Parents.parent(Child);
    if (!P)
      return false;
    if (P.InitOf)
      return true;
    const Stmt *S = P.S;
    if (isa<ParenExpr>(S) || isa<ImplicitCastExpr>(S) || isa<ExprWithCleanups>(S) ||
        isa<CXXBindTemporaryExpr>(S) || isa<MaterializeTemporaryExpr>(S) ||
        isa<ConstantExpr>(S)) {
      Child = S;
      continue;
    }
    if (const auto *C = dyn_cast<ExplicitCastExpr>(S))
      return !C->getType()->isVoidType();
    if (isa<Expr>(S) || isa<ReturnStmt>(S))
      return true;
    if (const auto *If = dyn_cast<IfStmt>(S))
      return If->getCond() == Child;
    if (const auto *W = dyn_cast<WhileStmt>(S))
      return W->getCond() == Child;
    if (const auto *D = dyn_cast<DoStmt>(S))
      return D->getCond() == Child;
    if (const auto *F = dyn_cast<ForStmt>(S))
      return F->getCond() == Child;
    if (const auto *Sw = dyn_cast<SwitchStmt>(S))
      return Sw->getCond() == Child;
    return false;
  }
  return false;
}

/// \p F's template instantiation pattern (clang's, the definition it was
/// instantiated from at any depth), or \p F itself, as a canonical
/// declaration: the key under which the specializations of one template
/// share their calls, callers and launches.
const FunctionDecl *patternKey(const FunctionDecl *F) {
  const FunctionDecl *P = F->getTemplateInstantiationPattern();
  return (P ? P : F)->getCanonicalDecl();
}

bool isLaunch(const Stmt *S) {
  if (isa<CUDAKernelCallExpr>(S))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    return launchApiKind(CE).has_value();
  return false;
}

template <typename Fn> void forEachStmt(const Stmt *S, Fn &&F) {
  if (!S)
    return;
  F(S);
  if (isa<LambdaExpr>(S))
    return; // a lambda's body runs when it is called, not here
  for (const Stmt *C : S->children())
    forEachStmt(C, F);
}
} // namespace

KernelLaunchUncheckedCheck::KernelLaunchUncheckedCheck(llvm::StringRef Name,
                                                       tidy::ClangTidyContext *Context)
    : CudaCheck(Name, Context),
      CheckFunctionsOption(Options.get("CheckFunctions", "")),
      CheckFunctions(parseListOption(CheckFunctionsOption)) {}

void KernelLaunchUncheckedCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "CheckFunctions", CheckFunctionsOption);
}

bool KernelLaunchUncheckedCheck::isConfiguredCheck(const CallExpr *CE) const {
  if (CheckFunctions.empty())
    return false;
  auto Named = [&](llvm::StringRef N) {
    return llvm::is_contained(CheckFunctions, N) ||
           (N.consume_front("::") && llvm::is_contained(CheckFunctions, N));
  };
  if (const FunctionDecl *FD = CE->getDirectCallee()) {
    if (FD->getIdentifier() && Named(FD->getName()))
      return true;
    if (Named(FD->getQualifiedNameAsString()))
      return true;
  }
  // A macro of the list anywhere in the expansion chain of the call: the
  // macro's body may call a function defined in another translation unit.
  return inMacroExpansion(*SM, Ctx->getLangOpts(), CE->getBeginLoc(),
                          [&](llvm::StringRef Macro) { return !Macro.empty() && Named(Macro); });
}

void KernelLaunchUncheckedCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      functionDecl(isDefinition(), hasBody(stmt())).bind("fn"), this);
}

bool KernelLaunchUncheckedCheck::bodyChecks(const FunctionDecl *FD, ASTContext &Ctx,
                                            unsigned Depth) {
  if (!FD)
    return false;
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->getBody())
    return false;
  auto It = ChecksMemo.find(Def);
  if (It != ChecksMemo.end())
    return It->second;
  ChecksMemo[Def] = false; // recursion guard
  bool Found = false;
  forEachStmt(Def->getBody(), [&](const Stmt *S) {
    if (!Found)
      if (const auto *CE = dyn_cast<CallExpr>(S))
        Found = isCheck(CE, Ctx, Depth + 1);
  });
  ChecksMemo[Def] = Found;
  return Found;
}

bool KernelLaunchUncheckedCheck::isCheck(const CallExpr *CE, ASTContext &Ctx,
                                         unsigned Depth) {
  llvm::StringRef N = calleeName(CE);
  const IntrinsicInfo *Intrinsic = lookupIntrinsic(CE);
  if (Intrinsic && Intrinsic->Kind == IntrinsicKind::ErrorQuery)
    return resultUsed(CE, Ctx);
  // A checked synchronization does not count: on an H200 a checked
  // cudaDeviceSynchronize returned cudaSuccess after a launch that failed for
  // its configuration (configuration errors are reported by the last-error
  // query only; runtime-check/cuda-kernel-launch-unchecked).
  if (isConfiguredCheck(CE))
    return true;
  if (N.starts_with("cuda") || isa<CUDAKernelCallExpr>(CE) || Depth > MaxHelperDepth)
    return false;
  // A helper such as the samples' __getLastCudaError(msg, file, line).
  return bodyChecks(CE->getDirectCallee(), Ctx, Depth);
}

llvm::ArrayRef<const CallExpr *>
KernelLaunchUncheckedCheck::callsOutsideLambdas(const Stmt *Body) {
  auto [It, New] = BodyCalls.try_emplace(Body);
  if (New) {
    std::vector<const CallExpr *> &Calls = It->second;
    forEachStmt(Body, [&](const Stmt *S) {
      if (const auto *CE = dyn_cast<CallExpr>(S))
        Calls.push_back(CE);
    });
  }
  return It->second;
}

bool KernelLaunchUncheckedCheck::isCheckAtDepthZero(const CallExpr *CE, ASTContext &Ctx) {
  if (auto It = CheckAtDepthZero.find(CE); It != CheckAtDepthZero.end())
    return It->second;
  bool Result = isCheck(CE, Ctx, 0);
  CheckAtDepthZero[CE] = Result;
  return Result;
}

bool KernelLaunchUncheckedCheck::checkedAfter(const Stmt *Body, SourceLocation After,
                                              ASTContext &Ctx) {
  for (const CallExpr *CE : callsOutsideLambdas(Body))
    if (SM->isBeforeInTranslationUnit(After, CE->getBeginLoc()) && isCheckAtDepthZero(CE, Ctx))
      return true;
  return false;
}

void KernelLaunchUncheckedCheck::collectCalls(ASTContext &Ctx) {
  CallsByCallee.emplace();
  AddressTaken.clear();
  // The translation unit's calls and function references, indexed once for
  // every analysis that asks (CallIndex).
  const CallIndex &Calls = CallIndex::forAST(Ctx);
  for (const auto &[Callee, CallsOf] : Calls.callees())
    for (const CallExpr *CE : CallsOf)
      if (!SM->isInSystemHeader(SM->getExpansionLoc(CE->getBeginLoc())))
        (*CallsByCallee)[patternKey(Callee)].push_back(CE);
  // A function named other than as a callee (a pointer to it stored, passed,
  // returned) is called from places this analysis cannot see.
  for (const DeclRefExpr *DRE : Calls.nonCallReferences())
    AddressTaken.insert(patternKey(cast<FunctionDecl>(DRE->getDecl())));
}

bool KernelLaunchUncheckedCheck::callersMayCheck(
    const FunctionDecl *FD, ASTContext &Ctx, unsigned Depth,
    llvm::SmallPtrSetImpl<const FunctionDecl *> &Visited) {
  // Beyond this depth the chain is not followed: assume it may check (no
  // report rather than a guess).
  if (Depth > MaxCallerDepth)
    return true;
  // In a caller only cudaGetLastError / cudaPeekAtLastError count: H200
  // (runtime-check) showed a checked cudaDeviceSynchronize in the caller
  // returning cudaSuccess after a launch that failed for its configuration.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->getParent()->isLambda()) {
    // A lambda's callers are its enclosing function (the closure class's
    // context, also for the instantiations of a generic lambda, whose bodies
    // have no LambdaExpr parent), from the end of the lambda on.
    const auto *Outer = dyn_cast<FunctionDecl>(MD->getParent()->getDeclContext());
    const Stmt *Body = FD->getBody();
    return Outer && Outer->getBody() && Body &&
           (checkedAfter(Outer->getBody(), Body->getEndLoc(), Ctx) ||
            callersMayCheck(Outer, Ctx, Depth + 1, Visited));
  }
  if (!CallsByCallee)
    collectCalls(Ctx);
  const FunctionDecl *Key = patternKey(FD);
  if (!Visited.insert(Key).second)
    return false; // recursion: this chain adds nothing
  if (AddressTaken.count(Key))
    return true;
  auto It = CallsByCallee->find(Key);
  if (It == CallsByCallee->end() || It->second.empty())
    // No call in this translation unit: one with external linkage is called
    // from other files, whose callers may check (the CUDA samples' reduce()
    // is called by reduction.cpp, which then calls getLastCudaError; ggml's
    // ggml_cuda_op_* by ggml-cuda.cu, which calls cudaGetLastError after each).
    return !FD->isMain() && FD->isExternallyVisible();
  for (const CallExpr *CE : It->second) {
    if (resultUsed(CE, Ctx) && FD->getReturnType()->isIntegralOrEnumerationType())
      return true; // the caller receives a status it may check
    const FunctionDecl *Outer = enclosingFunction(CE, Ctx);
    if (!Outer || !Outer->getBody())
      continue;
    if (checkedAfter(Outer->getBody(), CE->getEndLoc(), Ctx) ||
        callersMayCheck(Outer, Ctx, Depth + 1, Visited))
      return true;
  }
  return false;
}

bool KernelLaunchUncheckedCheck::mayLaunch(const FunctionDecl *FD, ASTContext &Ctx) {
  if (!LaunchingFunctions) {
    LaunchingFunctions.emplace();
    const CallIndex &Calls = CallIndex::forAST(Ctx);
    const BodyParents &Parents = BodyParents::forAST(Ctx);
    auto Add = [&](const CallExpr *CE) {
      if (const FunctionDecl *Outer = Parents.enclosingFunction(CE))
        LaunchingFunctions->insert(patternKey(Outer));
    };
    // A launch function's calls (the callee decides: launchApiKind).
    for (const auto &[Callee, CallsOf] : Calls.callees())
      if (!CallsOf.empty() && launchApiKind(CallsOf.front()))
        llvm::for_each(CallsOf, Add);
    llvm::for_each(Calls.launches(), Add);
    llvm::for_each(Calls.indirectLaunches(), Add);
  }
  return LaunchingFunctions->count(patternKey(FD));
}

void KernelLaunchUncheckedCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD || FD->isDependentContext() ||
      SM->isInSystemHeader(SM->getExpansionLoc(FD->getLocation())) || !mayLaunch(FD, Ctx))
    return;
  const Stmt *Body = FD->getBody();

  // Launches whose errors need a later check, in source order.
  std::vector<const Expr *> Launches;
  forEachStmt(Body, [&](const Stmt *S) {
    if (!isLaunch(S))
      return;
    const auto *E = cast<Expr>(S);
    if (!isa<CUDAKernelCallExpr>(E) && resultUsed(E, Ctx))
      return; // cudaLaunchKernel's own result is checked
    Launches.push_back(E);
  });
  if (Launches.empty())
    return;
  std::sort(Launches.begin(), Launches.end(), [&](const Expr *A, const Expr *B) {
    return SM->isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  // The first launch after which nothing checks; every later one is then
  // unchecked too.
  const Expr *First = nullptr;
  unsigned Unchecked = 0;
  for (const Expr *L : Launches)
    if (!checkedAfter(Body, L->getEndLoc(), Ctx)) {
      if (!First)
        First = L;
      ++Unchecked;
    }
  if (!First)
    return;

  // A caller may check: after a call of this function, or after the lambda
  // expression in the enclosing function, at any level of the call chain.
  llvm::SmallPtrSet<const FunctionDecl *, 8> Visited;
  if (callersMayCheck(FD, Ctx, 0, Visited))
    return;

  std::string Kernel = "kernel";
  LaunchSiteEvaluator Eval(Ctx);
  if (auto L = Eval.evaluate(First); L && L->Kernel)
    Kernel = L->Kernel->getNameAsString();
  // Where the launch is: "'f'", or "the lambda in 'f'" for a lambda's body.
  std::string Where = "'" + FD->getNameAsString() + "'";
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->getParent()->isLambda()) {
    Where = "the lambda";
    if (const auto *Outer = dyn_cast<FunctionDecl>(MD->getParent()->getDeclContext()))
      if (!(isa<CXXMethodDecl>(Outer) && cast<CXXMethodDecl>(Outer)->getParent()->isLambda()))
        Where += " in '" + Outer->getNameAsString() + "'";
  }
  if (Unchecked > 1)
    report(First->getBeginLoc(),
           "launch of '%0' is not checked for errors: nothing after it in %1 calls "
           "cudaGetLastError() (%2 launches unchecked)")
        << Kernel << Where << std::to_string(Unchecked);
  else
    report(First->getBeginLoc(),
           "launch of '%0' is not checked for errors: nothing after it in %1 calls "
           "cudaGetLastError()")
        << Kernel << Where;
}

CUDA_LINT_DEFINE_CHECK_FACTORY(KernelLaunchUncheckedCheck)

} // namespace cuda_lint
