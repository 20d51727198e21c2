//===- FixesTest.cpp - --fix never corrupts a file ----------------------===//
#include "driver/Fixes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <unistd.h>

using namespace cuda_lint;

namespace {

struct TempDir {
  llvm::SmallString<128> Path;
  TempDir() { EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("cuda-lint-fixes", Path)); }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string file(llvm::StringRef Name, llvm::StringRef Text) const {
    llvm::SmallString<128> P(Path);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    return std::string(P);
  }
};

std::string read(llvm::StringRef Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : "<unreadable>";
}

/// A finding whose fix inserts \p Text at \p Offset of \p File.
Finding insertion(const std::string &File, unsigned Offset, llvm::StringRef Text) {
  Finding F{clang::tidy::ClangTidyError("cuda-test-rule", clang::tooling::Diagnostic::Warning,
                                        "", false),
            {}, {}};
  F.Error.Message.FilePath = File;
  llvm::cantFail(F.Error.Message.Fix[File].add(
      clang::tooling::Replacement(File, Offset, 0, Text)));
  return F;
}

TEST(Fixes, AppliesTheSameEditOnceAndKeepsTheMode) {
  TempDir D;
  std::string K = D.file("k.cu", "void f(int x);\n");
  llvm::sys::fs::setPermissions(K, llvm::sys::fs::perms(0640));
  recordAnalysedContent(K, "void f(int x);\n");
  // Two units sharing a header report the same fix: applied once.
  FixReport R = applyFixes({insertion(K, 7, "const "), insertion(K, 7, "const ")}, {});
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_EQ(read(K), "void f(const int x);\n");
  auto Perms = llvm::sys::fs::getPermissions(K);
  ASSERT_TRUE(bool(Perms));
  EXPECT_EQ(*Perms, llvm::sys::fs::perms(0640));
}

TEST(Fixes, RefusesAFileChangedSinceItWasAnalysed) {
  TempDir D;
  std::string K = D.file("k.cu", "void f(int x);\n");
  std::string Other = D.file("other.cu", "void g(int y);\n");
  recordAnalysedContent(K, "void f(int x);\n");
  recordAnalysedContent(Other, "void g(int y);\n");
  D.file("k.cu", "// edited\nvoid f(int x);\n"); // an edit during the run
  FixReport R = applyFixes({insertion(K, 7, "const "), insertion(Other, 7, "const ")}, {});
  ASSERT_EQ(R.Failures.size(), 1u);
  EXPECT_NE(R.Failures[0].find("changed since it was analysed"), std::string::npos)
      << R.Failures[0];
  EXPECT_EQ(read(K), "// edited\nvoid f(int x);\n");
  // The next file is still fixed.
  EXPECT_EQ(read(Other), "void g(const int y);\n");
}

TEST(Fixes, RefusesAFileTheSidesSawWithDifferentContents) {
  TempDir D;
  std::string K = D.file("k.cu", "void f(int x);\n");
  recordAnalysedContent(K, "void f(int x);\n");
  recordAnalysedContent(K, "void f(int x); // other\n");
  FixReport R = applyFixes({insertion(K, 7, "const ")}, {});
  ASSERT_EQ(R.Failures.size(), 1u);
  EXPECT_NE(R.Failures[0].find("changed while it was analysed"), std::string::npos);
  EXPECT_EQ(read(K), "void f(int x);\n");
}

TEST(Fixes, FixesTheTargetOfASymbolicLinkAndKeepsTheLink) {
  TempDir D;
  std::string K = D.file("k.cu", "void f(int x);\n");
  llvm::SmallString<128> Link(D.Path);
  llvm::sys::path::append(Link, "link.cu");
  ASSERT_FALSE(llvm::sys::fs::create_link(K, Link));
  FixReport R = applyFixes({insertion(std::string(Link), 7, "const ")}, {});
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_EQ(read(K), "void f(const int x);\n");
  llvm::sys::fs::file_status St;
  ASSERT_FALSE(llvm::sys::fs::status(Link, St, /*follow=*/false));
  EXPECT_EQ(St.type(), llvm::sys::fs::file_type::symlink_file);
}

TEST(Fixes, RefusesHardLinksAndReadOnlyFilesUnlessForced) {
  TempDir D;
  std::string K = D.file("k.cu", "void f(int x);\n");
  llvm::SmallString<128> Hard(D.Path);
  llvm::sys::path::append(Hard, "hard.cu");
  ASSERT_FALSE(llvm::sys::fs::create_hard_link(K, Hard));
  FixReport R = applyFixes({insertion(K, 7, "const ")}, {});
  ASSERT_EQ(R.Failures.size(), 1u);
  EXPECT_NE(R.Failures[0].find("hard links"), std::string::npos);
  llvm::sys::fs::remove(Hard);

  llvm::sys::fs::setPermissions(K, llvm::sys::fs::perms(0444));
  R = applyFixes({insertion(K, 7, "const ")}, {});
  ASSERT_EQ(R.Failures.size(), 1u);
  EXPECT_NE(R.Failures[0].find("read-only"), std::string::npos);
  EXPECT_EQ(read(K), "void f(int x);\n");
  FixOptions Force;
  Force.Force = true;
  R = applyFixes({insertion(K, 7, "const ")}, Force);
  EXPECT_TRUE(R.Failures.empty());
  EXPECT_EQ(read(K), "void f(const int x);\n");
  EXPECT_EQ(*llvm::sys::fs::getPermissions(K), llvm::sys::fs::perms(0444));
}

} // namespace
