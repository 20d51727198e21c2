#include "analysis/BodyParents.h"
#include "analysis/PerASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cuda_lint {

namespace {
class BodyCollector : public RecursiveASTVisitor<BodyCollector> {
public:
  BodyCollector(llvm::function_ref<void(const FunctionDecl *, Stmt *)> Add, CallIndex &Calls,
                const SourceManager &SM)
      : Add(Add), Calls(Calls), SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool TraverseDecl(Decl *D) {
    // Every body gets its parents; the calls of declarations in system
    // headers are not indexed (CallIndex).
    bool System = D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
                  SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
    SystemDepth += System;
    bool Continue = RecursiveASTVisitor::TraverseDecl(D);
    SystemDepth -= System;
    return Continue;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody())
      return true;
    if (Stmt *Body = FD->getBody())
      Add(FD, Body);
    // A constructor's member initializers run in its body's context.
    if (const auto *CD = dyn_cast<CXXConstructorDecl>(FD))
      for (const CXXCtorInitializer *I : CD->inits())
        if (I->isWritten() && I->getInit())
          Add(FD, I->getInit());
    return true;
  }
  // A call is visited before its callee (pre-order): CallIndex relies on it.
  bool VisitCallExpr(CallExpr *CE) {
    if (!SystemDepth)
      Calls.addCall(CE);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (!SystemDepth)
      Calls.addReference(DRE);
    return true;
  }

private:
  llvm::function_ref<void(const FunctionDecl *, Stmt *)> Add;
  CallIndex &Calls;
  const SourceManager &SM;
  unsigned SystemDepth = 0;
};
} // namespace

BodyParents::BodyParents(ASTContext &Ctx) {
  auto Add = [&](const FunctionDecl *FD, Stmt *Body) {
    if (!BodyOwner.insert({Body, FD}).second)
      return;
    if (!Map)
      Map = std::make_unique<ParentMap>(Body);
    else if (!Map->hasParent(Body))
      // A lambda's body is already mapped under its LambdaExpr by the
      // enclosing body: adding it again as a root would change nothing.
      Map->addStmt(Body);
  };
  // A function_ref: Add must outlive it.
  BodyCollector Collector(Add, Calls, Ctx.getSourceManager());
  for (Decl *D : Ctx.getTraversalScope())
    Collector.TraverseDecl(D);
}

BodyParents::~BodyParents() = default;

BodyParents &BodyParents::forAST(ASTContext &Ctx) {
  return perASTContext<BodyParents>(Ctx);
}

StmtParent BodyParents::parent(const Stmt *S) const {
  if (!Map || !S)
    return {};
  const Stmt *P = Map->getParent(S);
  if (!P)
    return {};
  StmtParent R;
  R.S = P;
  if (const auto *DS = dyn_cast<DeclStmt>(P))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit() == S)
        R.InitOf = VD;
  return R;
}

const FunctionDecl *BodyParents::enclosingFunction(const Stmt *S) const {
  for (unsigned Steps = 0; S && Steps < 4096; ++Steps) {
    auto It = BodyOwner.find(S);
    if (It != BodyOwner.end() && !(Map && Map->hasParent(S)))
      return It->second; // the root of a function body
    const Stmt *P = Map ? Map->getParent(S) : nullptr;
    if (const auto *L = dyn_cast_or_null<LambdaExpr>(P))
      return L->getCallOperator();
    S = P;
  }
  return nullptr;
}

} // namespace cuda_lint
