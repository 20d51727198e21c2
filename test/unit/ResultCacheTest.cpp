//===- ResultCacheTest.cpp - Side results reused across runs --------------===//
#include "driver/ResultCache.h"
#include "driver/SideWorker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace cuda_lint;
using namespace clang;

namespace {

/// A temporary directory removed with the fixture.
class ResultCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cuda-lint-cache-test", Root));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  std::string file(llvm::StringRef Name, llvm::StringRef Content) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream(P, EC) << Content;
    EXPECT_FALSE(EC);
    return std::string(P);
  }

  /// A side result with a finding that read \p Inputs as they are now.
  SideResult result(const std::vector<std::string> &Inputs) {
    SideResult R;
    R.Errors.emplace_back("cuda-brkpt", tooling::Diagnostic::Warning, Root.str().str(), false);
    R.Errors.back().Message.Message = "'__brkpt()' left in the source";
    R.Errors.back().Message.FilePath = Inputs.front();
    R.EffectiveChecks = "-*,cuda-*";
    R.Uniformity.FunctionsAnalysed = 3;
    R.Uniformity.GaveUp[0] = 1;
    R.Uniformity.SharedVarsAnalysed = 2;
    for (const std::string &I : Inputs) {
      auto B = llvm::MemoryBuffer::getFile(I);
      EXPECT_TRUE(bool(B));
      R.Inputs.push_back({I, contentHash((*B)->getBuffer())});
    }
    return R;
  }

  AnalysisSide side(llvm::StringRef Name) {
    AnalysisSide S;
    S.Name = Name.str();
    S.IsDevice = Name != "host";
    S.CommandLine = {"clang++", "-x", "cuda", "k.cu"};
    return S;
  }

  llvm::SmallString<256> Root;
};

TEST_F(ResultCacheTest, ContentHashIs32HexDigitsAndDependsOnContent) {
  std::string H = contentHash("abc");
  EXPECT_EQ(H.size(), 32u);
  EXPECT_EQ(H.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(H, contentHash("abc"));
  EXPECT_NE(H, contentHash("abd"));
  EXPECT_NE(contentHash(""), contentHash(llvm::StringRef("\0", 1)));
}

TEST_F(ResultCacheTest, SideResultJSONRoundTripKeepsInputsAndStatistics) {
  std::string K = file("k.cu", "__global__ void k() {}\n");
  SideResult R = result({K});
  R.Accepted.push_back({K, 4, "cuda-shared-initializer"});
  auto Back = sideResultFromJSON(sideResultToJSON(R));
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  ASSERT_EQ(Back->Inputs.size(), 1u);
  EXPECT_EQ(Back->Inputs[0].Path, K);
  EXPECT_EQ(Back->Inputs[0].Hash, R.Inputs[0].Hash);
  EXPECT_EQ(Back->Uniformity.FunctionsAnalysed, 3u);
  EXPECT_EQ(Back->Uniformity.GaveUp[0], 1u);
  EXPECT_EQ(Back->Uniformity.SharedVarsAnalysed, 2u);
  ASSERT_EQ(Back->Accepted.size(), 1u);
  EXPECT_EQ(Back->Accepted[0].Line, 4u);
  ASSERT_EQ(Back->Errors.size(), 1u);
  EXPECT_EQ(Back->Errors[0].DiagnosticName, "cuda-brkpt");
  EXPECT_EQ(Back->Preamble, "");
  R.Preamble = "cold: --system-headers";
  auto WithPreamble = sideResultFromJSON(sideResultToJSON(R));
  ASSERT_TRUE(bool(WithPreamble)) << llvm::toString(WithPreamble.takeError());
  EXPECT_EQ(WithPreamble->Preamble, "cold: --system-headers");
  // A malformed input record is an error, not a silent empty list.
  llvm::json::Value Bad = sideResultToJSON(R);
  (*Bad.getAsObject())["inputs"] = llvm::json::Array{llvm::json::Array{"only a path"}};
  auto Err = sideResultFromJSON(Bad);
  ASSERT_FALSE(bool(Err));
  EXPECT_NE(llvm::toString(Err.takeError()).find("[path, hash]"), std::string::npos);
}

TEST_F(ResultCacheTest, WhatIsCacheable) {
  std::string K = file("k.cu", "x");
  SideResult R = result({K});
  EXPECT_TRUE(isCacheableSideResult(R));
  SideResult Failed = R;
  Failed.ToolFailure = "the checker crashed";
  EXPECT_FALSE(isCacheableSideResult(Failed));
  SideResult NoInputs = R;
  NoInputs.Inputs.clear();
  EXPECT_FALSE(isCacheableSideResult(NoInputs));
  SideResult MissingHeader = R;
  MissingHeader.Errors.emplace_back("clang-diagnostic-error", tooling::Diagnostic::Error,
                                    "/", false);
  MissingHeader.Errors.back().Message.Message = "'missing.cuh' file not found";
  EXPECT_FALSE(isCacheableSideResult(MissingHeader));
  // A syntax error depends on the inputs only: cacheable.
  SideResult Syntax = R;
  Syntax.Errors.emplace_back("clang-diagnostic-error", tooling::Diagnostic::Error, "/", false);
  Syntax.Errors.back().Message.Message = "expected expression";
  EXPECT_TRUE(isCacheableSideResult(Syntax));
  // A rule's error is a finding like any other: cacheable.
  SideResult RuleError = R;
  RuleError.Errors.emplace_back("cuda-launch-bounds-with-maxnreg", tooling::Diagnostic::Error,
                                "/", true);
  EXPECT_TRUE(isCacheableSideResult(RuleError));
}

TEST_F(ResultCacheTest, KeyDependsOnSideCommandFactsAndTool) {
  auto C = ResultCache::open(Root, 1 << 20, "tool A");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  LintSettings S;
  tidy::ClangTidyOptions::OptionMap Facts;
  // Directories that exist: the key reads the file's configuration (a
  // missing directory is an error clang-tidy prints on standard error).
  std::string P = (Root + "/p").str(), Q = (Root + "/q").str(), K = P + "/k.cu";
  ASSERT_FALSE(llvm::sys::fs::create_directories(P));
  ASSERT_FALSE(llvm::sys::fs::create_directories(Q));
  std::string Host = (*C)->key(K, P, side("host"), S, Facts);
  EXPECT_EQ(Host, (*C)->key(K, P, side("host"), S, Facts));
  EXPECT_NE(Host, (*C)->key(K, P, side("sm_90"), S, Facts));
  EXPECT_NE(Host, (*C)->key(K, Q, side("host"), S, Facts));
  AnalysisSide Flag = side("host");
  Flag.CommandLine.insert(Flag.CommandLine.begin() + 1, "-DNDEBUG");
  EXPECT_NE(Host, (*C)->key(K, P, Flag, S, Facts));
  tidy::ClangTidyOptions::OptionMap Rdc;
  Rdc.insert_or_assign("CudaLint.RelocatableDeviceCode",
                       tidy::ClangTidyOptions::ClangTidyValue("true"));
  EXPECT_NE(Host, (*C)->key(K, P, side("host"), S, Rdc));
  LintSettings Checks;
  Checks.Overrides.Checks = "-*,cuda-brkpt";
  EXPECT_NE(Host, (*C)->key(K, P, side("host"), Checks, Facts));
  // The shared preamble gives the same result: not part of the key.
  LintSettings WithPreamble = S;
  WithPreamble.PreambleDir = "/cache/pch";
  EXPECT_EQ(Host, (*C)->key(K, P, side("host"), WithPreamble, Facts));
  auto Other = ResultCache::open(Root, 1 << 20, "tool B");
  ASSERT_TRUE(bool(Other));
  EXPECT_NE(Host, (*Other)->key(K, P, side("host"), S, Facts));
}

TEST_F(ResultCacheTest, ReusedOnlyWhileEveryInputIsUnchanged) {
  std::string K = file("k.cu", "#include \"h.cuh\"\n");
  std::string H = file("h.cuh", "// v1\n");
  auto C = ResultCache::open(Root, 1 << 20, "tool");
  ASSERT_TRUE(bool(C));
  std::string Key = std::string(32, 'a');
  EXPECT_FALSE((*C)->lookup(Key)); // nothing stored yet
  (*C)->store(Key, result({K, H}));
  std::optional<SideResult> Hit = (*C)->lookup(Key);
  ASSERT_TRUE(Hit);
  ASSERT_EQ(Hit->Errors.size(), 1u);
  EXPECT_EQ(Hit->Errors[0].Message.Message, "'__brkpt()' left in the source");
  file("h.cuh", "// v2\n"); // a header changed: stale
  EXPECT_FALSE((*C)->lookup(Key));
  file("h.cuh", "// v1\n"); // the same content again: reused (content, not time)
  EXPECT_TRUE((*C)->lookup(Key));
  llvm::sys::fs::remove(H); // an input gone: stale
  EXPECT_FALSE((*C)->lookup(Key));
  ResultCacheStats St = (*C)->stats();
  EXPECT_EQ(St.Reused, 2u);
  EXPECT_EQ(St.Analysed, 3u);
  EXPECT_EQ(St.Stored, 1u);
}

TEST_F(ResultCacheTest, UncacheableResultsAreNotStored) {
  std::string K = file("k.cu", "x");
  auto C = ResultCache::open(Root, 1 << 20, "tool");
  ASSERT_TRUE(bool(C));
  SideResult R = result({K});
  R.ToolFailure = "timed out after 1 s (--timeout)";
  std::string Key = std::string(32, 'b');
  (*C)->store(Key, R);
  EXPECT_FALSE((*C)->lookup(Key));
  EXPECT_EQ((*C)->stats().NotStored, 1u);
}

TEST_F(ResultCacheTest, PruneRemovesLeastRecentlyUsedPastTheLimit) {
  std::string K = file("k.cu", "x");
  // About 700 bytes an entry: a limit of 2000 bytes keeps the newest ones.
  auto C = ResultCache::open(Root, 2000, "tool");
  ASSERT_TRUE(bool(C));
  for (char Ch : std::string("cdefgh"))
    (*C)->store(std::string(32, Ch), result({K}));
  (*C)->lookup(std::string(32, 'c')); // recently used again
  (*C)->prune();
  EXPECT_GT((*C)->stats().Pruned, 0u);
  EXPECT_TRUE((*C)->lookup(std::string(32, 'c')));
  EXPECT_TRUE((*C)->lookup(std::string(32, 'h')));
  EXPECT_FALSE((*C)->lookup(std::string(32, 'd')));
}

TEST_F(ResultCacheTest, OpenFailsOnAFileNamingTheFile) {
  std::string F = file("plain", "x");
  auto C = ResultCache::open(F, 1 << 20, "tool");
  ASSERT_FALSE(bool(C));
  std::string Msg = llvm::toString(C.takeError());
  EXPECT_NE(Msg.find("plain"), std::string::npos) << Msg;
}

} // namespace
