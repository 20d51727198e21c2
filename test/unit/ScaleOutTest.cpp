//===- ScaleOutTest.cpp - Launcher mode, SARIF merging, header filter forms ===//
#include "driver/Launcher.h"
#include "driver/LintRunner.h"
#include "driver/SarifMerge.h"
#include "gtest/gtest.h"

using namespace cuda_lint;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

TEST(Launcher, SplitsOptionsFromTheCommand) {
  LauncherCommand L = splitLauncherCommand(
      {"--launcher-fail-on=error", "--checks=-*,cuda-wmma-*", "sccache", "/usr/local/cuda/bin/nvcc",
       "-c", "a.cu", "-o", "a.o"});
  EXPECT_EQ(L.ToolArgs, (std::vector<std::string>{"--launcher-fail-on=error",
                                                  "--checks=-*,cuda-wmma-*"}));
  ASSERT_EQ(L.Command.size(), 6u);
  EXPECT_EQ(L.Command.front(), "sccache");
  EXPECT_EQ(L.CompilerIndex, 1u); // nvcc, after the launcher
}

TEST(Launcher, FindsTheCompilerInTheChain) {
  EXPECT_EQ(compilerIndex({"ccache", "g++-12", "-c", "x.cpp"}), 1u);
  EXPECT_EQ(compilerIndex({"/bin/sh", "rec.sh", "x86_64-linux-gnu-g++", "-c", "x.cpp"}), 2u);
  EXPECT_EQ(compilerIndex({"clang++-22", "-c", "x.cu"}), 0u);
  EXPECT_EQ(compilerIndex({"distcc", "icecc", "mycc", "-c", "x.cu"}), 2u); // not a known name
  EXPECT_EQ(compilerIndex({}), 0u);
}

TEST(Launcher, CompiledUnit) {
  auto U = compiledUnit({"nvcc", "-MD", "-MT", "CMakeFiles/p.dir/a.cu.o", "-MF",
                         "CMakeFiles/p.dir/a.cu.o.d", "-x", "cu", "-c", "/src/a.cu", "-o",
                         "CMakeFiles/p.dir/a.cu.o"});
  ASSERT_TRUE(U);
  EXPECT_EQ(U->Source, "/src/a.cu");
  EXPECT_EQ(U->Object, "CMakeFiles/p.dir/a.cu.o");
  U = compiledUnit({"g++", "-oout.o", "-c", "h.cpp"});
  ASSERT_TRUE(U);
  EXPECT_EQ(U->Object, "out.o");
  U = compiledUnit({"nvcc", "-dc", "k.cu", "--output-file=k.o"});
  ASSERT_TRUE(U);
  EXPECT_EQ(U->Object, "k.o");
  EXPECT_EQ(launcherSarifPath(U->Object), "k.o.cuda-lint.sarif");
  // Not a compile of one source: a link, preprocessing, two sources, no -c.
  EXPECT_FALSE(compiledUnit({"nvcc", "a.o", "b.o", "-o", "app"}));
  EXPECT_FALSE(compiledUnit({"nvcc", "-E", "-c", "a.cu"}));
  EXPECT_FALSE(compiledUnit({"g++", "-c", "a.cpp", "b.cpp"}));
  EXPECT_FALSE(compiledUnit({"nvcc", "a.cu", "-o", "a"}));
  EXPECT_FALSE(compiledUnit({"nvcc", "--version"}));
  EXPECT_FALSE(compiledUnit({}));
}

TEST(HeaderFilter, FormsAreAbsoluteAndRelativeToEachRoot) {
  EXPECT_EQ(headerFilterForms("/p/include/k.cuh", {"/p", "/p/build"}),
            (std::vector<std::string>{"/p/include/k.cuh", "include/k.cuh"}));
  EXPECT_EQ(headerFilterForms("/p/build/gen/g.h", {"/p/", "/p/build"}),
            (std::vector<std::string>{"/p/build/gen/g.h", "build/gen/g.h", "gen/g.h"}));
  // A prefix that is not a directory of the path is no root of it.
  EXPECT_EQ(headerFilterForms("/proj2/x.h", {"/proj"}), (std::vector<std::string>{"/proj2/x.h"}));
  EXPECT_EQ(headerFilterForms("/usr/include/x.h", {}),
            (std::vector<std::string>{"/usr/include/x.h"}));
}

namespace {

/// A minimal cuda-lint SARIF log: rules \p Rules, one artifact per file of
/// \p Results (rule id, relative file), results referring to them.
Value log(const std::vector<std::string> &Rules,
          const std::vector<std::pair<std::string, std::string>> &Results, bool Ok = true) {
  Array RuleArray, Artifacts, ResultArray;
  for (const std::string &R : Rules)
    RuleArray.push_back(Object{{"id", R}});
  std::vector<std::string> Files;
  for (const auto &[Rule, File] : Results) {
    size_t Idx = std::find(Files.begin(), Files.end(), File) - Files.begin();
    if (Idx == Files.size()) {
      Files.push_back(File);
      Artifacts.push_back(Object{{"location", Object{{"uri", "file:///p/" + File}, {"index", int64_t(Idx)}}}});
    }
    size_t RuleIdx = std::find(Rules.begin(), Rules.end(), Rule) - Rules.begin();
    ResultArray.push_back(Object{
        {"ruleId", Rule},
        {"ruleIndex", int64_t(RuleIdx)},
        {"message", Object{{"text", "m"}}},
        {"locations",
         Array{Object{{"physicalLocation",
                       Object{{"artifactLocation", Object{{"uri", File}, {"uriBaseId", "SRCROOT"},
                                                           {"index", int64_t(Idx)}}},
                              {"region", Object{{"startLine", 1}}}}}}}}});
  }
  return Object{{"version", "2.1.0"},
                {"runs", Array{Object{
                             {"tool", Object{{"driver", Object{{"name", "cuda-lint"},
                                                                {"rules", std::move(RuleArray)}}}}},
                             {"originalUriBaseIds",
                              Object{{"SRCROOT", Object{{"uri", "file:///p/"}}}}},
                             {"artifacts", std::move(Artifacts)},
                             {"results", std::move(ResultArray)},
                             {"invocations", Array{Object{{"executionSuccessful", Ok}}}}}}}};
}

} // namespace

TEST(SarifMerge, RemapsRulesAndArtifactsAndDeduplicates) {
  std::vector<SarifInput> In;
  In.push_back({"a", log({"cuda-x", "cuda-y"}, {{"cuda-y", "b.cu"}, {"cuda-x", "h.cuh"}})});
  In.push_back({"b", log({"clang-diagnostic-error", "cuda-x", "cuda-y"},
                         {{"cuda-x", "h.cuh"}, {"clang-diagnostic-error", "a.cu"}}, false)});
  auto M = mergeSarifLogs(In);
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  const Object &Run = *(*M->getAsObject()->getArray("runs"))[0].getAsObject();
  const Array &Rules = *Run.getObject("tool")->getObject("driver")->getArray("rules");
  ASSERT_EQ(Rules.size(), 3u); // cuda-x, cuda-y, then the compiler diagnostic
  const Array &Results = *Run.getArray("results");
  ASSERT_EQ(Results.size(), 3u); // h.cuh's finding once
  const Array &Artifacts = *Run.getArray("artifacts");
  EXPECT_EQ(Artifacts.size(), 3u);
  for (const Value &R : Results) {
    const Object &RO = *R.getAsObject();
    int64_t RuleIdx = *RO.getInteger("ruleIndex");
    EXPECT_EQ(*Rules[RuleIdx].getAsObject()->getString("id"), *RO.getString("ruleId"));
    const Object &Loc = *(*RO.getArray("locations"))[0]
                             .getAsObject()
                             ->getObject("physicalLocation")
                             ->getObject("artifactLocation");
    std::string Uri = Loc.getString("uri")->str();
    int64_t ArtIdx = *Loc.getInteger("index");
    EXPECT_EQ(Artifacts[ArtIdx].getAsObject()->getObject("location")->getString("uri")->str(),
              "file:///p/" + Uri);
  }
  // Sorted by file: a.cu, b.cu, h.cuh.
  EXPECT_EQ(*(*Results[0].getAsObject()).getString("ruleId"), "clang-diagnostic-error");
  // Both invocations, the failed one included.
  const Array &Inv = *Run.getArray("invocations");
  ASSERT_EQ(Inv.size(), 2u);
  EXPECT_EQ(Inv[1].getAsObject()->getBoolean("executionSuccessful"), false);
}

TEST(SarifMerge, RejectsOtherDocuments) {
  std::vector<SarifInput> In;
  In.push_back({"x.sarif", Object{{"version", "2.0.0"}}});
  auto M = mergeSarifLogs(In);
  ASSERT_FALSE(bool(M));
  EXPECT_NE(llvm::toString(M.takeError()).find("x.sarif: not a SARIF 2.1.0 log"),
            std::string::npos);
  auto Empty = mergeSarifLogs({});
  EXPECT_FALSE(bool(Empty));
  llvm::consumeError(Empty.takeError());
}
