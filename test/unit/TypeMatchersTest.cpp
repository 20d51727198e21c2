// Unit tests of lib/analysis/TypeMatchers.h: each one-step type matcher
// matches exactly the nodes that clang's nested form (`hasType(qualType(...))`,
// `returns(...)`, `hasDestinationType(...)`) matches, on declarations,
// references, literals, casts and function types, through typedefs, pointers
// and template instantiations.
#include "analysis/TypeMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <memory>
#include <set>
#include <string>

using namespace clang;
using namespace clang::ast_matchers;
using namespace cuda_lint;

namespace {

/// The canonical type is `double` or a pointer or reference to one.
bool isDoubleBehindPointers(QualType T) {
  if (T.isNull())
    return false;
  T = T.getCanonicalType();
  while (T->isPointerType() || T->isReferenceType())
    T = T->getPointeeType().getCanonicalType();
  return T->isSpecificBuiltinType(BuiltinType::Double);
}

AST_MATCHER(QualType, isDoubleBehindPointersNested) { return isDoubleBehindPointers(Node); }

/// A pointer type as written, as `pointerType()` matches a QualType.
bool isPointerAsWritten(QualType T) { return !T.isNull() && isa<PointerType>(T.getTypePtr()); }

const char *Code = R"cpp(
typedef double real;
typedef int *intptr;
real g = 1.0;
double *gp = nullptr;
float f = 2.f;
template <typename T> T twice(T x) { return x + x; }
real half(real *p, int n) { return *p / n; }
void use(int *q) {
  double d = twice(3.0);
  float e = twice(1.f);
  real &r = d;
  double *dp = &d;
  intptr ip = (intptr)q;
  int *ip2 = (int *)q;
  long l = (long)d;
  (void)half(dp, 2);
  (void)(double)e;
  (void)2.5;
  (void)r;
  (void)ip;
  (void)ip2;
  (void)l;
}
)cpp";

/// The source offsets of what \p M binds as "n" in \p AST.
template <typename MatcherT>
std::set<unsigned> matchedOffsets(ASTUnit &AST, const MatcherT &M) {
  std::set<unsigned> Out;
  const SourceManager &SM = AST.getSourceManager();
  for (const BoundNodes &B : match(M, AST.getASTContext())) {
    SourceLocation L;
    if (const auto *D = B.getNodeAs<Decl>("n"))
      L = D->getLocation();
    else if (const auto *S = B.getNodeAs<Stmt>("n"))
      L = S->getBeginLoc();
    Out.insert(SM.getFileOffset(SM.getExpansionLoc(L)));
  }
  return Out;
}

class TypeMatchersTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"}, "input.cc");
    ASSERT_TRUE(AST);
  }
  /// What \p OneStep matches, after checking that \p Nested (clang's form of
  /// the same test) matches the same nodes; both bind the node as "n".
  template <typename OneStepT, typename NestedT>
  std::set<unsigned> sameAsNested(const OneStepT &OneStep, const NestedT &Nested) {
    std::set<unsigned> Mine = matchedOffsets(*AST, findAll(OneStep));
    EXPECT_EQ(matchedOffsets(*AST, findAll(Nested)), Mine);
    return Mine;
  }
  std::unique_ptr<ASTUnit> AST;
};

TEST_F(TypeMatchersTest, ExpressionTypeAsHasType) {
  auto Nested = hasType(qualType(isDoubleBehindPointersNested()));
  // g, d, r, dp, half's p (twice's instantiation's x too): a test that matches.
  EXPECT_GE(sameAsNested(declRefExpr(hasTypeThat(isDoubleBehindPointers)).bind("n"),
                         declRefExpr(Nested).bind("n"))
                .size(),
            5u);
  // 1.0, 3.0, 2.5 (not 2.f or 1.f).
  EXPECT_EQ(sameAsNested(floatLiteral(hasTypeThat(isDoubleBehindPointers)).bind("n"),
                         floatLiteral(Nested).bind("n"))
                .size(),
            3u);
}

TEST_F(TypeMatchersTest, DeclarationTypeAsHasType) {
  // g, gp, p, d, r, dp (and twice<double>'s x).
  EXPECT_GE(sameAsNested(varDecl(declaresTypeThat(isDoubleBehindPointers)).bind("n"),
                         varDecl(hasType(qualType(isDoubleBehindPointersNested()))).bind("n"))
                .size(),
            6u);
}

TEST_F(TypeMatchersTest, ReturnTypeAsReturns) {
  // half, and twice (its double specialization's location).
  EXPECT_EQ(sameAsNested(functionDecl(returnsTypeThat(isDoubleBehindPointers)).bind("n"),
                         functionDecl(returns(qualType(isDoubleBehindPointersNested()))).bind("n"))
                .size(),
            2u);
}

TEST_F(TypeMatchersTest, CastTypeAsWrittenAsHasDestinationType) {
  // (int *)q only: (intptr)q is a pointer through a typedef, as pointerType() sees it.
  EXPECT_EQ(sameAsNested(explicitCastExpr(castsToTypeThat(isPointerAsWritten)).bind("n"),
                         explicitCastExpr(hasDestinationType(pointerType())).bind("n"))
                .size(),
            1u);
  // (double)e.
  EXPECT_EQ(sameAsNested(explicitCastExpr(castsToTypeThat(isDoubleBehindPointers)).bind("n"),
                         explicitCastExpr(hasDestinationType(
                                              qualType(isDoubleBehindPointersNested())))
                             .bind("n"))
                .size(),
            1u);
}

} // namespace
