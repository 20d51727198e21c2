//===- VariableMatchers.h - Matchers of references to variables -*- C++ -*-===//
//
// Matchers that run at every DeclRefExpr of a translation unit (template
// instantiations included), written as one C++ test each instead of nested
// matchers (`declRefExpr(to(varDecl(anyOf(hasAttr(...), ...))))`), whose
// per-level dispatch cost more than the test itself.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_VARIABLEMATCHERS_H
#define CUDA_LINT_ANALYSIS_VARIABLEMATCHERS_H

#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchers.h"

namespace cuda_lint {

/// A test of a variable declaration (a plain function: matcher parameters
/// are copied with the matcher).
using VariableTest = bool (*)(const clang::VarDecl &);

/// Matches a reference to a variable that \p Accepts, and binds that
/// variable as "var" (so that a check's system-header filter sees it, as
/// with `to(varDecl(...).bind("var"))`).
AST_MATCHER_P(clang::DeclRefExpr, refersToVariable, VariableTest, Accepts) {
  const auto *VD = llvm::dyn_cast_or_null<clang::VarDecl>(Node.getDecl());
  if (!VD || !Accepts(*VD))
    return false;
  Builder->setBinding("var", clang::DynTypedNode::create(*VD));
  return true;
}

} // namespace cuda_lint

#endif
