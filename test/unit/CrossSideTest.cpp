//===- CrossSideTest.cpp - Side facts: serialization, layouts, the merge --===//
#include "analysis/CrossSide.h"
#include "analysis/TypeLayout.h"
#include "checks/HostDeviceLayoutMismatchCheck.h"
#include "driver/LintRunner.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace cuda_lint;
using namespace clang;
namespace json = llvm::json;

namespace {

SideFact fact(std::string Rule, std::string Key, json::Value V) {
  SideFact F;
  F.RuleId = std::move(Rule);
  F.Key = std::move(Key);
  F.Locations = {{"/src/k.cu", 120}, {"/src/k.cuh", 7}};
  F.Value = std::move(V);
  return F;
}

TEST(CrossSideTest, FactRoundTripThroughText) {
  SideFact F = fact("cuda-host-device-layout-mismatch", "k(S)#0",
                    json::Object{{"layout", json::Object{{"size", 12}, {"fields", json::Array{}}}},
                                 {"param", "s \"quoted\"\n\xc3\xa9"}});
  std::string Text;
  llvm::raw_string_ostream(Text) << sideFactToJSON(F);
  auto Parsed = json::parse(Text);
  ASSERT_TRUE(bool(Parsed));
  auto Back = sideFactFromJSON(*Parsed);
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->RuleId, F.RuleId);
  EXPECT_EQ(Back->Key, F.Key);
  ASSERT_EQ(Back->Locations.size(), 2u);
  EXPECT_EQ(Back->Locations[1].File, "/src/k.cuh");
  EXPECT_EQ(Back->Locations[1].Offset, 7u);
  EXPECT_EQ(Back->Value, F.Value);
}

TEST(CrossSideTest, MalformedFactsAreErrors) {
  EXPECT_FALSE(bool(sideFactFromJSON(json::Value(3))));
  llvm::Expected<SideFact> NoRule = sideFactFromJSON(json::Array{nullptr, "k", json::Array{}, 1});
  EXPECT_FALSE(bool(NoRule));
  llvm::consumeError(NoRule.takeError());
  llvm::Expected<SideFact> Short = sideFactFromJSON(json::Array{"r", "k", json::Array{}});
  EXPECT_FALSE(bool(Short));
  llvm::consumeError(Short.takeError());
  llvm::Expected<SideFact> BadLoc =
      sideFactFromJSON(json::Array{"r", "k", json::Array{1}, nullptr});
  EXPECT_FALSE(bool(BadLoc));
  llvm::consumeError(BadLoc.takeError());
  llvm::Expected<SideFact> NegativeOffset =
      sideFactFromJSON(json::Array{"r", "k", json::Array{json::Array{"f", -1}}, nullptr});
  EXPECT_FALSE(bool(NegativeOffset));
  llvm::consumeError(NegativeOffset.takeError());
  // The well-formed neighbour of the cases above.
  llvm::Expected<SideFact> Good =
      sideFactFromJSON(json::Array{"r", "k", json::Array{json::Array{"f", 3}}, nullptr});
  ASSERT_TRUE(bool(Good)) << llvm::toString(Good.takeError());
  EXPECT_EQ(Good->Locations[0].Offset, 3u);
}

TEST(CrossSideTest, CollectorIsPerThreadAndNested) {
  EXPECT_FALSE(collectingSideFacts());
  recordSideFact(fact("r", "dropped", nullptr)); // no collector: nothing
  SideFactCollector Outer;
  recordSideFact(fact("r", "outer", nullptr));
  {
    SideFactCollector Inner;
    EXPECT_TRUE(collectingSideFacts());
    recordSideFact(fact("r", "inner", nullptr));
    std::vector<SideFact> In = Inner.take();
    ASSERT_EQ(In.size(), 1u);
    EXPECT_EQ(In[0].Key, "inner");
  }
  std::vector<SideFact> Out = Outer.take();
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Key, "outer");
}

/// A comparator of a test rule: a finding when the values differ, naming them.
std::optional<CrossSideFinding> differs(const SideFact &H, const SideFact &D, llvm::StringRef) {
  if (H.Value == D.Value)
    return std::nullopt;
  CrossSideFinding F;
  F.Message = {"values differ for " + H.Key, H.Locations.front()};
  F.Notes.push_back({"device value here", D.Locations.back()});
  return F;
}

TEST(CrossSideTest, MergeComparesHostWithEachDeviceSide) {
  registerCrossSideComparator("cuda-test-cross-side", differs);
  std::vector<AnalysisSide> Sides(3);
  Sides[0].Name = "host";
  Sides[1].Name = "sm_80";
  Sides[1].IsDevice = true;
  Sides[2].Name = "sm_90";
  Sides[2].IsDevice = true;
  std::vector<std::optional<SideResult>> Results(3);
  for (auto &R : Results)
    R.emplace();
  Results[0]->Facts = {fact("cuda-test-cross-side", "a", 1), fact("cuda-test-cross-side", "b", 1),
                       fact("cuda-no-comparator", "a", 1)};
  Results[1]->Facts = {fact("cuda-test-cross-side", "a", 2), fact("cuda-test-cross-side", "b", 1),
                       fact("cuda-no-comparator", "a", 2), fact("cuda-test-cross-side", "c", 5)};
  Results[2]->Facts = {fact("cuda-test-cross-side", "a", 2), fact("cuda-test-cross-side", "b", 3)};
  TranslationUnitResult TU = mergeSides("/src/k.cu", Sides, Results);
  ASSERT_EQ(TU.Findings.size(), 2u);
  // "a" differs on both device sides: one finding, both sides, no architecture tag.
  EXPECT_EQ(TU.Findings[0].Error.DiagnosticName, "cuda-test-cross-side");
  EXPECT_EQ(TU.Findings[0].Error.Message.Message, "values differ for a");
  EXPECT_EQ(TU.Findings[0].Error.Message.FilePath, "/src/k.cu");
  EXPECT_EQ(TU.Findings[0].Error.Message.FileOffset, 120u);
  ASSERT_EQ(TU.Findings[0].Error.Notes.size(), 1u);
  EXPECT_EQ(TU.Findings[0].Error.Notes[0].FilePath, "/src/k.cuh");
  EXPECT_EQ(TU.Findings[0].Sides, (std::vector<std::string>{"sm_80", "sm_90"}));
  // "b" differs on sm_90 only: tagged with it.
  EXPECT_EQ(TU.Findings[1].Error.Message.Message, "values differ for b [sm_90]");
  EXPECT_EQ(TU.Findings[1].Sides, (std::vector<std::string>{"sm_90"}));

  // Without the host side's result (it failed), nothing is compared.
  Results[0]->ToolFailure = "the checker crashed";
  TranslationUnitResult Failed = mergeSides("/src/k.cu", Sides, Results);
  EXPECT_TRUE(Failed.Findings.empty());
}

/// The layout facts of every kernel parameter in \p Code compiled as C++ with \p Args.
struct Side {
  std::unique_ptr<ASTUnit> AST;
  std::vector<SideFact> Facts;
};
Side layoutsOf(llvm::StringRef Code, std::vector<std::string> Args) {
  Side S;
  S.AST = tooling::buildASTFromCodeWithArgs(Code, Args, "k.cpp");
  ASTContext &Ctx = S.AST->getASTContext();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD)
      continue;
    for (const ParmVarDecl *P : FD->parameters()) {
      std::vector<SourceLocation> Locs{P->getLocation()};
      std::optional<TypeLayout> L = describeLayout(Ctx, P->getType(), Locs);
      if (!L)
        continue;
      SideFact F;
      F.RuleId = "cuda-host-device-layout-mismatch";
      F.Key = FD->getNameAsString() + "#" + P->getNameAsString();
      for (SourceLocation Loc : Locs)
        F.Locations.push_back(factLocation(Ctx.getSourceManager(), Loc).value_or(FactLocation{}));
      F.Value = json::Array{FD->getNameAsString(), P->getNameAsString(), layoutToJSON(*L)};
      S.Facts.push_back(std::move(F));
    }
  }
  return S;
}

const char *LayoutCode = R"(
struct Inner { short s;
#ifdef DEV
  int pad;
#endif
  int x; };
struct Outer { int before; Inner in; };
struct Same { int a; double d; unsigned f : 3; };
#ifdef DEV
#pragma pack(push, 1)
#endif
struct Packed { char c; int i; };
#ifdef DEV
#pragma pack(pop)
#endif
void k(Outer o, Same s, Packed p, long n);
)";

TEST(CrossSideTest, LayoutsCompareAcrossCompilations) {
  Side Host = layoutsOf(LayoutCode, {"-std=c++17"});
  Side Dev = layoutsOf(LayoutCode, {"-std=c++17", "-DDEV"});
  ASSERT_EQ(Host.Facts.size(), 4u);
  ASSERT_EQ(Dev.Facts.size(), 4u);

  // Serialized and read back, as between a worker process and the driver.
  for (SideFact &F : Dev.Facts) {
    auto Back = sideFactFromJSON(sideFactToJSON(F));
    ASSERT_TRUE(bool(Back));
    F = std::move(*Back);
  }

  // Outer: the nested member only the device side has.
  auto LayoutOf = [](const SideFact &F) {
    std::optional<TypeLayout> L = layoutFromJSON((*F.Value.getAsArray())[2]);
    EXPECT_TRUE(L);
    return L.value_or(TypeLayout{});
  };
  TypeLayout HostOuter = LayoutOf(Host.Facts[0]);
  EXPECT_EQ(HostOuter.Type, "Outer");
  // before, in, in.s, in.x on the host side.
  EXPECT_EQ(HostOuter.Fields.size(), 4u);
  std::optional<LayoutDifference> D0 = compareLayouts(HostOuter, LayoutOf(Dev.Facts[0]));
  ASSERT_TRUE(D0);
  EXPECT_EQ(D0->HostSize, 12);
  EXPECT_EQ(D0->DeviceSize, 16);
  EXPECT_EQ(D0->Field, "in.pad");
  EXPECT_FALSE(D0->HostField);
  EXPECT_TRUE(D0->DeviceField);
  EXPECT_EQ(D0->DeviceBit, 64);

  std::optional<CrossSideFinding> F0 =
      compareHostDeviceLayouts(Host.Facts[0], Dev.Facts[0], "sm_90");
  ASSERT_TRUE(F0);
  EXPECT_NE(F0->Message.Message.find("'Outer', type of parameter 'o' of kernel 'k'"),
            std::string::npos)
      << F0->Message.Message;
  ASSERT_EQ(F0->Notes.size(), 1u);
  EXPECT_EQ(F0->Notes[0].Message, "field 'in.pad' (byte offset 8) exists on the device side only");
  EXPECT_EQ(F0->Notes[0].Where.File, "k.cpp");

  // Same, and long: identical on both.
  EXPECT_FALSE(compareHostDeviceLayouts(Host.Facts[1], Dev.Facts[1], "sm_90"));
  EXPECT_FALSE(compareHostDeviceLayouts(Host.Facts[3], Dev.Facts[3], "sm_90"));

  // Packed: the same fields at other offsets.
  std::optional<CrossSideFinding> F2 =
      compareHostDeviceLayouts(Host.Facts[2], Dev.Facts[2], "sm_90");
  ASSERT_TRUE(F2);
  EXPECT_EQ(F2->Notes[0].Message,
            "field 'i' is at byte offset 4 on the host side and at byte offset 1 on the device side");
}

TEST(CrossSideTest, SizeOnlyAndWidthDifferences) {
  TypeLayout A{"S", 12, 4, 0, {}};
  TypeLayout B{"S", 16, 16, 0, {}};
  std::optional<LayoutDifference> D = compareLayouts(A, B);
  ASSERT_TRUE(D);
  EXPECT_FALSE(D->HostField);
  EXPECT_FALSE(D->DeviceField);
  EXPECT_FALSE(compareLayouts(A, A));
  auto WithField = [](int Bits) { return TypeLayout{"S", 4, 4, 0, {{"f", 4, Bits, 1}}}; };
  std::optional<LayoutDifference> W = compareLayouts(WithField(5), WithField(3));
  ASSERT_TRUE(W);
  EXPECT_EQ(W->Field, "f");
  EXPECT_EQ(W->HostBits, 5);
  EXPECT_EQ(W->DeviceBits, 3);
}

TEST(CrossSideTest, LayoutJSONRoundTripAndMalformedLayouts) {
  TypeLayout L{"Outer", 16, 8, 1, {{"in", 0, 64, 2}, {"in.x", 32, 32, 3}}};
  std::string Text;
  llvm::raw_string_ostream(Text) << layoutToJSON(L);
  EXPECT_EQ(Text, R"(["Outer",16,8,1,[["in",0,64,2],["in.x",32,32,3]]])");
  auto Parsed = json::parse(Text);
  ASSERT_TRUE(bool(Parsed));
  std::optional<TypeLayout> Back = layoutFromJSON(*Parsed);
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, L);
  // Not a layout: nullopt (and no crash), and a fact holding one compares
  // as no finding.
  EXPECT_FALSE(layoutFromJSON(json::Value(1)));
  EXPECT_FALSE(layoutFromJSON(json::Array{"S", 4, 4, 0}));
  EXPECT_FALSE(layoutFromJSON(json::Array{"S", 4, 4, 0, json::Array{json::Array{"f", 0, 8}}}));
  EXPECT_FALSE(layoutFromJSON(json::Array{"S", 4, 4, -1, json::Array{}}));
  SideFact Good = fact("cuda-host-device-layout-mismatch", "k#0",
                       json::Array{"k", "s", layoutToJSON(TypeLayout{"S", 4, 4, 0, {}})});
  SideFact Bad = fact("cuda-host-device-layout-mismatch", "k#0", json::Array{"k", "s", 1});
  EXPECT_FALSE(compareHostDeviceLayouts(Good, Bad, "sm_90"));
  EXPECT_FALSE(compareHostDeviceLayouts(Bad, Good, "sm_90"));
  SideFact Bigger = fact("cuda-host-device-layout-mismatch", "k#0",
                         json::Array{"k", "s", layoutToJSON(TypeLayout{"S", 8, 4, 0, {}})});
  EXPECT_TRUE(compareHostDeviceLayouts(Good, Bigger, "sm_90"));
}

} // namespace
