// Unit tests of lib/analysis/PreambleIdentity.h: the identity of a
// precompiled preamble's bytes, hashed once for a registered in-memory
// preamble (cuda-lint-clangd registers each one it builds) and computed
// otherwise.
#include "analysis/PreambleIdentity.h"
#include "llvm/Support/xxhash.h"
#include "gtest/gtest.h"
#include <string>

using namespace cuda_lint;

namespace {

uint64_t hashed(llvm::StringRef Bytes) { return llvm::xxh3_64bits(Bytes) ^ Bytes.size(); }

/// A buffer the size of a small PCH, with distinct first, middle and last
/// parts.
std::string pchLike(char Fill) {
  std::string S(64 * 1024, Fill);
  S[0] = 'C';
  S[S.size() - 1] = 'P';
  return S;
}

TEST(PreambleIdentityTest, UnregisteredBytesAreHashed) {
  std::string B = pchLike('a');
  EXPECT_EQ(preambleBytesIdentity(B), hashed(B));
  B[B.size() / 2] = 'z';
  EXPECT_EQ(preambleBytesIdentity(B), hashed(B)); // nothing cached
}

TEST(PreambleIdentityTest, RegisteredBufferKeepsTheIdentityItWasBuiltWith) {
  std::string B = pchLike('b');
  uint64_t Built = hashed(B);
  registerPreambleBytes(B);
  EXPECT_EQ(preambleBytesIdentity(B), Built);
  // The middle is not hashed again: the registered identity is taken (a
  // preamble's bytes do not change while it lives).
  B[B.size() / 2] = 'z';
  EXPECT_EQ(preambleBytesIdentity(B), Built);
  // A copy at another address is hashed.
  std::string Copy = B;
  EXPECT_EQ(preambleBytesIdentity(Copy), hashed(Copy));
}

TEST(PreambleIdentityTest, StaleEntryIsNotTakenForANewBufferAtTheSameAddress) {
  std::string B = pchLike('c');
  registerPreambleBytes(B);
  uint64_t Old = hashed(B);
  // Another preamble's bytes at the same address and size, different at the
  // edges: the registered identity is not taken.
  B[10] = 'x';
  B[B.size() - 10] = 'y';
  EXPECT_NE(preambleBytesIdentity(B), Old);
  EXPECT_EQ(preambleBytesIdentity(B), hashed(B));
  // A different size at the same address is another buffer too.
  std::string Shorter = pchLike('c');
  registerPreambleBytes(Shorter);
  EXPECT_EQ(preambleBytesIdentity(llvm::StringRef(Shorter).drop_back(1)),
            hashed(llvm::StringRef(Shorter).drop_back(1)));
}

TEST(PreambleIdentityTest, ANewRegistrationReplacesTheOldAtItsAddress) {
  std::string B = pchLike('d');
  registerPreambleBytes(B);
  std::fill(B.begin() + 1, B.end() - 1, 'e'); // the next preamble, same buffer
  uint64_t Second = hashed(B);
  registerPreambleBytes(B);
  B[B.size() / 2] = 'q';
  EXPECT_EQ(preambleBytesIdentity(B), Second);
}

TEST(PreambleIdentityTest, PreambleOnDiskIsKnownByItsFile) {
  // A preamble stored on disk is mapped again for each AST: another address,
  // the same file.
  std::string Built = pchLike('x');
  uint64_t Identity = hashed(Built);
  registerPreambleBytes(Built, "/tmp/preamble-1234.pch");
  std::string Mapped = Built;
  Mapped[Mapped.size() / 2] = 'z'; // not hashed again: the registered identity
  EXPECT_EQ(preambleBytesIdentity(Mapped, "/tmp/preamble-1234.pch"), Identity);
  EXPECT_EQ(preambleBytesIdentity(Mapped, "/tmp/preamble-9999.pch"), hashed(Mapped));
  EXPECT_EQ(preambleBytesIdentity(Mapped), hashed(Mapped));
  // The buffer it was hashed from is not remembered: another file mapped at
  // its address, same size and edges, is not taken for it.
  Built[Built.size() / 2] = 'z';
  EXPECT_EQ(preambleBytesIdentity(Built, "/tmp/preamble-5678.pch"), hashed(Built));
  EXPECT_EQ(preambleBytesIdentity(Built), hashed(Built));
  // A file of that name with other contents at the edges is another preamble.
  Mapped[1] = 'w';
  EXPECT_EQ(preambleBytesIdentity(Mapped, "/tmp/preamble-1234.pch"), hashed(Mapped));
}

TEST(PreambleIdentityTest, KeepsTheSixteenMostRecent) {
  std::vector<std::string> Buffers;
  for (int I = 0; I < 17; ++I)
    Buffers.push_back(pchLike(char('f' + I)));
  std::vector<uint64_t> Built;
  for (const std::string &B : Buffers) {
    Built.push_back(hashed(B));
    registerPreambleBytes(B);
  }
  for (std::string &B : Buffers)
    B[B.size() / 2] = '!';
  EXPECT_EQ(preambleBytesIdentity(Buffers[0]), hashed(Buffers[0])); // evicted
  for (int I = 1; I < 17; ++I)
    EXPECT_EQ(preambleBytesIdentity(Buffers[I]), Built[I]) << I;
}

TEST(PreambleIdentityTest, ChainOfOneIsTheFileItself) {
  EXPECT_EQ(chainedPreambleIdentity({0x1234u}), 0x1234u);
}

TEST(PreambleIdentityTest, ChainDependsOnEveryFileNotOnTheirOrder) {
  uint64_t AB = chainedPreambleIdentity({1, 2});
  EXPECT_EQ(AB, chainedPreambleIdentity({2, 1}));
  EXPECT_NE(AB, chainedPreambleIdentity({1, 3}));
  EXPECT_NE(AB, chainedPreambleIdentity({1}));
  EXPECT_NE(AB, chainedPreambleIdentity({1, 2, 3}));
}

} // namespace
