//===- SideEffectsTest.cpp - Unit tests of analysis/SideEffects -----------===//
//
// Each test parses a small C++ translation unit in which every argument of a
// call `probe(e)` is one expression to judge; findDefiniteSideEffect must find
// a write exactly where the comment of the case says so.
//
//===----------------------------------------------------------------------===//
#include "analysis/SideEffects.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace cuda_lint;

namespace {

/// The arguments of the calls of `probe`, in source order.
std::vector<const Expr *> probes(ASTUnit &AST) {
  struct Visitor : RecursiveASTVisitor<Visitor> {
    std::vector<const Expr *> Out;
    bool VisitCallExpr(CallExpr *CE) {
      if (const FunctionDecl *FD = CE->getDirectCallee())
        if (FD->getName() == "probe" && CE->getNumArgs() == 1)
          Out.push_back(CE->getArg(0));
      return true;
    }
  } V;
  V.TraverseDecl(AST.getASTContext().getTranslationUnitDecl());
  return V.Out;
}

std::vector<bool> judge(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"}, "input.cc");
  EXPECT_TRUE(AST);
  std::vector<bool> Out;
  if (!AST)
    return Out;
  for (const Expr *E : probes(*AST))
    Out.push_back(findDefiniteSideEffect(E) != nullptr);
  return Out;
}

TEST(SideEffects, WritesAreFound) {
  auto R = judge(R"cpp(
    struct It { It &operator++(); It &operator=(int); bool operator<(int) const; };
    void probe(bool);
    void f(int *p, int n, It it) {
      probe(p[0]++ < 4);       // yes
      probe(--n >= 0);         // yes
      probe((n = p[1]) != 0);  // yes
      probe((n += 2) > 0);     // yes
      probe(++it < 3);         // yes: an overloaded ++
      probe((it = 4) < 3);     // yes: an overloaded =
    }
  )cpp");
  EXPECT_EQ(R, std::vector<bool>({true, true, true, true, true, true}));
}

TEST(SideEffects, ReadsCallsAndUnevaluatedOperandsAreNot) {
  auto R = judge(R"cpp(
    void probe(bool);
    bool valid(int);
    void f(int *p, int n) {
      probe(p[0] < n);                       // no
      probe(valid(n));                       // no: a call's effects are unknown
      probe(sizeof(n++) == 4);               // no: unevaluated
      probe(noexcept(n++));                  // no: unevaluated
      probe(([&] { return n++; }, true));    // no: the lambda is not run
    }
  )cpp");
  EXPECT_EQ(R, std::vector<bool>({false, false, false, false, false}));
}

TEST(SideEffects, MacroExpansionsAreLookedInto) {
  // clang's Expr::HasSideEffects(Ctx, false) says no to all of these.
  auto R = judge(R"cpp(
    void probe(bool);
    #define CHECK(x) probe(x)
    #define BUMP(x) (x)++
    void f(int *p, int n) {
      CHECK(p[0]++ < 4);  // yes
      probe(BUMP(n) > 0); // yes
      CHECK(p[0] < 4);    // no
    }
  )cpp");
  EXPECT_EQ(R, std::vector<bool>({true, true, false}));
}

} // namespace
