// Unit tests of lib/analysis/CallIndex.h: the calls and function references
// of a translation unit's own code, indexed in BodyParents' walk.
//
// Each test parses CUDA (host side) and names the indexed calls as
// "callee:line" and the references as "function:line".
#include "analysis/CallIndex.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <algorithm>

#ifndef CUDA_LINT_RESOURCE_DIR
#define CUDA_LINT_RESOURCE_DIR "/usr/lib/llvm-22/lib/clang/22"
#endif

using namespace clang;
using namespace cuda_lint;

namespace {

std::unique_ptr<ASTUnit> parse(const std::string &Code) {
  return tooling::buildASTFromCodeWithArgs(
      "#define __global__ __attribute__((global))\n"
      "#define __device__ __attribute__((device))\n"
      "struct dim3 { unsigned x, y, z; dim3(unsigned a = 1) : x(a), y(1), z(1) {} };\n"
      "extern \"C\" int __cudaPushCallConfiguration(dim3, dim3, unsigned long = 0, void * = 0);\n" +
          Code,
      {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-std=c++17",
       "-Wno-unknown-cuda-version", "-resource-dir=" CUDA_LINT_RESOURCE_DIR},
      "input.cu");
}

unsigned line(const ASTContext &Ctx, SourceLocation L) {
  return Ctx.getSourceManager().getPresumedLineNumber(L) - 4; // after the prelude
}

struct Indexed {
  std::vector<std::string> Calls, Refs, Launches;
};

Indexed index(const std::string &Code) {
  std::unique_ptr<ASTUnit> AST = parse(Code);
  Indexed R;
  if (!AST) {
    R.Calls = {"<no AST>"};
    return R;
  }
  ASTContext &Ctx = AST->getASTContext();
  const CallIndex &I = CallIndex::forAST(Ctx);
  for (const auto &[Callee, Calls] : I.callees()) {
    EXPECT_EQ(Callee, Callee->getCanonicalDecl());
    EXPECT_EQ(I.callsTo(Callee).size(), Calls.size());
    for (const CallExpr *CE : Calls)
      R.Calls.push_back(Callee->getNameAsString() + ":" +
                        std::to_string(line(Ctx, CE->getBeginLoc())));
  }
  for (const DeclRefExpr *D : I.nonCallReferences())
    R.Refs.push_back(D->getDecl()->getNameAsString() + ":" +
                     std::to_string(line(Ctx, D->getBeginLoc())));
  for (const CUDAKernelCallExpr *K : I.launches())
    R.Launches.push_back(K->getDirectCallee()->getNameAsString() + ":" +
                         std::to_string(line(Ctx, K->getBeginLoc())));
  std::sort(R.Calls.begin(), R.Calls.end());
  std::sort(R.Refs.begin(), R.Refs.end());
  return R;
}

using V = std::vector<std::string>;

TEST(CallIndex, CallsAndLaunchesByCallee) {
  Indexed R = index(R"cuda(__global__ void k(int);
void f(int);
void g() {
  f(1); f(2);
  k<<<1, 32>>>(3);
  auto l = [] { f(4); };
  l();
}
)cuda");
  // The launch's configuration is a call of its own; the lambda's call
  // operator is a callee, and its body's call is indexed.
  EXPECT_EQ(R.Calls, (V{"__cudaPushCallConfiguration:5", "f:4", "f:4", "f:6", "k:5",
                        "operator():7"}));
  EXPECT_EQ(R.Refs, V{});
  EXPECT_EQ(R.Launches, V{"k:5"});
}

TEST(CallIndex, AddressTakenIsAReferenceNotACall) {
  Indexed R = index(R"cuda(__global__ void k(int);
void f(int);
int set(const void *, int, int);
void (*p)(int) = f;
void g() {
  set((const void *)k, 1, 2);
  auto q = &f;
  q(1);
}
)cuda");
  EXPECT_EQ(R.Calls, V{"set:6"});
  EXPECT_EQ(R.Refs, (V{"f:4", "f:7", "k:6"}));
}

TEST(CallIndex, PatternAndInstantiations) {
  Indexed R = index(R"cuda(void f(int);
template <class T> void h(T t) { f(1); t.m(); }
struct A { void m(); };
struct B { void m(); };
void g() { h(A{}); h(B{}); }
)cuda");
  // The pattern's f(1) and each instantiation's; t.m() is a call only in
  // the instantiations, one of A::m and one of B::m.
  EXPECT_EQ(R.Calls, (V{"f:2", "f:2", "f:2", "h:5", "h:5", "m:2", "m:2"}));
  EXPECT_EQ(R.Launches, V{});
}

TEST(CallIndex, SystemHeadersAreLeftOut) {
  Indexed R = index(R"cuda(void f(int);
__global__ void k(int);
# 1 "/usr/include/lib.h" 1 3
inline void lib() { f(1); void (*p)(int) = f; k<<<1, 1>>>(2); }
# 10 "input.cu" 2
void g() { lib(); }
)cuda");
  EXPECT_EQ(R.Calls, V{"lib:6"});
  EXPECT_EQ(R.Refs, V{});
  EXPECT_EQ(R.Launches, V{});
}

TEST(CallIndex, FunctionRefLooksThroughCastsAndAddressOf) {
  std::unique_ptr<ASTUnit> AST = parse("void f();\nconst void *p = (const void *)&f;\n");
  ASSERT_TRUE(AST);
  const VarDecl *P = nullptr;
  for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getName() == "p")
      P = VD;
  ASSERT_TRUE(P && P->getInit());
  const DeclRefExpr *R = CallIndex::functionRef(P->getInit());
  ASSERT_TRUE(R);
  EXPECT_EQ(R->getDecl()->getName(), "f");
  EXPECT_EQ(CallIndex::functionRef(nullptr), nullptr);
}

} // namespace
