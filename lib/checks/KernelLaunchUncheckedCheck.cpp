#include "checks/KernelLaunchUncheckedCheck.h"
#include "analysis/LaunchSite.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {
constexpr unsigned MaxHelperDepth = 3;

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
  DynTypedNode N = DynTypedNode::create(*E);
  for (unsigned Steps = 0; Steps < 16; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return false;
    const DynTypedNode &P = Parents[0];
    if (P.get<VarDecl>())
      return true;
    const Stmt *S = P.get<Stmt>();
    if (!S)
      return false;
    if (isa<ParenExpr>(S) || isa<ImplicitCastExpr>(S) || isa<ExprWithCleanups>(S) ||
        isa<CXXBindTemporaryExpr>(S) || isa<MaterializeTemporaryExpr>(S) ||
        isa<ConstantExpr>(S)) {
      N = P;
      continue;
    }
    if (const auto *C = dyn_cast<ExplicitCastExpr>(S))
      return !C->getType()->isVoidType();
    if (isa<Expr>(S) || isa<ReturnStmt>(S))
      return true;
    const Stmt *Child = N.get<Stmt>();
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

void KernelLaunchUncheckedCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      traverse(TK_AsIs, functionDecl(isDefinition(), hasBody(stmt())).bind("fn")), this);
}

bool KernelLaunchUncheckedCheck::bodyChecks(const FunctionDecl *FD, ASTContext &Ctx,
                                            unsigned Depth, bool AllowSync) {
  if (!FD)
    return false;
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->getBody())
    return false;
  auto &Memo = ChecksMemo[AllowSync];
  auto It = Memo.find(Def);
  if (It != Memo.end())
    return It->second;
  Memo[Def] = false; // recursion guard
  bool Found = false;
  forEachStmt(Def->getBody(), [&](const Stmt *S) {
    if (!Found)
      if (const auto *CE = dyn_cast<CallExpr>(S))
        Found = isCheck(CE, Ctx, Depth + 1, AllowSync);
  });
  ChecksMemo[AllowSync][Def] = Found;
  return Found;
}

bool KernelLaunchUncheckedCheck::isCheck(const CallExpr *CE, ASTContext &Ctx,
                                         unsigned Depth, bool AllowSync) {
  llvm::StringRef N = calleeName(CE);
  if (N == "cudaGetLastError" || N == "cudaPeekAtLastError")
    return resultUsed(CE, Ctx);
  if (N == "cudaDeviceSynchronize" || N == "cudaStreamSynchronize" ||
      N == "cudaEventSynchronize" || N == "cudaThreadSynchronize")
    return AllowSync && resultUsed(CE, Ctx);
  if (N.starts_with("cuda") || isa<CUDAKernelCallExpr>(CE) || Depth > MaxHelperDepth)
    return false;
  // A helper such as the samples' __getLastCudaError(msg, file, line).
  return bodyChecks(CE->getDirectCallee(), Ctx, Depth, AllowSync);
}

bool KernelLaunchUncheckedCheck::checkedAfter(const Stmt *Body, SourceLocation After,
                                              ASTContext &Ctx, bool AllowSync) {
  bool Found = false;
  forEachStmt(Body, [&](const Stmt *S) {
    if (Found)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (SM->isBeforeInTranslationUnit(After, CE->getBeginLoc()) && isCheck(CE, Ctx, 0, AllowSync))
        Found = true;
  });
  return Found;
}

void KernelLaunchUncheckedCheck::check(const MatchFinder::MatchResult &Result) {
  SM = Result.SourceManager;
  ASTContext &Ctx = *Result.Context;
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD || FD->isDependentContext() ||
      SM->isInSystemHeader(SM->getExpansionLoc(FD->getLocation())))
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
    if (!checkedAfter(Body, L->getEndLoc(), Ctx, /*AllowSync=*/true)) {
      if (!First)
        First = L;
      ++Unchecked;
    }
  if (!First)
    return;

  // The caller may check: after a call of this function, or after the
  // lambda expression in the enclosing function. There only cudaGetLastError
  // / cudaPeekAtLastError count: H200 (runtime-check) showed a checked
  // cudaDeviceSynchronize in the caller returning cudaSuccess after a launch
  // that failed for its configuration.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->getParent()->isLambda()) {
    auto Parents = Ctx.getParents(*Body);
    const auto *LE = Parents.empty() ? nullptr : Parents[0].get<LambdaExpr>();
    if (LE)
      if (const FunctionDecl *Outer = enclosingFunction(LE, Ctx))
        if (Outer->getBody() && checkedAfter(Outer->getBody(), LE->getEndLoc(), Ctx, /*AllowSync=*/false))
          return;
  }
  {
    const FunctionDecl *Canon = FD->getCanonicalDecl();
    const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
    if (!CallsByCallee) {
      CallsByCallee.emplace();
      auto Calls = match(
          traverse(TK_AsIs, callExpr(callee(functionDecl())).bind("c")), Ctx);
      for (const auto &M : Calls) {
        const auto *CE = M.getNodeAs<CallExpr>("c");
        const FunctionDecl *Callee = CE->getDirectCallee();
        if (!Callee || Callee->getBuiltinID() ||
            SM->isInSystemHeader(SM->getExpansionLoc(CE->getBeginLoc())))
          continue;
        const FunctionDecl *Key = Callee->getTemplateInstantiationPattern();
        (*CallsByCallee)[(Key ? Key : Callee)->getCanonicalDecl()].push_back(CE);
      }
    }
    const FunctionDecl *Key = Pattern ? Pattern->getCanonicalDecl() : Canon;
    // A launcher other translation units may call (external linkage, no
    // call here): its callers, which may check, are not visible. The CUDA
    // samples' reduce() is called by reduction.cpp, which then calls
    // getLastCudaError.
    if ((*CallsByCallee)[Key].empty() && !FD->isMain() &&
        FD->isExternallyVisible() &&
        !(isa<CXXMethodDecl>(FD) && cast<CXXMethodDecl>(FD)->getParent()->isLambda()))
      return;
    for (const CallExpr *CE : (*CallsByCallee)[Key]) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      (void)Callee;
      if (resultUsed(CE, Ctx) && FD->getReturnType()->isIntegralOrEnumerationType())
        return; // the caller receives a status it may check
      if (const FunctionDecl *Outer = enclosingFunction(CE, Ctx))
        if (Outer->getBody() && checkedAfter(Outer->getBody(), CE->getEndLoc(), Ctx, /*AllowSync=*/false))
          return;
    }
  }

  std::string Kernel = "kernel";
  LaunchSiteEvaluator Eval(Ctx);
  if (auto L = Eval.evaluate(First); L && L->Kernel)
    Kernel = L->Kernel->getNameAsString();
  if (Unchecked > 1)
    report(First->getBeginLoc(),
           "launch of '%0' is not checked for errors: nothing after it in '%1' calls "
           "cudaGetLastError() or checks a synchronization (%2 launches unchecked)")
        << Kernel << FD->getNameAsString() << std::to_string(Unchecked);
  else
    report(First->getBeginLoc(),
           "launch of '%0' is not checked for errors: nothing after it in '%1' calls "
           "cudaGetLastError() or checks a synchronization")
        << Kernel << FD->getNameAsString();
}

CUDA_LINT_DEFINE_CHECK_FACTORY(KernelLaunchUncheckedCheck)

} // namespace cuda_lint
