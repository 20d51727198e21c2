// Unit tests of lib/analysis/KernelLaunches.h: the launch index, the
// read-only test of variables, and the truth value of thread-index guards
// at every launch of a kernel.
//
// Each test parses CUDA (host side) against a small mock of the runtime
// declarations and clang's __clang_cuda_builtin_vars.h, and reports each
// `if` condition of each kernel (specializations included) as
// "kernel<args>:line=true|false|?".
#include "analysis/KernelLaunches.h"
#include "clang/AST/RecursiveASTVisitor.h"
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

const char *const Mock = R"cuda(
#include "__clang_cuda_builtin_vars.h"
#define __global__ __attribute__((global))
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
typedef unsigned long size_t;
typedef struct CUstream_st *cudaStream_t;
struct dim3 {
  unsigned x, y, z;
  constexpr __host__ __device__ dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1)
      : x(vx), y(vy), z(vz) {}
};
extern "C" int __cudaPushCallConfiguration(dim3 g, dim3 b, size_t s = 0, cudaStream_t st = 0);
extern "C" int cudaFuncSetAttribute(const void *f, int a, int v);
void keep(const int &);
void change(int &);
)cuda";

std::unique_ptr<ASTUnit> parse(const std::string &Code) {
  return tooling::buildASTFromCodeWithArgs(
      std::string(Mock) + Code,
      {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-std=c++17",
       "-Wno-unknown-cuda-version", "-resource-dir=" CUDA_LINT_RESOURCE_DIR},
      "input.cu");
}

/// "kernel<args>:line=value" for every `if` of every kernel, sorted.
std::vector<std::string> guards(const std::string &Code) {
  std::unique_ptr<ASTUnit> AST = parse(Code);
  if (!AST)
    return {"<no AST>"};
  ASTContext &Ctx = AST->getASTContext();
  unsigned MockLines = std::count(Mock, Mock + strlen(Mock), '\n') + 1;
  struct V : RecursiveASTVisitor<V> {
    ASTContext &Ctx;
    unsigned Offset;
    std::vector<std::string> Out;
    V(ASTContext &C, unsigned O) : Ctx(C), Offset(O) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->hasBody() || FD->isDependentContext())
        return true;
      std::string Name = FD->getNameAsString();
      if (const TemplateArgumentList *A = FD->getTemplateSpecializationArgs()) {
        std::string S;
        llvm::raw_string_ostream OS(S);
        A->get(0).print(Ctx.getPrintingPolicy(), OS, /*IncludeType=*/false);
        Name += "<" + S + ">";
      }
      struct IfV : RecursiveASTVisitor<IfV> {
        std::vector<const IfStmt *> Ifs;
        bool VisitIfStmt(IfStmt *I) {
          Ifs.push_back(I);
          return true;
        }
      } Ifs;
      Ifs.TraverseStmt(FD->getBody());
      for (const IfStmt *I : Ifs.Ifs) {
        std::optional<bool> R = conditionAtEveryLaunch(I->getCond(), FD, Ctx);
        unsigned Line = Ctx.getSourceManager().getPresumedLineNumber(I->getBeginLoc()) - Offset;
        Out.push_back(Name + ":" + std::to_string(Line) + "=" +
                      (R ? (*R ? "true" : "false") : "?"));
      }
      return true;
    }
  } Vis(Ctx, MockLines);
  Vis.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::sort(Vis.Out.begin(), Vis.Out.end());
  return Vis.Out;
}

using Strings = std::vector<std::string>;

TEST(KernelLaunches, SameHostVariableAsBlockAndBound) {
  EXPECT_EQ(guards(R"(
static __global__ void k(int *o, int n) {
  int c = threadIdx.x;
  if (c >= n) return;
  if (n <= c) return;
  if (threadIdx.y >= n) return;
}
void host(int *o, int m) {
  const int pad = 2 * m;
  const dim3 b(pad, 1, 1);
  k<<<1, b>>>(o, pad);
})"),
            (Strings{"k:3=false", "k:4=false", "k:5=?"}));
}

TEST(KernelLaunches, ConstantBlocks) {
  EXPECT_EQ(guards(R"(
__global__ void k(int *o, int n) {
  if (threadIdx.x >= n || threadIdx.x > 200) return;
  if (threadIdx.x < n) o[0] = 1;
  if (!(threadIdx.x < n) && o[0]) return;
  if (threadIdx.x == n) return;
}
void host(int *o) {
  k<<<1, 128>>>(o, 128);
  k<<<1, dim3(64)>>>(o, 200);
  cudaFuncSetAttribute((const void *)k, 8, 0);
})"),
            (Strings{"k:2=false", "k:3=true", "k:4=false", "k:5=?"}));
  // One launch with more threads than the bound.
  EXPECT_EQ(guards(R"(
__global__ void k(int *o, int n) {
  if (threadIdx.x >= n) return;
}
void host(int *o) {
  k<<<1, 128>>>(o, 128);
  k<<<1, 256>>>(o, 128);
})"),
            (Strings{"k:2=?"}));
}

TEST(KernelLaunches, UnknownLaunches) {
  // No launch, an escaping address, a changed bound or block.
  EXPECT_EQ(guards(R"(
__global__ void none(int *o, int n) { if (threadIdx.x >= n) return; }
__global__ void esc(int *o, int n) { if (threadIdx.x >= n) return; }
void (*p)(int *, int) = esc;
__global__ void bound(int *o, int n) { n += 1; if (threadIdx.x >= n) return; }
__global__ void block(int *o, int n) { if (threadIdx.x >= n) return; }
void host(int *o, int m) {
  esc<<<1, 64>>>(o, 64);
  bound<<<1, 64>>>(o, 64);
  dim3 b(m);
  b.x = 2 * m;
  block<<<1, b>>>(o, m);
  int q = m;
  change(q);
  block<<<1, q>>>(o, q);
})"),
            (Strings{"block:5=?", "bound:4=?", "esc:2=?", "none:1=?"}));
}

TEST(KernelLaunches, SwitchCasesAndSpecializations) {
  EXPECT_EQ(guards(R"(
template <int KT> static __global__ void k(int *o, int k_arg) {
  const int kk = KT == 0 ? k_arg : KT;
  if (threadIdx.y >= kk) return;
}
void host(int *o, int n) {
  dim3 t(32, n);
  switch (n) {
  case 16: k<16><<<1, t>>>(o, 0); break;
  case 4:
  case 8: k<8><<<1, t>>>(o, 0); break;
  case 32: o[0] = 1;
  case 2: k<2><<<1, t>>>(o, 0); break;
  default: k<0><<<1, t>>>(o, n);
  }
  if (n == 1) k<1><<<1, t>>>(o, 0);
  keep(n);
})"),
            (Strings{"k<0>:3=false", "k<16>:3=false", "k<1>:3=false",
                     "k<2>:3=?", "k<8>:3=false"}));
}

TEST(KernelLaunches, IsOnlyRead) {
  std::unique_ptr<ASTUnit> AST = parse(R"(
void f(int a, int b, int c, int d, dim3 e, dim3 g, int h) {
  int x = a + 1;
  keep(b);
  change(c);
  int *p = &d;
  dim3 copy = e;
  g.y = 2;
  h++;
})");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *F = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (FD->getName() == "f" && FD->hasBody())
        F = FD;
  ASSERT_TRUE(F);
  std::string Read;
  for (const ParmVarDecl *P : F->parameters())
    Read += isOnlyRead(P, F->getBody(), Ctx) ? "r" : "w";
  EXPECT_EQ(Read, "rrwwrww");
}

} // namespace
