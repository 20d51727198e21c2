// Unit tests of CudaCheck::addSharedMatcher (lib/CudaCheck.h): a matcher that
// several checks register under one key is evaluated once per node, each
// check receives every match, in the order the checks registered, and each
// still gets its start and end of translation unit from the match finder; a
// later translation unit's checks (a new match finder, possibly at the same
// address) never join an earlier one's shared matcher.
#include "CudaCheck.h"
#include "ClangTidyOptions.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <memory>
#include <string>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;
using namespace cuda_lint;

namespace {

/// How many times the shared test matcher was evaluated.
unsigned Evaluations = 0;

AST_MATCHER(CallExpr, countedCall) {
  ++Evaluations;
  return true;
}

/// Who received what, in order: "<check>:<callee>".
std::vector<std::string> *Log = nullptr;

class SharingCheck : public CudaCheck {
public:
  SharingCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context, std::string Key)
      : CudaCheck(Name, Context), Key(std::move(Key)) {}
  void registerMatchers(MatchFinder *Finder) override {
    addSharedMatcher(Finder, Key, callExpr(countedCall()).bind("call"));
  }
  void onEndOfTranslationUnit() override { ++Ends; }
  std::string name() const { return getID().str(); }

  unsigned Starts = 0, Ends = 0;

protected:
  void checkMatch(const MatchFinder::MatchResult &Result) override {
    if (const auto *CE = Result.Nodes.getNodeAs<CallExpr>("call"))
      if (const FunctionDecl *FD = CE->getDirectCallee())
        Log->push_back(getID().str() + ":" + FD->getNameAsString());
  }
  void startTranslationUnit() override { ++Starts; }

private:
  std::string Key;
};

/// A translation unit with two calls, a clang-tidy context for the checks,
/// and the log of what they received.
struct Unit {
  Unit()
      : Context(std::make_unique<tidy::DefaultOptionsProvider>(
            tidy::ClangTidyGlobalOptions(), tidy::ClangTidyOptions::getDefaults())),
        AST(tooling::buildASTFromCodeWithArgs("void f(); void g();\nvoid h() { f(); g(); }\n",
                                              {"-std=c++17"}, "input.cc")) {
    Log = &Seen;
  }
  ~Unit() { Log = nullptr; }
  std::vector<std::string> Seen;
  tidy::ClangTidyContext Context;
  std::unique_ptr<ASTUnit> AST;
};

TEST(SharedMatcher, EvaluatedOnceForAllChecksInRegistrationOrder) {
  Unit U;
  ASSERT_TRUE(U.AST);
  SharingCheck A("test-a", &U.Context, "test: calls");
  SharingCheck B("test-b", &U.Context, "test: calls");
  SharingCheck C("test-c", &U.Context, "test: other calls");
  MatchFinder Finder;
  A.registerMatchers(&Finder);
  C.registerMatchers(&Finder);
  B.registerMatchers(&Finder);
  Evaluations = 0;
  Finder.matchAST(U.AST->getASTContext());
  // Two calls: two evaluations for A and B's shared matcher, two for C's.
  EXPECT_EQ(Evaluations, 4u);
  // Per call, the match finder runs the matchers in registration order (the
  // shared one where A registered it), and the shared one runs A then B.
  EXPECT_EQ(U.Seen, (std::vector<std::string>{"test-a:f", "test-b:f", "test-c:f", "test-a:g",
                                            "test-b:g", "test-c:g"}));
  for (const SharingCheck *Check : {&A, &B, &C}) {
    EXPECT_EQ(Check->Starts, 1u) << Check->name();
    EXPECT_EQ(Check->Ends, 1u) << Check->name();
  }
}

TEST(SharedMatcher, LaterTranslationUnitsNeverJoinAnEarlierMatchFinder) {
  Unit U;
  ASSERT_TRUE(U.AST);
  // The first unit's checks stay alive (as an editor keeps the last AST's)
  // while the second unit's are registered on a match finder that may have
  // the first one's address.
  auto Old = std::make_unique<SharingCheck>("test-old", &U.Context, "test: calls");
  {
    auto Finder = std::make_unique<MatchFinder>();
    Old->registerMatchers(Finder.get());
  }
  for (unsigned Unit = 0; Unit < 3; ++Unit) {
    U.Seen.clear();
    SharingCheck A("test-a", &U.Context, "test: calls");
    SharingCheck B("test-b", &U.Context, "test: calls");
    auto Finder = std::make_unique<MatchFinder>();
    A.registerMatchers(Finder.get());
    B.registerMatchers(Finder.get());
    Finder->matchAST(U.AST->getASTContext());
    EXPECT_EQ(U.Seen, (std::vector<std::string>{"test-a:f", "test-b:f", "test-a:g", "test-b:g"}))
        << "unit " << Unit;
  }
}

} // namespace
