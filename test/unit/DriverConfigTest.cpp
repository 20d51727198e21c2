//===- DriverConfigTest.cpp - .cuda-lint.yaml parsing and baseline helpers ===//
#include "driver/Baseline.h"
#include "driver/Config.h"
#include "driver/LintRunner.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace cuda_lint;

namespace {

TEST(DriverConfig, ParsesClangTidyKeysAndBaseline) {
  auto C = parseConfig("/proj/.cuda-lint.yaml",
                       "Checks: '-*,cuda-wmma-divergent'\n"
                       "WarningsAsErrors: 'cuda-wmma-*'\n"
                       "HeaderFilterRegex: '^src/'\n"
                       "CheckOptions:\n"
                       "  cuda-kernel-launch-unchecked.CheckFunctions: 'check_last'\n"
                       "Baseline: tools/base.json\n");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  EXPECT_EQ(*C->Options.Checks, "-*,cuda-wmma-divergent");
  EXPECT_EQ(*C->Options.WarningsAsErrors, "cuda-wmma-*");
  EXPECT_EQ(*C->Options.HeaderFilterRegex, "^src/");
  ASSERT_EQ(C->Options.CheckOptions.count("cuda-kernel-launch-unchecked.CheckFunctions"), 1u);
  EXPECT_EQ(C->Options.CheckOptions["cuda-kernel-launch-unchecked.CheckFunctions"].Value,
            "check_last");
  ASSERT_TRUE(C->Baseline.has_value());
  EXPECT_EQ(*C->Baseline, "/proj/tools/base.json");
  EXPECT_TRUE(C->Warnings.empty());
}

TEST(DriverConfig, UnknownOptionsAreWarningsWithASuggestion) {
  auto C = parseConfig("/proj/.cuda-lint.yaml",
                       "CheckOptions:\n"
                       "  cuda-kernel-launch-unchecked.CheckFunction: 'f'\n"
                       "  cuda-launch-bounds-invalid.RequireWarpMultiple: true\n");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  ASSERT_EQ(C->Warnings.size(), 1u);
  EXPECT_NE(C->Warnings[0].find("/proj/.cuda-lint.yaml:2:3: warning: unknown option "
                                "'CheckFunction' of rule 'cuda-kernel-launch-unchecked'; "
                                "did you mean 'CheckFunctions'?"),
            std::string::npos)
      << C->Warnings[0];
  EXPECT_EQ(knownCheckOptions().count("cuda-launch-bounds-invalid.RequireWarpMultiple"), 1u);
  EXPECT_EQ(knownCheckOptions().at("cuda-launch-bounds-invalid.RequireWarpMultiple"), "false");
}

TEST(DriverConfig, ErrorsNameFileLineAndColumn) {
  auto C = parseConfig("/proj/.cuda-lint.yaml", "# c\nChecks: 'cuda-*'\nCheckOptions: 42\n");
  ASSERT_FALSE(bool(C));
  std::string Msg = llvm::toString(C.takeError());
  EXPECT_NE(Msg.find("/proj/.cuda-lint.yaml:3:"), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("error"), std::string::npos) << Msg;
}

TEST(DriverConfig, GlobsMatchingNoRuleAreErrorsAtTheirLine) {
  auto C = parseConfig("/p/.cuda-lint.yaml",
                       "WarningsAsErrors: 'cuda-nope'\n"
                       "Checks: '-*,cuda-wmma-divergnet,-cuda-also-nope,-clang-analyzer-*'\n");
  ASSERT_FALSE(bool(C));
  std::string All = llvm::toString(C.takeError());
  EXPECT_NE(All.find("/p/.cuda-lint.yaml:1:20: error: WarningsAsErrors: unknown rule id 'cuda-nope'"),
            std::string::npos) << All;
  EXPECT_NE(All.find("/p/.cuda-lint.yaml:2:13: error: Checks: unknown rule id "
                     "'cuda-wmma-divergnet'; did you mean 'cuda-wmma-divergent'?"),
            std::string::npos) << All;
  EXPECT_NE(All.find("'cuda-also-nope'"), std::string::npos) << All;
  // A removal outside the rules' prefix removes nothing and is not judged.
  EXPECT_EQ(All.find("clang-analyzer"), std::string::npos) << All;
}

TEST(DriverConfig, GlobProblems) {
  EXPECT_EQ(checkGlobProblem("cuda-wmma-divergent"), "");
  EXPECT_EQ(checkGlobProblem("cuda-wmma-*"), "");
  EXPECT_EQ(checkGlobProblem("*"), "");
  EXPECT_EQ(checkGlobProblem("clang-diagnostic-error"), "");
  EXPECT_EQ(checkGlobProblem("cuda-wmmx-*"),
            "check glob 'cuda-wmmx-*' matches no rule; did you mean 'cuda-wmma-*'?");
  EXPECT_NE(checkGlobProblem("bugprone-*").find("matches no rule"), std::string::npos);
  EXPECT_TRUE(enablesAnyRule(""));
  EXPECT_TRUE(enablesAnyRule("-*,cuda-wmma-divergent"));
  EXPECT_FALSE(enablesAnyRule("-*"));
  EXPECT_FALSE(enablesAnyRule("-cuda-*"));
}

TEST(DriverConfig, UnknownRuleOptionsAreWarningsAtTheirLine) {
  auto C = parseConfig("/p/.cuda-lint.yaml",
                       "CheckOptions:\n"
                       "  - key: cuda-listed.Opt\n"
                       "    value: 1\n");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  ASSERT_EQ(C->Warnings.size(), 1u);
  EXPECT_NE(C->Warnings[0].find("/p/.cuda-lint.yaml:2:10: warning: unknown rule id 'cuda-listed'"),
            std::string::npos) << C->Warnings[0];
}

TEST(DriverConfig, InvalidHeaderFilterIsAnError) {
  auto C = parseConfig("/p/.cuda-lint.yaml", "HeaderFilterRegex: '['\n");
  ASSERT_FALSE(bool(C));
  EXPECT_NE(llvm::toString(C.takeError()).find("/p/.cuda-lint.yaml:1:1: error: HeaderFilterRegex: "
                                               "invalid regular expression '['"),
            std::string::npos);
}

TEST(DriverConfig, CompilersOption) {
  EXPECT_EQ(parseCompilers("nvcc"), unsigned(CudaCompiler::Nvcc));
  EXPECT_EQ(parseCompilers("clang"), unsigned(CudaCompiler::Clang));
  EXPECT_EQ(parseCompilers(" Clang ; nvcc"),
            unsigned(CudaCompiler::Nvcc) | unsigned(CudaCompiler::Clang));
  EXPECT_FALSE(parseCompilers(""));
  EXPECT_FALSE(parseCompilers("gcc"));
  EXPECT_FALSE(parseCompilers("nvcc,gcc"));
  auto Good = parseConfig("/proj/.cuda-lint.yaml", "CheckOptions:\n  CudaLint.Compilers: nvcc,clang\n");
  ASSERT_TRUE(bool(Good)) << llvm::toString(Good.takeError());
  EXPECT_TRUE(Good->Warnings.empty());
  auto Bad = parseConfig("/proj/.cuda-lint.yaml", "CheckOptions:\n  CudaLint.Compilers: icc\n");
  ASSERT_FALSE(bool(Bad));
  EXPECT_NE(llvm::toString(Bad.takeError()).find(".cuda-lint.yaml:2:3: error: invalid value 'icc'"),
            std::string::npos);
  auto Typo = parseConfig("/proj/.cuda-lint.yaml", "CheckOptions:\n  CudaLint.Compiler: nvcc\n");
  ASSERT_TRUE(bool(Typo)) << llvm::toString(Typo.takeError());
  ASSERT_EQ(Typo->Warnings.size(), 1u);
  EXPECT_NE(Typo->Warnings[0].find("unknown global option 'CudaLint.Compiler'"), std::string::npos);
}

/// An owned clang error at a line the rule accepted for the project's
/// compiler is dropped; the same error elsewhere is relabelled.
TEST(DriverRelabel, AcceptedLinesDropOwnedErrors) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("accepted", "cu", Path));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << "line1\nline2\nline3\n";
  }
  auto Owned = [&](unsigned Offset) {
    clang::tidy::ClangTidyError E("clang-diagnostic-error", clang::tooling::Diagnostic::Error,
                                  "/", false);
    E.Message.Message = "initialization is not supported for __shared__ variables";
    E.Message.FilePath = std::string(Path);
    E.Message.FileOffset = Offset;
    return Finding{std::move(E), {"sm_90"}, std::string(Path)};
  };
  std::vector<Finding> Findings;
  Findings.push_back(Owned(0)); // line 1: accepted
  Findings.push_back(Owned(6)); // line 2: not
  std::vector<AcceptedLine> Accepted{{std::string(Path), 1, "cuda-shared-initializer"},
                                     {std::string(Path), 2, "cuda-other-rule"}};
  relabelOwnedCompilerDiagnostics(
      Findings, [](llvm::StringRef) { return true; }, /*Nvcc=*/true, Accepted);
  ASSERT_EQ(Findings.size(), 1u);
  EXPECT_EQ(Findings[0].Error.DiagnosticName, "cuda-shared-initializer");
  EXPECT_EQ(Findings[0].Error.Message.FileOffset, 6u);
  llvm::sys::fs::remove(Path);
}

/// clang's "__grid_constant__ is only allowed on const-qualified kernel
/// parameters" is owned by two rules: cuda-grid-constant-invalid everywhere,
/// cuda-grid-constant-ignored where a check claimed the line for it. The
/// claim attributes it whichever rules are enabled; without one it stays the
/// everywhere-owner's.
TEST(DriverRelabel, ClaimsPickTheOwnerOfASharedMessage) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("claimed", "cu", Path));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << "line1\nline2\nline3\n";
  }
  auto Owned = [&](unsigned Offset) {
    clang::tidy::ClangTidyError E("clang-diagnostic-error", clang::tooling::Diagnostic::Error,
                                  "/", false);
    E.Message.Message = "__grid_constant__ is only allowed on const-qualified kernel parameters";
    E.Message.FilePath = std::string(Path);
    E.Message.FileOffset = Offset;
    return Finding{std::move(E), {"host"}, std::string(Path)};
  };
  std::vector<AcceptedLine> Claims{
      {std::string(Path), 1, "cuda-grid-constant-ignored", /*Claim=*/true}};
  auto Run = [&](std::function<bool(llvm::StringRef)> Enabled, bool Nvcc) {
    std::vector<Finding> Findings;
    Findings.push_back(Owned(0)); // line 1: claimed for cuda-grid-constant-ignored
    Findings.push_back(Owned(6)); // line 2: not claimed
    relabelOwnedCompilerDiagnostics(Findings, Enabled, Nvcc, Claims);
    std::vector<std::string> Names;
    for (const Finding &F : Findings)
      Names.push_back(F.Error.DiagnosticName + "@" + std::to_string(F.Error.Message.FileOffset));
    return Names;
  };
  auto All = [](llvm::StringRef) { return true; };
  EXPECT_EQ(Run(All, false), (std::vector<std::string>{"cuda-grid-constant-ignored@0",
                                                       "cuda-grid-constant-invalid@6"}));
  // A claim is not an accepted line: it drops nothing by itself.
  auto OnlyInvalid = [](llvm::StringRef Id) { return Id == "cuda-grid-constant-invalid"; };
  EXPECT_EQ(Run(OnlyInvalid, false), (std::vector<std::string>{"cuda-grid-constant-ignored@0",
                                                               "cuda-grid-constant-invalid@6"}));
  // On an nvcc command a disabled owner's message stays only where nvcc rejects the code:
  // cuda-grid-constant-ignored has no nvcc-rejects, so the claimed one goes.
  EXPECT_EQ(Run(OnlyInvalid, true), (std::vector<std::string>{"cuda-grid-constant-invalid@6"}));
  llvm::sys::fs::remove(Path);
}

TEST(DriverConfig, StripKeepsLinePositions) {
  std::string S = stripCudaLintKeys("Baseline: x\nChecks: a\n");
  EXPECT_EQ(S, "\nChecks: a\n\n");
}

TEST(DriverBaseline, RelativePath) {
  EXPECT_EQ(relativePath("/a/b/c.cu", "/a"), "b/c.cu");
  EXPECT_EQ(relativePath("/a/b/../c.cu", "/a/"), "c.cu");
  EXPECT_EQ(relativePath("/ab/c.cu", "/a"), "/ab/c.cu");
}

TEST(DriverBaseline, AtomicWriteKeepsPermissions) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cuda-lint-test", Dir));
  llvm::SmallString<128> File(Dir);
  llvm::sys::path::append(File, "f.cu");
  ASSERT_FALSE(bool(writeFileAtomically(File, "old\n")));
  ASSERT_FALSE(llvm::sys::fs::setPermissions(
      File, llvm::sys::fs::owner_read | llvm::sys::fs::owner_write |
                llvm::sys::fs::group_read));
  ASSERT_FALSE(bool(writeFileAtomically(File, "new\n")));
  auto Perms = llvm::sys::fs::getPermissions(File);
  ASSERT_TRUE(bool(Perms));
  EXPECT_EQ(*Perms, llvm::sys::fs::owner_read | llvm::sys::fs::owner_write |
                        llvm::sys::fs::group_read);
  auto Buf = llvm::MemoryBuffer::getFile(File);
  ASSERT_TRUE(bool(Buf));
  EXPECT_EQ((*Buf)->getBuffer(), "new\n");
  // Nothing but the file is left in the directory.
  std::error_code EC;
  unsigned Entries = 0;
  for (llvm::sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC))
    ++Entries;
  EXPECT_EQ(Entries, 1u);
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace

namespace {

/// A scratch directory tree for the configuration-file tests.
struct ConfigTree {
  llvm::SmallString<128> Root;
  ConfigTree() { llvm::sys::fs::createUniqueDirectory("cuda-lint-config", Root); }
  ~ConfigTree() { llvm::sys::fs::remove_directories(Root); }
  std::string write(llvm::StringRef Rel, llvm::StringRef Text) {
    llvm::SmallString<128> P(Root);
    llvm::sys::path::append(P, Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    return std::string(P);
  }
};

TEST(DriverConfig, ClangTidyFileJudgesOnlyCudaGlobs) {
  auto C = parseConfig("/proj/.clang-tidy", "Checks: '-*,bugprone-*,-cuda-wmma-divergent'\n"
                                            "Baseline: b.json\n");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  EXPECT_FALSE(C->Baseline.has_value()); // cuda-lint's key, read from .cuda-lint.yaml only
  auto Typo = parseConfig("/proj/.clang-tidy", "Checks: 'bugprone-*,-cuda-wmma-divergnet'\n");
  ASSERT_FALSE(bool(Typo));
  EXPECT_NE(llvm::toString(Typo.takeError()).find("did you mean 'cuda-wmma-divergent'"),
            std::string::npos);
  // In a .cuda-lint.yaml, bugprone-* matches no rule: an error as before.
  auto Own = parseConfig("/proj/.cuda-lint.yaml", "Checks: 'bugprone-*'\n");
  EXPECT_FALSE(bool(Own));
  if (!Own)
    llvm::consumeError(Own.takeError());
}

TEST(DriverConfig, CudaLintYamlWinsOverTheClangTidyBesideIt) {
  ConfigTree T;
  T.write(".clang-tidy", "Checks: '-cuda-wmma-divergent,-cuda-brkpt'\n"
                         "CheckOptions:\n  cuda-wmma-divergent.MaxCallDepth: 2\n");
  T.write(".cuda-lint.yaml", "Checks: 'cuda-brkpt'\n"
                             "CheckOptions:\n  cuda-wmma-divergent.MaxCallDepth: 5\n");
  std::string F = T.write("src/k.cu", "");
  EXPECT_EQ(configFilesFor(F).size(), 2u);
  clang::tidy::ClangTidyOptions O = configuredOptions(F);
  ASSERT_TRUE(O.Checks.has_value());
  // The .clang-tidy's globs first, the .cuda-lint.yaml's after them (they win).
  EXPECT_NE(O.Checks->find("-cuda-wmma-divergent,-cuda-brkpt"), std::string::npos);
  EXPECT_GT(O.Checks->rfind("cuda-brkpt"), O.Checks->find("-cuda-brkpt"));
  EXPECT_EQ(O.CheckOptions["cuda-wmma-divergent.MaxCallDepth"].Value, "5");
}

TEST(DriverConfig, NearerDirectoryWinsUnlessItInherits) {
  ConfigTree T;
  T.write(".clang-tidy", "Checks: '-cuda-brkpt'\n");
  T.write("a/.cuda-lint.yaml", "Checks: '-cuda-wmma-divergent'\n");
  T.write("b/.cuda-lint.yaml", "InheritParentConfig: true\nChecks: '-cuda-wmma-divergent'\n");
  clang::tidy::ClangTidyOptions A = configuredOptions(T.write("a/k.cu", ""));
  ASSERT_TRUE(A.Checks.has_value());
  EXPECT_EQ(A.Checks->find("cuda-brkpt"), std::string::npos);
  clang::tidy::ClangTidyOptions B = configuredOptions(T.write("b/k.cu", ""));
  ASSERT_TRUE(B.Checks.has_value());
  EXPECT_NE(B.Checks->find("-cuda-brkpt"), std::string::npos);
  EXPECT_NE(B.Checks->find("-cuda-wmma-divergent"), std::string::npos);
  // No configuration anywhere below the root: nothing set.
  ConfigTree Empty;
  std::string Alone = Empty.write("k.cu", "");
  if (configFilesFor(Alone).empty()) { // (unless the machine has one above the temp directory)
    EXPECT_FALSE(configuredOptions(Alone).Checks.has_value());
  }
}

} // namespace
