// Unit tests of leadingIncludeLines (lib/driver/Preamble.h): which leading
// lines of a main file a preamble of its leading includes may stand for.
// Every line it returns is skipped by the side that uses the preamble, so it
// must stop before anything that is not a plain #include line.
#include "driver/Preamble.h"
#include "clang/Basic/LangOptions.h"
#include "gtest/gtest.h"
#include <string>
#include <vector>

using namespace cuda_lint;

namespace {

/// The text each returned line covers, from its `#` to the end of its line.
std::vector<std::string> lines(llvm::StringRef Text) {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus17 = LO.CUDA = true;
  std::vector<std::string> Out;
  for (const LeadingIncludes::Line &L : leadingIncludeLines(Text, LO)) {
    EXPECT_LT(L.Hash, L.End);
    EXPECT_EQ(Text[L.Hash], '#');
    EXPECT_EQ(Text[L.End - 1], '\n');
    Out.push_back(Text.slice(L.Hash, L.End).str());
  }
  return Out;
}

using Lines = std::vector<std::string>;

TEST(LeadingIncludesTest, IncludeLinesUpToTheFirstDeclaration) {
  EXPECT_EQ(lines("#include <vector>\n#include \"a.h\"\nint x;\n#include <map>\n"),
            (Lines{"#include <vector>\n", "#include \"a.h\"\n"}));
}

TEST(LeadingIncludesTest, CommentsAndBlankLinesBetweenThem) {
  EXPECT_EQ(lines("// Copyright\n/* a\n   b */\n\n  #  include <vector>\n\n// x\n"
                  "#include <map> // for std::map\n__global__ void k();\n"),
            (Lines{"#  include <vector>\n", "#include <map> // for std::map\n"}));
}

TEST(LeadingIncludesTest, StopsAtAnyOtherDirective) {
  EXPECT_EQ(lines("#include <a.h>\n#define X 1\n#include <b.h>\n"), (Lines{"#include <a.h>\n"}));
  EXPECT_EQ(lines("#pragma once\n#include <a.h>\n"), Lines{});
  EXPECT_EQ(lines("#include <a.h>\n#if X\n#include <b.h>\n#endif\n"), (Lines{"#include <a.h>\n"}));
  EXPECT_EQ(lines("#include_next <a.h>\n"), Lines{});
  EXPECT_EQ(lines("#include MACRO\n"), Lines{});
}

TEST(LeadingIncludesTest, StopsAtALineThatDoesNotEndWithTheName) {
  // A block comment could run past the line; so could a backslash.
  EXPECT_EQ(lines("#include <a.h>\n#include <b.h> /* x\n y */\n"), (Lines{"#include <a.h>\n"}));
  EXPECT_EQ(lines("#include <a.h>\n#include <b.h> // x \\\nint y;\n"), (Lines{"#include <a.h>\n"}));
  EXPECT_EQ(lines("#include \\\n<a.h>\n"), Lines{});
  EXPECT_EQ(lines("#include <a.h> int x;\n"), Lines{});
  EXPECT_EQ(lines("#include <a.h\n#include <b.h>\n"), Lines{});
}

TEST(LeadingIncludesTest, LineEndsAsClangSeesThem) {
  // CRLF is one line end; a lone CR is one too (a pragma after it is not
  // part of the include line).
  EXPECT_EQ(lines("#include <a.h>\r\n#include <b.h>\r\nint x;\r\n"),
            (Lines{"#include <a.h>\r\n", "#include <b.h>\r\n"}));
  EXPECT_EQ(lines("#include <a.h> // x\r#pragma diag_suppress 177\n"), Lines{});
  EXPECT_EQ(lines("#include <a.h>\r#include <b.h>\n"), Lines{});
  // With trigraphs, `??/` at the end of a comment continues it.
  EXPECT_EQ(lines("#include <a.h> // x ??/\nint y;\n"), Lines{});
}

TEST(LeadingIncludesTest, ALastLineWithoutANewlineIsNotTaken) {
  EXPECT_EQ(lines("#include <a.h>\n#include <b.h>"), (Lines{"#include <a.h>\n"}));
  EXPECT_EQ(lines(""), Lines{});
}

} // namespace
