//===- CollectiveDivergenceTest.cpp - Unit tests of CollectiveDivergence --===//
//
// The collective-divergence component on small device-side translation units
// (clang's __clang_cuda_builtin_vars.h for threadIdx and friends, declarations
// of the intrinsics): which collective calls it finds, at the warp-uniform and
// at the block-uniform level, with their condition, its source and the chain
// of helper calls.
//
//===----------------------------------------------------------------------===//
#include "analysis/CollectiveDivergence.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <functional>

#ifndef CUDA_LINT_RESOURCE_DIR
#define CUDA_LINT_RESOURCE_DIR "/usr/lib/llvm-22/lib/clang/22"
#endif

using namespace clang;
using namespace cuda_lint;

namespace {

const char *Prelude = R"cuda(
#include "__clang_cuda_builtin_vars.h"
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
__device__ void __syncthreads();
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ int __shfl_sync(unsigned mask, int v, int lane, int width = 32);
namespace nvcuda { namespace wmma {
struct accumulator;
template <class U, int M, int N, int K, class T> struct fragment { T x[8]; };
template <class U, int M, int N, int K, class T>
__device__ void fill_fragment(fragment<U, M, N, K, T> &f, T v);
}}
using namespace nvcuda;
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> Acc;
)cuda";

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  std::unique_ptr<UniformityContext> UC;

  std::vector<const FunctionDecl *> functions() const {
    std::vector<const FunctionDecl *> Out;
    for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->hasBody() && FD->isThisDeclarationADefinition())
          Out.push_back(FD);
    return Out;
  }

  std::vector<DivergentCollective> run(std::initializer_list<IntrinsicKind> K,
                                       RequiredLevel L) {
    CollectiveDivergence CD(*UC, K, L);
    return CD.run(functions());
  }

  std::string text(const Stmt *S) const {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(S->getSourceRange()),
               AST->getSourceManager(), AST->getASTContext().getLangOpts())
        .str();
  }
  unsigned line(const Stmt *S) const {
    return AST->getSourceManager().getPresumedLineNumber(S->getBeginLoc());
  }
};

Parsed parse(const std::string &Code) {
  std::vector<std::string> Args = {
      "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-nocudainc",
      "-nocudalib", "-Wno-unknown-cuda-version", "-std=c++17",
      "-resource-dir=" CUDA_LINT_RESOURCE_DIR};
  Parsed P;
  // The code starts on line 1 of the file: the prelude is on the same line.
  std::string Flat = Prelude;
  P.AST = tooling::buildASTFromCodeWithArgs(Flat + "#line 1\n" + Code, Args,
                                            "input.cu");
  EXPECT_TRUE(P.AST);
  EXPECT_FALSE(P.AST->getDiagnostics().hasErrorOccurred());
  P.UC = std::make_unique<UniformityContext>(P.AST->getASTContext());
  return P;
}

constexpr auto Warp = RequiredLevel::WarpUniform;
constexpr auto Block = RequiredLevel::BlockUniform;

TEST(CollectiveDivergence, DirectCallUnderLaneCondition) {
  Parsed P = parse(R"(
__global__ void k(float *c) {
  Acc acc;
  int lane = threadIdx.x % 32;
  if (lane < 16)
    wmma::fill_fragment(acc, 0.0f);
  wmma::fill_fragment(acc, 1.0f);
})");
  auto R = P.run({IntrinsicKind::WmmaCollective}, Warp);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(P.line(R[0].Collective), 6u);
  EXPECT_EQ(R[0].Intrinsic->Kind, IntrinsicKind::WmmaCollective);
  EXPECT_EQ(P.text(R[0].Control.Cond), "lane < 16");
  EXPECT_EQ(R[0].Control.Level, Uniformity::ThreadVarying);
  EXPECT_EQ(R[0].Control.Why.K, VarianceSource::ThreadIdx)
      << "the condition's variance comes from threadIdx.x";
  EXPECT_EQ(R[0].Reached, R[0].Collective);
  EXPECT_TRUE(R[0].chain().empty());
  // Other kinds are not asked for.
  EXPECT_TRUE(P.run({IntrinsicKind::BlockBarrier}, Warp).empty());
}

TEST(CollectiveDivergence, ThroughHelpers) {
  Parsed P = parse(R"(
__device__ void clear(Acc &a) { wmma::fill_fragment(a, 0.0f); }
__device__ void outer(Acc &a) {
  if (threadIdx.x < 8)
    clear(a);
}
__global__ void k() {
  Acc acc;
  outer(acc);
})");
  auto R = P.run({IntrinsicKind::WmmaCollective}, Warp);
  ASSERT_EQ(R.size(), 1u);
  // The collective is in `clear`, the divergence in `outer`, reached from k.
  EXPECT_EQ(P.line(R[0].Collective), 2u);
  EXPECT_EQ(P.text(R[0].Control.Cond), "threadIdx.x < 8");
  EXPECT_EQ(R[0].Control.Why.K, VarianceSource::ThreadIdx);
  EXPECT_EQ(R[0].Where->function()->getName(), "outer");
  ASSERT_EQ(R[0].Outer.size(), 1u);
  EXPECT_EQ(R[0].Outer[0].Callee->getName(), "outer");
  ASSERT_EQ(R[0].Inner.size(), 1u);
  EXPECT_EQ(R[0].Inner[0].Callee->getName(), "clear");
  EXPECT_EQ(R[0].Reached, R[0].Inner[0].Call);
  ASSERT_EQ(R[0].chain().size(), 2u);
}

// A barrier under `if (warp >= 4)`: the condition is the same in a warp (with
// blockDim.x a multiple of 32) but not in the block.
TEST(CollectiveDivergence, BlockLevelVersusWarpLevel) {
  Parsed P = parse(R"(
__global__ void k(int n) {
  int warp = threadIdx.x / 32;
  if (warp >= 4)
    __syncthreads();
  if (blockIdx.x > 2)
    __syncthreads();
  if (warp >= 4)
    __syncwarp();
})");
  auto B = P.run({IntrinsicKind::BlockBarrier}, Block);
  ASSERT_EQ(B.size(), 1u);
  EXPECT_EQ(P.line(B[0].Collective), 5u);
  EXPECT_EQ(P.text(B[0].Control.Cond), "warp >= 4");
  EXPECT_EQ(B[0].Control.Level, Uniformity::WarpUniform);
  EXPECT_TRUE(P.run({IntrinsicKind::BlockBarrier}, Warp).empty())
      << "uniform in each warp";
  EXPECT_TRUE(P.run({IntrinsicKind::WarpBarrier}, Warp).empty());
  auto W = P.run({IntrinsicKind::WarpBarrier}, Block);
  ASSERT_EQ(W.size(), 1u);
  EXPECT_EQ(P.line(W[0].Collective), 9u);
}

// Without the warp-aligned block width (a block of 48 threads), the warp
// index is no longer warp-uniform: divergent at the warp level too.
TEST(CollectiveDivergence, BlockWidthNotMultipleOf32) {
  Parsed P = parse(R"(
__global__ void __launch_bounds__(48) k(int n) {
  int warp = threadIdx.x / 32;
  if (warp >= 1)
    __syncthreads();
})");
  EXPECT_EQ(P.run({IntrinsicKind::BlockBarrier}, Warp).size(), 1u);
  EXPECT_EQ(P.run({IntrinsicKind::BlockBarrier}, Block).size(), 1u);
}

TEST(CollectiveDivergence, UniformCodeIsQuiet) {
  Parsed P = parse(R"(
__device__ void sync_all() { __syncthreads(); }
__global__ void k(int n, float *c) {
  for (int i = 0; i < n; ++i) {
    if (blockIdx.x == 0)
      __syncthreads();
    sync_all();
  }
  if (c[blockIdx.x] > 0)   // a load at a block-uniform address
    __syncthreads();
})");
  EXPECT_TRUE(P.run({IntrinsicKind::BlockBarrier}, Block).empty());
}

// The walk through helpers stops at CollectiveDivergence::MaxHelperDepth, and
// says so in the stats.
TEST(CollectiveDivergence, HelperDepthLimitIsCounted) {
  std::string Code = "__device__ void h0(Acc &a) { if (threadIdx.x < 3) "
                     "wmma::fill_fragment(a, 0.0f); }\n";
  for (unsigned I = 1; I <= 12; ++I)
    Code += "__device__ void h" + std::to_string(I) + "(Acc &a) { h" +
            std::to_string(I - 1) + "(a); }\n";
  Code += "__global__ void k() { Acc a; h12(a); }\n";
  Parsed P = parse(Code);
  EXPECT_TRUE(P.run({IntrinsicKind::WmmaCollective}, Warp).empty());
  EXPECT_GT(P.UC->stats().gaveUp(UniformityLimit::HelperDepth), 0u);
  // A shallow chain is followed and not counted.
  Parsed Q = parse(
      "__device__ void h0(Acc &a) { if (threadIdx.x < 3) "
      "wmma::fill_fragment(a, 0.0f); }\n"
      "__device__ void h1(Acc &a) { h0(a); }\n"
      "__global__ void k() { Acc a; h1(a); }\n");
  EXPECT_EQ(Q.run({IntrinsicKind::WmmaCollective}, Warp).size(), 1u);
  EXPECT_EQ(Q.UC->stats().totalGaveUp(), 0u);
}

// The call filter: only the calls it accepts are collectives of the query
// (cuda-warp-sync-divergent keeps the full-mask ones).
TEST(CollectiveDivergence, CallFilter) {
  Parsed P = parse(R"(
__global__ void k(int *o) {
  int lane = threadIdx.x % 32;
  if (lane < 16) {
    o[0] = __shfl_sync(0xffffffff, lane, 0);
    o[1] = __shfl_sync(0xffff, lane, 0);
  }
})");
  auto Full = [](const CallExpr *CE, const IntrinsicInfo &I) {
    Expr::EvalResult R;
    return I.MaskArg >= 0 &&
           CE->getArg(I.MaskArg)->EvaluateAsInt(
               R, CE->getDirectCallee()->getASTContext()) &&
           R.Val.getInt().extOrTrunc(32).isAllOnes();
  };
  CollectiveDivergence All(*P.UC, {IntrinsicKind::Shuffle}, Warp);
  EXPECT_EQ(All.run(P.functions()).size(), 2u);
  CollectiveDivergence Filtered(*P.UC, {IntrinsicKind::Shuffle}, Warp, Full);
  auto R = Filtered.run(P.functions());
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(P.line(R[0].Collective), 5u);
}

// ExitedLanesDoNotCount: a lane-varying return of the kernel does not make
// what follows divergent; a divergent if around it still does, and so does a
// break, and a return of a helper (its lanes are back in the caller).
TEST(CollectiveDivergence, ExitedLanesDoNotCount) {
  Parsed P = parse(R"(
__device__ void h(int lane) {
  if (lane > 3)
    return;
  __syncwarp();
}
__global__ void k(int n) {
  int lane = threadIdx.x % 32;
  if (lane >= n)
    return;
  __syncwarp();
  if (lane < 7)
    __syncwarp();
  for (int i = 0; i < n; ++i) {
    if (lane == i)
      break;
    __syncwarp();
  }
  h(lane);
})");
  CollectiveDivergence Plain(*P.UC, {IntrinsicKind::WarpBarrier}, Warp);
  EXPECT_EQ(Plain.run(P.functions()).size(), 4u);
  CollectiveDivergence Q(*P.UC, {IntrinsicKind::WarpBarrier}, Warp);
  Q.setExitedLanesDoNotCount(true);
  auto R = Q.run(P.functions());
  ASSERT_EQ(R.size(), 3u);
  std::vector<unsigned> Lines;
  for (const auto &D : R)
    Lines.push_back(P.line(D.Collective));
  llvm::sort(Lines);
  EXPECT_EQ(Lines, (std::vector<unsigned>{5u, 13u, 17u}));
  for (const auto &D : R)
    if (P.line(D.Collective) == 13u)
      EXPECT_EQ(P.text(D.Control.Cond), "lane < 7")
          << "the control around it, not the return before it";
}

// Library functions (system headers, here through a line marker) that reach
// a collective inside count as collectives when asked: the finding's Inner
// chain starts at the library call, Collective is the barrier inside.
TEST(CollectiveDivergence, LibraryCollectives) {
  Parsed P = parse(R"(
# 1 "lib.cuh" 1 3
template <int N> struct BlockOp {
  __device__ int sum(int v) { helper(); return v; }
  __device__ void helper() { __syncthreads(); }
};
__device__ inline int warp_op(int v) { return __shfl_sync(0xffffffffu, v, 0); }
# 3 "input.cu" 2
__device__ int mine(BlockOp<4> &b) { return b.sum(2); }
__global__ void k(int *o) {
  BlockOp<4> b;
  if (threadIdx.x < 64)
    o[0] = b.sum(1);
  if (threadIdx.x < 32)
    o[1] = warp_op(1);
  if (o[threadIdx.x] > 0)
    o[2] = mine(b);
  o[3] = b.sum(3);
})");
  CollectiveDivergence Plain(*P.UC, {IntrinsicKind::BlockBarrier}, Block);
  EXPECT_TRUE(Plain.run(P.functions()).empty())
      << "library bodies are not followed unless asked";
  CollectiveDivergence Q(*P.UC, {IntrinsicKind::BlockBarrier}, Block);
  Q.setLibraryCollectives(true);
  auto R = Q.run(P.functions());
  ASSERT_EQ(R.size(), 2u);
  const SourceManager &SM = P.AST->getSourceManager();
  for (const auto &D : R)
    EXPECT_TRUE(SM.isInSystemHeader(D.Collective->getBeginLoc()));
  // Under `threadIdx.x < 64`: k calls sum, which calls helper.
  EXPECT_EQ(P.text(R[0].Control.Cond), "threadIdx.x < 64");
  ASSERT_EQ(R[0].Inner.size(), 2u);
  EXPECT_EQ(R[0].Inner[0].Callee->getName(), "sum");
  EXPECT_EQ(R[0].Inner[1].Callee->getName(), "helper");
  EXPECT_EQ(R[0].Reached, R[0].Inner[0].Call);
  // Through this file's helper `mine`, called under a varying condition.
  EXPECT_EQ(P.text(R[1].Control.Cond), "o[threadIdx.x] > 0");
  ASSERT_GE(R[1].Inner.size(), 2u);
  EXPECT_EQ(R[1].Inner[0].Callee->getName(), "mine");
  EXPECT_EQ(R[1].Inner[1].Callee->getName(), "sum");
}

// divergentControls lists every divergent branch around a statement,
// innermost first.
TEST(Uniformity, DivergentControlsInnermostFirst) {
  Parsed P = parse(R"(
__global__ void k(int n) {
  if (threadIdx.x < 20) {
    if (threadIdx.x % 3 == 0)
      __syncwarp();
  }
})");
  const FunctionDecl *K = P.functions().back();
  const FunctionUniformity *FU = P.UC->analyze(K);
  ASSERT_TRUE(FU);
  const CallExpr *Sync = nullptr;
  std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
    if (!S) return;
    if (const auto *CE = dyn_cast<CallExpr>(S)) Sync = CE;
    for (const Stmt *C : S->children()) Find(C);
  };
  Find(K->getBody());
  ASSERT_TRUE(Sync);
  auto All = FU->divergentControls(Sync);
  ASSERT_EQ(All.size(), 2u);
  EXPECT_EQ(P.text(All[0].Cond), "threadIdx.x % 3 == 0");
  EXPECT_EQ(P.text(All[1].Cond), "threadIdx.x < 20");
  EXPECT_EQ(P.text(FU->divergentControl(Sync)->Cond), "threadIdx.x % 3 == 0");
}

} // namespace
