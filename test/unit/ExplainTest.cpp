//===- ExplainTest.cpp - rule pages rendered for a terminal ----------------===//
#include "driver/Explain.h"
#include "gtest/gtest.h"

using namespace cuda_lint;

namespace {

TEST(Explain, DropsFrontMatterAndComments) {
  std::string Out = renderForTerminal("---\nid: x\n---\n# title\n\n<!-- generated -->\ntext\n"
                                      "a <!-- inline --> b\n",
                                      TerminalStyle());
  EXPECT_EQ(Out, "# title\n\ntext a b\n");
}

TEST(Explain, AlignsATableThatFits) {
  std::string Out = renderForTerminal("| case | result |\n| --- | --- |\n| bad | `cudaErrorX` |\n"
                                      "| good | ok |\n",
                                      TerminalStyle());
  EXPECT_EQ(Out, "case  result\n----  ------------\nbad   `cudaErrorX`\ngood  ok\n");
}

TEST(Explain, ATableTooWideBecomesAList) {
  TerminalStyle Narrow;
  Narrow.Width = 30;
  std::string Out = renderForTerminal(
      "| feature | floor |\n| --- | --- |\n| a rather long description of it | sm_70 |\n", Narrow);
  EXPECT_EQ(Out, "- feature: a rather long\n    description of it\n  floor: sm_70\n");
}

TEST(Explain, WrapsParagraphsAndListItems) {
  TerminalStyle Narrow;
  Narrow.Width = 20;
  std::string Out =
      renderForTerminal("one two three four five six\n\n- item one two three four\n", Narrow);
  EXPECT_EQ(Out, "one two three four\nfive six\n\n- item one two three\n  four\n");
}

TEST(Explain, KeepsCodeAndReducesLinks) {
  std::string Out = renderForTerminal(
      "See [the guide](https://docs.nvidia.com/x) and [editors](editors.md), **now**.\n\n"
      "```cpp\nint  x;   // as is\n```\n",
      TerminalStyle());
  EXPECT_EQ(Out, "See the guide <https://docs.nvidia.com/x> and editors, now.\n\n"
                 "    int  x;   // as is\n");
}

TEST(Explain, ColoursHeadingsOnlyWhenAsked) {
  TerminalStyle Color;
  Color.Color = true;
  EXPECT_EQ(renderForTerminal("## Fix\n", Color), "\033[1;36m## Fix\033[0m\n");
  EXPECT_EQ(renderForTerminal("## Fix\n", TerminalStyle()), "## Fix\n");
}

} // namespace
