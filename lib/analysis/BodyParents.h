//===- BodyParents.h - Parents of statements in function bodies -*- C++ -*-===//
//
// The launch analyses walk upward from an expression (is a call's result
// used? what encloses this launch? how is this variable mentioned?).
// ASTContext::getParents answers that but builds a parent map of every node
// of the traversal scope, types and declarations included: about 50 MB and a
// tenth of a parse on a template-heavy unit. Only statements inside function
// bodies are ever asked about, so this map holds just those (clang's
// ParentMap over each body), built once per translation unit.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_BODYPARENTS_H
#define CUDA_LINT_ANALYSIS_BODYPARENTS_H

#include "analysis/CallIndex.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>

namespace cuda_lint {

/// The parent of a statement inside a function body: a statement, and when
/// that statement is the DeclStmt declaring a variable that \p S initialises,
/// that variable.
struct StmtParent {
  const clang::Stmt *S = nullptr;
  const clang::VarDecl *InitOf = nullptr;
  explicit operator bool() const { return S != nullptr; }
};

/// Parents of the statements of every function body in the AST's traversal
/// scope (template patterns and instantiations, lambda bodies included). The
/// walk that finds the bodies also fills the translation unit's CallIndex.
class BodyParents {
public:
  explicit BodyParents(clang::ASTContext &Ctx);
  ~BodyParents();

  /// The one map of the translation unit of \p Ctx (perASTContext).
  static BodyParents &forAST(clang::ASTContext &Ctx);

  /// The parent of \p S; empty at the root of a body and for statements
  /// outside function bodies (global initialisers, default arguments).
  StmtParent parent(const clang::Stmt *S) const;

  /// The function whose body \p S is in: the innermost lambda's call
  /// operator for a statement of a lambda body; null outside function bodies.
  const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S) const;

  /// The calls and function references of the translation unit's own code,
  /// indexed in the same walk (CallIndex::forAST).
  const CallIndex &calls() const { return Calls; }

private:
  CallIndex Calls;
  std::unique_ptr<clang::ParentMap> Map;
  llvm::DenseMap<const clang::Stmt *, const clang::FunctionDecl *> BodyOwner;
};

/// Matches a statement inside a function body (a constructor's member
/// initializers included) whose enclosing function matches \p InnerMatcher:
/// the function of the body, or the innermost lambda's call operator for a
/// statement of a lambda body (BodyParents::enclosingFunction). This is what
/// clang's forFunction and forCallable answer, without their parent map of
/// every node of the translation unit (on a CuTe unit that map cost 0.6 GB
/// and a third of the parse time). A statement outside every function body (a
/// global's initializer, a default argument) does not match.
///
/// Template instantiation shares the non-dependent sub-expressions of a
/// pattern with its instantiations (the same Expr object in each body), and
/// this map keeps one parent per statement: for such a shared node the
/// enclosing function is one of the bodies that hold it, the same one at every
/// visit. Checks that need the pattern itself (a template parameter's value in
/// each specialization) walk clang's parents instead.
AST_MATCHER_P(clang::Stmt, forEnclosingFunction,
              clang::ast_matchers::internal::Matcher<clang::FunctionDecl>, InnerMatcher) {
  const clang::FunctionDecl *FD =
      BodyParents::forAST(Finder->getASTContext()).enclosingFunction(&Node);
  return FD && InnerMatcher.matches(*FD, Finder, Builder);
}

} // namespace cuda_lint

#endif
