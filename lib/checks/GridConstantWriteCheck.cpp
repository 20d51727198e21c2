#include "checks/GridConstantWriteCheck.h"
#include "analysis/BodyParents.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {

/// How a written lvalue reaches a __grid_constant__ parameter.
struct WritePath {
  const ParmVarDecl *Param = nullptr;
  const Expr *Through = nullptr; ///< the const_cast or cast-away cast
  bool IsConstCast = false;
  const FieldDecl *Mutable = nullptr; ///< the mutable member written
};

/// Whether the pointer (or reference) type \p To points to a less
/// const-qualified object than \p From does.
bool dropsConst(QualType From, QualType To) {
  QualType F = From->isPointerType() ? From->getPointeeType() : From;
  QualType T = To->isPointerType() ? To->getPointeeType()
               : To->isReferenceType() ? To->getPointeeType()
                                       : To;
  return F.isConstQualified() && !T.isConstQualified();
}

/// Follows the object \p E designates back to a __grid_constant__ parameter.
WritePath walk(const Expr *E) {
  WritePath P;
  for (unsigned Steps = 0; E && Steps < 32; ++Steps) {
    E = E->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      // A load: what is written is what the loaded pointer points to.
      if (ICE->getCastKind() == CK_LValueToRValue)
        return {};
      E = ICE->getSubExpr();
      continue;
    }
    if (const auto *CC = dyn_cast<CXXConstCastExpr>(E)) {
      if (!P.Through) {
        P.Through = CC;
        P.IsConstCast = true;
      }
      E = CC->getSubExpr();
      continue;
    }
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E)) {
      // (T *)&p, reinterpret_cast<T *>(&p): a cast that drops const.
      if (!P.Through && dropsConst(C->getSubExpr()->getType(), C->getType()))
        P.Through = C;
      E = C->getSubExpr();
      continue;
    }
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
          F && F->isMutable() && !P.Mutable && !P.Through)
        P.Mutable = F;
      E = M->getBase();
      continue;
    }
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      E = A->getBase();
      continue;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() != UO_Deref && U->getOpcode() != UO_AddrOf)
        return {};
      E = U->getSubExpr();
      continue;
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      const auto *Parm = dyn_cast<ParmVarDecl>(D->getDecl());
      if (!Parm || !Parm->hasAttr<CUDAGridConstantAttr>())
        return {};
      P.Param = Parm;
      return P;
    }
    return {};
  }
  return {};
}

/// Whether the statement is in the body of a kernel with a
/// `__grid_constant__` parameter (or of a lambda inside one): only there can
/// such a parameter be named. Checked before the written expression's
/// descendants are searched, since almost no function has one.
AST_MATCHER(Stmt, inKernelWithGridConstantParam) {
  const FunctionDecl *FD =
      BodyParents::forAST(Finder->getASTContext()).enclosingFunction(&Node);
  for (unsigned Depth = 0; FD && Depth < 16; ++Depth) {
    if (llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) {
          return P->hasAttr<CUDAGridConstantAttr>();
        }))
      return true;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!MD || !MD->getParent()->isLambda())
      return false;
    FD = dyn_cast<FunctionDecl>(MD->getParent()->getDeclContext());
  }
  return false;
}

} // namespace

void GridConstantWriteCheck::registerMatchers(MatchFinder *Finder) {
  auto ToGridConstant =
      hasDescendant(declRefExpr(to(parmVarDecl(hasAttr(attr::CUDAGridConstant)))));
  auto Written = expr(anyOf(ToGridConstant, declRefExpr(to(parmVarDecl(
                                                 hasAttr(attr::CUDAGridConstant))))))
                     .bind("lhs");
  // One matcher per kind of write (dispatched by node kind, not tried on
  // every expression), the cheap tests first.
  auto InKernel = inKernelWithGridConstantParam();
  Finder->addMatcher(
      binaryOperator(isAssignmentOperator(), InKernel, hasLHS(Written)).bind("write"), this);
  Finder->addMatcher(unaryOperator(hasAnyOperatorName("++", "--"), InKernel,
                                   hasUnaryOperand(Written))
                         .bind("write"),
                     this);
  Finder->addMatcher(
      cxxOperatorCallExpr(isAssignmentOperator(), InKernel, hasArgument(0, Written))
          .bind("write"),
      this);
  Finder->addMatcher(cxxMemberCallExpr(callee(cxxMethodDecl(unless(isConst()))), InKernel,
                                       on(Written))
                         .bind("write"),
                     this);
}

void GridConstantWriteCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *W = Result.Nodes.getNodeAs<Expr>("write");
  const auto *L = Result.Nodes.getNodeAs<Expr>("lhs");
  if (!W || !L)
    return;
  WritePath P = walk(L);
  if (!P.Param || (!P.Through && !P.Mutable))
    return;
  // In a template, each instantiation: one finding per written expression.
  if (!reportOnce(W->getExprLoc().getPtrEncoding()))
    return;
  std::string Name = P.Param->getName().str();
  if (P.Through) {
    report(P.Through->getBeginLoc(),
           "write to __grid_constant__ parameter '%0' through %select{a cast that "
           "removes const|a const_cast}1: the parameter is read-only and modifying "
           "it is undefined behaviour")
        << Name << P.IsConstCast << L->getSourceRange();
  } else {
    report(W->getExprLoc(), "write to mutable member '%0' of __grid_constant__ "
                            "parameter '%1': the parameter is read-only, mutable "
                            "members included, and modifying it is undefined behaviour")
        << P.Mutable->getName() << Name << L->getSourceRange();
  }
  note(P.Param->getLocation(), "'%0' declared __grid_constant__ here") << Name;
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(P.Param->getDeclContext()))
    noteInstantiation(FD);
}

CUDA_LINT_DEFINE_CHECK_FACTORY(GridConstantWriteCheck)

} // namespace cuda_lint
