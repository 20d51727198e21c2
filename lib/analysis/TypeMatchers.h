//===- TypeMatchers.h - Matchers of a node's type, in one test -*- C++ -*-===//
//
// `declRefExpr(hasType(qualType(isX())))` runs three matchers at every
// DeclRefExpr of a translation unit (template instantiations included): the
// match finder's dispatch of hasType and of qualType costs more than the test
// itself. These take the test as a plain function and apply it to the type
// that hasType, returns and hasDestinationType give their inner matcher.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_TYPEMATCHERS_H
#define CUDA_LINT_ANALYSIS_TYPEMATCHERS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"

namespace cuda_lint {

/// A test of a type (a plain function: matcher parameters are copied with
/// the matcher). Called with a null type, it says false.
using TypeTest = bool (*)(clang::QualType);

/// Matches an expression whose type \p Accepts
/// (`hasType(qualType(...))` on an expression).
AST_MATCHER_P(clang::Expr, hasTypeThat, TypeTest, Accepts) { return Accepts(Node.getType()); }

/// Matches a declaration (variable, parameter, field) whose type \p Accepts
/// (`hasType(qualType(...))` on a declaration).
AST_MATCHER_P(clang::ValueDecl, declaresTypeThat, TypeTest, Accepts) {
  return Accepts(Node.getType());
}

/// Matches a function whose return type \p Accepts (`returns(qualType(...))`).
AST_MATCHER_P(clang::FunctionDecl, returnsTypeThat, TypeTest, Accepts) {
  return Accepts(Node.getReturnType());
}

/// Matches a cast whose type as written \p Accepts
/// (`hasDestinationType(qualType(...))`).
AST_MATCHER_P(clang::ExplicitCastExpr, castsToTypeThat, TypeTest, Accepts) {
  return Accepts(Node.getTypeAsWritten());
}

} // namespace cuda_lint

#endif
