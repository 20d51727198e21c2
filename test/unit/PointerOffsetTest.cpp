//===- PointerOffsetTest.cpp - Unit tests of analysis/PointerOffset -------===//
//
// Each test parses a small C++ translation unit in which every argument of a
// call `probe(e)` is one pointer expression; decomposePointer must give the
// base variable and the byte offset (exact, or its residue) the case's
// comment says.
//
//===----------------------------------------------------------------------===//
#include "analysis/PointerOffset.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace cuda_lint;

namespace {

/// \p Code parsed as C++17 (a failed parse fails the test).
std::unique_ptr<ASTUnit> parse(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"}, "input.cc");
  EXPECT_TRUE(AST);
  return AST;
}

/// The calls of the function \p Name with \p NArgs arguments in \p AST, in order.
std::vector<const CallExpr *> callsNamed(ASTUnit &AST, llvm::StringRef Name, unsigned NArgs) {
  struct Visitor : RecursiveASTVisitor<Visitor> {
    llvm::StringRef Name;
    unsigned NArgs;
    std::vector<const CallExpr *> Calls;
    bool VisitCallExpr(CallExpr *CE) {
      if (const FunctionDecl *FD = CE->getDirectCallee())
        if (FD->getName() == Name && CE->getNumArgs() == NArgs)
          Calls.push_back(CE);
      return true;
    }
  } V;
  V.Name = Name;
  V.NArgs = NArgs;
  V.TraverseDecl(AST.getASTContext().getTranslationUnitDecl());
  return V.Calls;
}

/// "base+R" (exact), "base+R%Mod" (known modulo Mod), "base+?" (unknown),
/// "&base..." for the address of the variable itself, "none" when not
/// decomposed.
std::vector<std::string> decompose(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST = parse(Code);
  std::vector<std::string> Out;
  if (!AST)
    return Out;
  for (const CallExpr *Probe : callsNamed(*AST, "probe", 1)) {
    const Expr *E = Probe->getArg(0);
    auto Follow = [](const VarDecl *VD) -> const Expr * {
      return VD->getName().starts_with("fixed") ? VD->getInit() : nullptr;
    };
    std::optional<PointerOffset> P = decomposePointer(E, AST->getASTContext(), Follow);
    if (!P) {
      Out.push_back("none");
      continue;
    }
    std::string S = (P->AddressOfBase ? "&" : "") + P->Base->getName().str() + "+";
    if (P->Bytes.isExact())
      S += std::to_string(P->Bytes.R);
    else if (P->Bytes.Mod == 1)
      S += "?";
    else
      S += std::to_string(P->Bytes.R) + "%" + std::to_string(P->Bytes.Mod);
    Out.push_back(S);
  }
  return Out;
}

TEST(PointerOffset, ArithmeticScalesByThePointee) {
  auto R = decompose(R"cpp(
    void probe(const void *);
    struct V4 { float x, y, z, w; };
    void f(float *p, const char *c, double *d, int i, int k) {
      probe(p);                 // p+0
      probe(p + 1);             // p+4
      probe(1 + p);             // p+4
      probe(&p[3]);             // p+12
      probe(p + 4 * i + 2);     // p+8%16
      probe((p + 1) + 4 * i);   // p+4%16
      probe(p + (i << 3) + 1);  // p+4%32
      probe(p + k);             // p+0%4: whole floats
      probe(p - 2);             // p-8
      probe(c + 8);             // c+8
      probe((const char *)p + 6);  // p+6
      probe(d + 3);             // d+24
      probe((V4 *)p + 1);       // p+16
      probe(&*(p + 2));         // p+8
    }
  )cpp");
  EXPECT_EQ(R, std::vector<std::string>({"p+0", "p+4", "p+4", "p+12", "p+8%16", "p+4%16",
                                         "p+4%32", "p+0%4", "p+-8", "c+8", "p+6", "d+24",
                                         "p+16", "p+8"}));
}

TEST(PointerOffset, BasesArraysAndLocals) {
  auto R = decompose(R"cpp(
    void probe(const void *);
    void f(float *p, int i) {
      float a[16];
      int v;
      const float *fixed_row = p + 64 * i;
      const float *moving = p;
      probe(a);              // &a+0
      probe(&a[5]);          // &a+20
      probe(&v);             // &v+0
      probe(fixed_row + 3);  // p+12%256
      probe(moving + 1);     // moving+4
      probe(p++);            // none: side effect
      probe(&a[i++]);        // none
      probe(nullptr);        // none
    }
  )cpp");
  EXPECT_EQ(R, std::vector<std::string>({"&a+0", "&a+20", "&v+0", "p+12%256", "moving+4",
                                         "none", "none", "none"}));
}

TEST(PointerOffset, Residues) {
  ByteResidue Four = ByteResidue::exact(4);
  ByteResidue Unknown = ByteResidue::unknown();
  EXPECT_TRUE(Four.certainlyNotMultipleOf(16));
  EXPECT_FALSE(Four.certainlyNotMultipleOf(4));
  EXPECT_FALSE(Unknown.certainlyNotMultipleOf(16));
  ByteResidue Mul = Unknown * ByteResidue::exact(16) + Four;  // 16k + 4
  EXPECT_EQ(Mul.R, 4);
  EXPECT_EQ(Mul.Mod, 16u);
  EXPECT_TRUE(Mul.certainlyNotMultipleOf(8));
  EXPECT_TRUE(Mul.certainlyNotMultipleOf(32));   // 4, 20, 36, ...: never 0 modulo 32
  EXPECT_TRUE((Unknown * ByteResidue::exact(8) + Four).certainlyNotMultipleOf(16));  // 8k + 4
  EXPECT_FALSE((Unknown * ByteResidue::exact(8)).certainlyNotMultipleOf(16));       // 8k: 0 or 8
}


/// For each call `pair(a, b)`: whether mayPointIntoSameObject says a and b may
/// point into the same object.
std::vector<bool> samePairs(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST = parse(Code);
  std::vector<bool> Out;
  if (!AST)
    return Out;
  for (const CallExpr *CE : callsNamed(*AST, "pair", 2))
    Out.push_back(mayPointIntoSameObject(CE->getArg(0), CE->getArg(1), AST->getASTContext()));
  return Out;
}

TEST(PointerOffset, SameObject) {
  auto R = samePairs(R"cpp(
    struct S { float *buf; };
    void pair(const void *, void *);
    void f(char *data, float *other, S s, S t, int i) {
      pair(reinterpret_cast<const float *>(data), reinterpret_cast<float *>(data)); // same
      pair(data + 4, data + i);                                                     // same base
      pair(data, other);                                                            // no
      pair(s.buf, s.buf);                       // not decomposed, the same expression
      pair(s.buf, t.buf);                       // no
      pair(nullptr, nullptr);                   // null points into nothing
    }
  )cpp");
  EXPECT_EQ(R, std::vector<bool>({true, true, false, true, false, false}));
}

} // namespace
