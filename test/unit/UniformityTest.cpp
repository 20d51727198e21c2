//===- UniformityTest.cpp - Unit tests of analysis/Uniformity -------------===//
//
// Each test parses a small CUDA device-side translation unit against a mock of
// the CUDA builtins (clang's own __clang_cuda_builtin_vars.h, so threadIdx and
// friends have their real shape), then queries the analysis through calls
// that only exist for the test: `probe(e)` asks for the uniformity of `e`,
// `mark()` for the control reaching it.
//
//===----------------------------------------------------------------------===//
#include "analysis/Uniformity.h"
#include "analysis/CFGCache.h"
#include "analysis/LaunchSite.h"
#include "analysis/PostDominators.h"
#include "clang/Analysis/CFG.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

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
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __host__ __attribute__((host))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
__device__ void probe(int);
__device__ void probe(unsigned);
__device__ void probe(float);
__device__ void mark();
__device__ int mark2();
__device__ unsigned __shfl_sync(unsigned m, unsigned v, int l, int w = 32);
__device__ unsigned __shfl_down_sync(unsigned m, unsigned v, unsigned d, int w = 32);
__device__ unsigned __ballot_sync(unsigned m, int p);
__device__ int __all_sync(unsigned m, int p);
__device__ int __syncthreads_or(int p);
__device__ unsigned __reduce_add_sync(unsigned m, unsigned v);
__device__ long long clock64();
__device__ int atomicAdd(int *p, int v);
__device__ void __syncthreads();
namespace nvcuda { namespace wmma {
struct row_major; struct col_major; struct matrix_a; struct matrix_b; struct accumulator;
template <class U, int M, int N, int K, class T, class L = void> struct fragment { T x[8]; };
template <class U, int M, int N, int K, class T, class L>
__device__ void fill_fragment(fragment<U, M, N, K, T, L> &f, T v);
template <class U, int M, int N, int K, class T, class L>
__device__ void load_matrix_sync(fragment<U, M, N, K, T, L> &f, const T *p, unsigned ldm);
template <class A, class B, class C>
__device__ void mma_sync(C &d, const A &a, const B &b, const C &c);
}}
using namespace nvcuda;
#define FULL 0xffffffffu
)cuda";

/// A parsed translation unit and its analysis context.
struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  std::unique_ptr<UniformityContext> UC;

  const FunctionDecl *fn(llvm::StringRef Name) const {
    for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls()) {
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->getName() == Name && FD->hasBody())
          return FD;
      // "k<64>": a specialization of a function template.
      if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
        for (const FunctionDecl *S : FTD->specializations()) {
          std::string N;
          llvm::raw_string_ostream OS(N);
          S->getNameForDiagnostic(OS, AST->getASTContext().getPrintingPolicy(),
                                  /*Qualified=*/false);
          if (N == Name && S->hasBody())
            return S;
        }
    }
    ADD_FAILURE() << "no function " << Name.str();
    return nullptr;
  }

  /// The calls to \p Callee in \p FD, in source order.
  std::vector<const CallExpr *> calls(const FunctionDecl *FD,
                                      llvm::StringRef Callee) const {
    struct V : RecursiveASTVisitor<V> {
      llvm::StringRef Name;
      std::vector<const CallExpr *> Out;
      bool VisitCallExpr(CallExpr *CE) {
        if (const FunctionDecl *C = CE->getDirectCallee())
          if (C->getIdentifier() && C->getName() == Name)
            Out.push_back(CE);
        return true;
      }
    } Vis;
    Vis.Name = Callee;
    Vis.TraverseStmt(FD->getBody());
    return Vis.Out;
  }

  const FunctionUniformity *analysis(llvm::StringRef Fn) {
    const FunctionDecl *FD = fn(Fn);
    return FD ? UC->analyze(FD) : nullptr;
  }

  /// The uniformity of the argument of the \p N-th `probe` call in \p Fn.
  Uniformity probe(llvm::StringRef Fn, unsigned N = 0) {
    const FunctionUniformity *FU = analysis(Fn);
    if (!FU)
      return Uniformity::ThreadVarying;
    auto Calls = calls(fn(Fn), "probe");
    if (N >= Calls.size()) {
      ADD_FAILURE() << "no probe #" << N << " in " << Fn.str();
      return Uniformity::ThreadVarying;
    }
    return FU->valueOf(Calls[N]->getArg(0)).U;
  }

  /// Expects the uniformity of the \p N-th `probe` argument in \p Fn to be
  /// \p Want[N], for each N.
  void expectProbes(llvm::StringRef Fn, llvm::ArrayRef<Uniformity> Want) {
    for (unsigned I = 0; I < Want.size(); ++I)
      EXPECT_EQ(probe(Fn, I), Want[I]) << "probe #" << I;
  }

  /// The control uniformity at the \p N-th call of \p Callee in \p Fn.
  Uniformity control(llvm::StringRef Fn, unsigned N = 0,
                     llvm::StringRef Callee = "mark") {
    const FunctionUniformity *FU = analysis(Fn);
    if (!FU)
      return Uniformity::ThreadVarying;
    auto Calls = calls(fn(Fn), Callee);
    if (N >= Calls.size()) {
      ADD_FAILURE() << "no " << Callee.str() << " #" << N << " in " << Fn.str();
      return Uniformity::ThreadVarying;
    }
    return FU->controlUniformity(Calls[N]);
  }

  std::optional<DivergentControl> why(llvm::StringRef Fn, unsigned N = 0,
                                      llvm::StringRef Callee = "mark") {
    const FunctionUniformity *FU = analysis(Fn);
    auto Calls = calls(fn(Fn), Callee);
    if (!FU || N >= Calls.size())
      return std::nullopt;
    return FU->divergentControl(Calls[N]);
  }

  std::string text(const Stmt *S) const {
    const SourceManager &SM = AST->getSourceManager();
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(S->getSourceRange()), SM,
               AST->getASTContext().getLangOpts())
        .str();
  }
};

Parsed parse(const std::string &Code) {
  std::vector<std::string> Args = {
      "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-nocudainc",
      "-nocudalib", "-Wno-unknown-cuda-version", "-std=c++17",
      "-resource-dir=" CUDA_LINT_RESOURCE_DIR};
  Parsed P;
  P.AST = tooling::buildASTFromCodeWithArgs(std::string(Prelude) + Code, Args,
                                            "input.cu");
  EXPECT_TRUE(P.AST);
  EXPECT_FALSE(P.AST->getDiagnostics().hasErrorOccurred());
  P.UC = std::make_unique<UniformityContext>(P.AST->getASTContext());
  return P;
}

constexpr Uniformity Block = Uniformity::BlockUniform;
constexpr Uniformity Warp = Uniformity::WarpUniform;
constexpr Uniformity Varying = Uniformity::ThreadVarying;

//===----------------------------------------------------------------------===//
// Sources
//===----------------------------------------------------------------------===//

TEST(Uniformity, BuiltinVariables) {
  Parsed P = parse(R"(
__global__ void k(int n) {
  probe(threadIdx.x); probe(blockIdx.x); probe(blockDim.x); probe(gridDim.y);
  probe(n); probe(42); probe(threadIdx.y); probe(threadIdx.z); probe(warpSize);
})");
  EXPECT_EQ(P.probe("k", 0), Varying);
  EXPECT_EQ(P.probe("k", 1), Block);
  EXPECT_EQ(P.probe("k", 2), Block);
  EXPECT_EQ(P.probe("k", 3), Block);
  EXPECT_EQ(P.probe("k", 4), Block);
  EXPECT_EQ(P.probe("k", 5), Block);
  // blockDim.x is assumed to be a multiple of 32: a warp is one row.
  EXPECT_EQ(P.probe("k", 6), Warp);
  EXPECT_EQ(P.probe("k", 7), Warp);
  EXPECT_EQ(P.probe("k", 8), Block);
}

TEST(Uniformity, WarpIndexArithmetic) {
  Parsed P = parse(R"(
const int WARP = 32;
__global__ void k(int n) {
  probe(threadIdx.x / 32);                                   // 0 warp
  probe(threadIdx.x / warpSize);                             // 1 warp
  probe(threadIdx.x >> 5);                                   // 2 warp
  probe((blockIdx.x * blockDim.x + threadIdx.x) / warpSize); // 3 warp
  probe(threadIdx.x / 16);                                   // 4 varying
  probe(threadIdx.x % 32);                                   // 5 varying
  probe(threadIdx.x & ~31u);                                 // 6 warp
  probe((threadIdx.x + 1) / 32);                             // 7 varying
  probe(threadIdx.x / WARP);                                 // 8 warp
  probe((threadIdx.y * blockDim.x + threadIdx.x) / 32);      // 9 warp
  probe(threadIdx.x / 64);                                   // 10 warp
  probe(threadIdx.x >> 4);                                   // 11 varying
  probe((threadIdx.x % 32) / 32);                            // 12 warp
  probe(threadIdx.x / n);                                    // 13 varying
  probe((threadIdx.x + blockIdx.x * 128) / 32);              // 14 warp
  probe((float)threadIdx.x / 32.0f);                         // 15 varying
  probe(threadIdx.x < 32);                                   // 16 warp: warp 0
  probe(threadIdx.x >= 64);                                  // 17 warp
  probe(threadIdx.x <= 31);                                  // 18 warp
  probe(threadIdx.x < 16);                                   // 19 varying
  probe(threadIdx.x == 32);                                  // 20 varying
  probe(96 > threadIdx.x);                                   // 21 warp
  probe(threadIdx.x < blockDim.x);                           // 22 warp
  probe(threadIdx.x % 32 < 32);                              // 23 warp
})");
  Uniformity Want[] = {Warp, Warp, Warp, Warp, Varying, Varying, Warp, Varying,
                       Warp, Warp, Warp, Varying, Warp, Varying, Warp, Varying,
                       Warp, Warp, Warp, Varying, Varying, Warp, Warp, Warp};
  P.expectProbes("k", Want);
}

TEST(Uniformity, LaunchBoundsNotMultipleOf32DropsAssumption) {
  Parsed P = parse(R"(
__global__ void __launch_bounds__(48) k() {
  probe(threadIdx.x / 32); probe(threadIdx.y);
}
__global__ void __launch_bounds__(256) k2() {
  probe(threadIdx.x / 32); probe(threadIdx.y);
})");
  EXPECT_EQ(P.probe("k", 0), Varying);
  EXPECT_EQ(P.probe("k", 1), Varying);
  EXPECT_EQ(P.probe("k2", 0), Warp);
  EXPECT_EQ(P.probe("k2", 1), Warp);
}

// The bounds fold through a constexpr call (ggml's `mmq_get_nwarps_device() *
// warp_size`), once per translation unit however many contexts ask.
TEST(Uniformity, LaunchBoundsThroughConstexprCall) {
  Parsed P = parse(R"(
constexpr int nwarps(int n) { return n; }
__global__ void __launch_bounds__(nwarps(3) * 16) k() { probe(threadIdx.x / 32); }
__global__ void __launch_bounds__(nwarps(4) * 32) k2() { probe(threadIdx.x / 32); }
__device__ void h() { probe(threadIdx.x / 32); }
)");
  EXPECT_EQ(P.probe("k", 0), Varying);
  EXPECT_EQ(P.probe("k2", 0), Warp);
  // A second context of the same kernel answers the same.
  EXPECT_EQ(P.UC->optionsFor(P.fn("k")).WarpAlignedBlockX, false);
  EXPECT_EQ(P.UC->optionsFor(P.fn("k2")).WarpAlignedBlockX, true);
}

// callsIn: the calls of a body in source order, a lambda's body included,
// collected once.
TEST(Uniformity, CallsIn) {
  Parsed P = parse(R"(
__device__ void h() {
  probe(1);
  auto l = [] { mark(); };
  l();
  probe(mark2());
}
__device__ void decl_only();
)");
  const FunctionDecl *H = P.fn("h");
  llvm::ArrayRef<const CallExpr *> Calls = P.UC->callsIn(H);
  std::vector<std::string> Texts;
  for (const CallExpr *CE : Calls)
    Texts.push_back(P.text(CE));
  EXPECT_EQ(Texts, (std::vector<std::string>{"probe(1)", "mark()", "l()",
                                             "probe(mark2())", "mark2()"}));
  EXPECT_EQ(P.UC->callsIn(H).data(), Calls.data());
  const FunctionDecl *NoBody = nullptr;
  for (const Decl *D : P.AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->getName() == "decl_only")
      NoBody = FD;
  ASSERT_TRUE(NoBody);
  EXPECT_TRUE(P.UC->callsIn(NoBody).empty());
}

TEST(Uniformity, KnownLaunchesDropAssumption) {
  Parsed P = parse(R"(
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ constexpr dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
};
typedef struct CUstream_st *cudaStream_t;
extern "C" int cudaConfigureCall(dim3 g, dim3 b, unsigned long s = 0,
                                 cudaStream_t st = 0);
__global__ void narrow() { probe(threadIdx.x / 32); }
__global__ void wide() { probe(threadIdx.x / 32); }
__global__ void square() { probe(threadIdx.y); }
__global__ void byvar() { probe(threadIdx.y); }
__global__ void changed() { probe(threadIdx.y); }
void launch(int n) {
  narrow<<<n, 48>>>();
  wide<<<n, dim3(128, 2)>>>();
  square<<<n, dim3(16, 16)>>>();
  dim3 b(8, 8);
  byvar<<<1, b>>>();
  dim3 c(8, 8);
  c.x = 64;
  changed<<<1, c>>>();
})");
  auto Probe = [&](llvm::StringRef K) {
    const FunctionDecl *FD = P.fn(K);
    const FunctionUniformity *FU = P.UC->analyze(FD, {}, P.UC->optionsFor(FD));
    return FU->valueOf(P.calls(FD, "probe")[0]->getArg(0)).U;
  };
  EXPECT_EQ(Probe("narrow"), Varying);
  EXPECT_EQ(Probe("wide"), Warp);
  EXPECT_EQ(Probe("square"), Varying);
  EXPECT_EQ(Probe("byvar"), Varying);
  EXPECT_EQ(Probe("changed"), Warp); // c.x = 64 reaches the launch: aligned
}

TEST(Uniformity, Intrinsics) {
  Parsed P = parse(R"(
__constant__ int table[16];
__global__ void k(int *p, unsigned v) {
  unsigned lane = threadIdx.x % 32;
  probe(__shfl_sync(FULL, lane, 0));          // 0 warp: one source lane
  probe(__shfl_sync(FULL, lane, lane ^ 1));   // 1 varying lane
  probe(__shfl_down_sync(FULL, lane, 1));     // 2 varying
  probe(__ballot_sync(FULL, lane < 4));       // 3 block: the same lanes in every warp
  probe(__all_sync(FULL, lane < 4));          // 4 block
  probe(__syncthreads_or(lane < 4));          // 5 block
  probe(__reduce_add_sync(FULL, lane));       // 6 block
  probe((int)clock64());                      // 7 varying
  probe(atomicAdd(p, 1));                     // 8 varying
  probe(p[threadIdx.x]);                      // 9 varying: thread-varying address
  probe(p[blockIdx.x]);                       // 10 block
  probe(table[blockIdx.x]);                   // 11 block
  probe(table[lane]);                         // 12 varying
  probe(__shfl_sync(FULL, v, 3));             // 13 block: the value is uniform
  probe(__shfl_sync(FULL, lane, 0, 16));      // 14 varying: 16-lane segments
})");
  Uniformity Want[] = {Warp, Varying, Varying, Block, Block, Block, Block, Varying,
                       Varying, Varying, Block, Block, Varying, Block, Varying};
  P.expectProbes("k", Want);
}

TEST(Uniformity, InlineAssemblyLaneId) {
  Parsed P = parse(R"(
__global__ void k() {
  unsigned l, s = blockIdx.x, d;
  asm("mov.u32 %0, %%laneid;" : "=r"(l));
  asm("mov.u32 %0, %1;" : "=r"(d) : "r"(s));
  unsigned t;
  asm("mov.u32 %0, %%tid.x;" : "=r"(t));
  probe(l); probe(d);
  // The lane is the same in every warp; %tid.x is not.
  probe(__all_sync(FULL, l < 4)); probe(__all_sync(FULL, t < 4));
})");
  P.expectProbes("k", {Varying, Block, Block, Warp});
}

//===----------------------------------------------------------------------===//
// Propagation
//===----------------------------------------------------------------------===//

TEST(Uniformity, LocalsAssignmentsCasts) {
  Parsed P = parse(R"(
__global__ void k(int n) {
  int t = threadIdx.x;
  int w = t / 32;
  probe(w);                          // 0 warp
  int s = blockIdx.x;
  probe(s);                          // 1 block
  s += threadIdx.x;
  probe(s);                          // 2 varying
  s = n * 2;
  probe(s);                          // 3 block (strong update)
  probe((int)(t / 32));              // 4 warp
  float f = t;
  probe(f);                          // 5 varying
  int a[4] = {0, 1, 2, 3};
  probe(a[w]);                       // 6 warp
  a[1] = t;
  probe(a[0]);                       // 7 varying (arrays: weak update)
  int x = t, y = 0;
  y = x = 5;
  probe(y);                          // 8 block
  probe(x++);                        // 9 block
})");
  Uniformity Want[] = {Warp, Block, Varying, Block, Warp, Varying, Warp, Varying,
                       Block, Block};
  P.expectProbes("k", Want);
}

TEST(Uniformity, StructMembers) {
  Parsed P = parse(R"(
struct Pos { int row; int col; };
__global__ void k() {
  Pos p;
  p.row = threadIdx.x;
  p.col = blockIdx.x;
  probe(p.col);   // 0 block
  probe(p.row);   // 1 varying
  Pos q = p;
  probe(q.col);   // 2 varying (whole-object copy: field-insensitive)
  Pos r{(int)blockIdx.x, 0};
  probe(r.row);   // 3 block
})");
  EXPECT_EQ(P.probe("k", 0), Block);
  EXPECT_EQ(P.probe("k", 1), Varying);
  EXPECT_EQ(P.probe("k", 2), Varying);
  EXPECT_EQ(P.probe("k", 3), Block);
}

// A member written on one path reaches a whole-object read after the paths
// join, whichever predecessor the join starts from (clang's CFG lists an
// if's else path first); a declaration forgets the members a previous loop
// trip wrote. The state's index of variables with member entries must follow
// all three (fails without it in UniformityState::set or joinWith).
TEST(Uniformity, MembersThroughJoinsAndRedeclarations) {
  Parsed P = parse(R"(
struct Pos { int row; int col; };
__global__ void k(int n) {
  Pos p;
  if (n > 0)
    p.row = threadIdx.x;
  Pos q = p;
  probe(q.col);   // 0 varying: p.row from one path, read with the whole p
  for (int i = 0; i < n; ++i) {
    Pos t;
    Pos r = t;
    probe(r.row); // 1 block: t.row of the previous trip is gone
    t.row = threadIdx.x;
  }
  Pos s;
  if (n > 1) {
    s.col = threadIdx.x;
  } else {
    n = 2;
  }
  Pos u = s;
  probe(u.row);   // 2 varying: the member from the other path
})");
  EXPECT_EQ(P.probe("k", 0), Varying);
  EXPECT_EQ(P.probe("k", 1), Block);
  EXPECT_EQ(P.probe("k", 2), Varying);
}

TEST(Uniformity, LoopsReachAFixpoint) {
  Parsed P = parse(R"(
__global__ void k(int n) {
  int v = 0, u = 0, k2 = 0;
  for (int i = 0; i < n; ++i) {
    probe(v);            // 0 varying: assigned in the previous iteration
    probe(u);            // 1 block
    v = threadIdx.x;
    u = u + i;
    k2 += 2;
  }
  probe(k2);             // 2 block
  int j = threadIdx.x;
  while (j < n) j += blockDim.x;
  probe(j);              // 3 varying
})");
  EXPECT_EQ(P.probe("k", 0), Varying);
  EXPECT_EQ(P.probe("k", 1), Block);
  EXPECT_EQ(P.probe("k", 2), Block);
  EXPECT_EQ(P.probe("k", 3), Varying);
}

TEST(Uniformity, ControlDependenceAtJoins) {
  Parsed P = parse(R"(
__global__ void k(int n, const int *data) {
  int v = 0;
  if (threadIdx.x < 5) v = 1;
  probe(v);                      // 0 varying: assigned under a divergent branch
  int b = 0;
  if (blockIdx.x < 5) b = 1;
  probe(b);                      // 1 block
  int w = 0;
  if (threadIdx.y == 0) w = 1;
  probe(w);                      // 2 warp
  int found = -1;
  for (int i = 0; i < 32; ++i)
    if (data[i] == (int)threadIdx.x) { found = i; break; }
  probe(found);                  // 3 varying
  int cnt = 0;
  for (int i = 0; i < n; ++i) {
    if ((int)threadIdx.x == i) break;
    cnt++;
  }
  probe(cnt);                    // 4 varying: lanes leave the loop at different trips
  int c = threadIdx.x < 3 ? 1 : 2;
  probe(c);                      // 5 varying
  int d = blockIdx.x < 3 && n > 2;
  probe(d);                      // 6 block
})");
  Uniformity Want[] = {Varying, Block, Warp, Varying, Varying, Varying, Block};
  P.expectProbes("k", Want);
}

// Each round of the solver finds the branches the previous one made
// divergent: here four rounds, each through the loop's back edge, before the
// values stop changing. Later rounds go on from the previous round's
// fixpoint (only where a newly divergent branch closes, and what that
// reaches); they must still reach what a fresh solve would.
TEST(Uniformity, VarianceThroughChainedBranches) {
  Parsed P = parse(R"(
__global__ void k(int n) {
  int a = 0, b = 0, c = 0;
  for (int it = 0; it < n; ++it) {
    if (b) c = 1;                // round 3: b varies, so c does
    if (a) b = 1;                // round 2: a varies, so b does
    if (threadIdx.x < 5) a = 1;  // round 1
  }
  probe(a);                      // 0 varying
  probe(b);                      // 1 varying
  probe(c);                      // 2 varying
  int x = 0, y = 0, z = 0;
  for (int it = 0; it < n; ++it) {
    if (y) z = 1;
    if (x) y = 1;
    if (blockIdx.x < 5) x = 1;
  }
  probe(z);                      // 3 block: the same chain, block-uniform
  int u = 0, v = 0, w = 0;
  for (int it = 0; it < n; ++it) {
    if (v) w = 1;
    if (u) v = 1;
    if (threadIdx.y == 0) u = 1;
  }
  probe(w);                      // 4 warp: the same chain from threadIdx.y
  if (c) mark();                 // control 0: varying
  if (z) mark();                 // control 1: block
})");
  Uniformity Want[] = {Varying, Varying, Varying, Block, Warp};
  P.expectProbes("k", Want);
  EXPECT_EQ(P.control("k", 0), Varying);
  EXPECT_EQ(P.control("k", 1), Block);
}

// clang's CFG lists no parentheses (its builder strips them), so the value of
// `(a)` is not an element's: it is evaluated on every visit of its block,
// not kept from the first one (before the branch above was found divergent,
// or before the loop's back edge brought a varying value).
TEST(Uniformity, ParenthesesAreEvaluatedOnEveryVisit) {
  Parsed P = parse(R"(
__global__ void k(int n) {
  int a = 0;
  if (threadIdx.x < 5) a = 1;
  if ((a) != 0) mark();          // control 0: varying (a is, after the join)
  int b = 0, c = 0;
  for (int i = 0; i < n; ++i) {
    b = (c);
    c = threadIdx.x;
  }
  probe(b);                      // 0 varying: c is, from the second trip on
  int d = 0, e = 0;
  for (int i = 0; i < n; ++i) {
    d = (e);
    e = blockIdx.x;
  }
  probe(d);                      // 1 block
  probe((a) + 1);                // 2 varying
})");
  Uniformity Want[] = {Varying, Block, Varying};
  P.expectProbes("k", Want);
  EXPECT_EQ(P.control("k", 0), Varying);
}

// A block visited again with the same values where it reads them does not
// evaluate its expressions again (BlockTrace): it makes the writes of its
// previous visit, to the state and to the memo of expression values.
TEST(Uniformity, BlockVisitsAreReplayedOnlyWithTheSameInputs) {
  Parsed P = parse(R"(
struct pair2 { int x, y; };
__device__ int sum(pair2 p) { return p.x + p.y; }
__global__ void k(int n, int m) {
  int y = 0;
  for (int i = 0; i < n; ++i) {
    // The loop body's first block reads nothing: from the second trip on
    // it is replayed, and x must be the thread index again after it,
    // although it is 0 at the end of each trip.
    int x = threadIdx.x;
    if (m > 0) probe(x);         // 0 varying
    x = 0;
  }
  // The arm reads p whole, and p.y varies from the second trip on: its value
  // is an input of the arm, although the arm does not name it.
  pair2 p = {0, 0};
  for (int i = 0; i < n; ++i) {
    if (m > 0) {
      int s = sum(p);
      probe(s);                  // 1 varying
    }
    p.y = threadIdx.x;
  }
  // Block-uniform all along: the replayed block keeps its values.
  for (int i = 0; i < n; ++i) {
    int z = blockIdx.x;
    if (m > 0) probe(z);         // 2 block
    z = threadIdx.x;
  }
})");
  Uniformity Want[] = {Varying, Varying, Block};
  P.expectProbes("k", Want);
}

//===----------------------------------------------------------------------===//
// Control uniformity
//===----------------------------------------------------------------------===//

TEST(Uniformity, ControlUnderBranches) {
  Parsed P = parse(R"(
__global__ void k(int n) {
  if (threadIdx.x < 16) mark();           // 0 varying
  if (threadIdx.x / 32 == 0) mark();      // 1 warp-uniform... 
  mark();                                 // 2 block (after the joins)
  switch (threadIdx.x % 4) { case 0: mark(); break; default: break; }   // 3 varying
  int r = threadIdx.x < 3 ? mark2() : 0;  // mark2: varying
  for (int i = threadIdx.x; i < n; i += 32) mark();   // 4 varying: trip count
  for (int i = 0; i < n; ++i) mark();     // 5 block
  if (threadIdx.y == 0) mark();           // 6 warp-uniform, not block-uniform
  if (blockIdx.x > 2 && threadIdx.x < 7) mark();      // 7 varying
  (void)r;
})");
  EXPECT_EQ(P.control("k", 0), Varying);
  EXPECT_EQ(P.control("k", 1), Warp);
  EXPECT_EQ(P.control("k", 2), Block);
  EXPECT_EQ(P.control("k", 3), Varying);
  EXPECT_EQ(P.control("k", 0, "mark2"), Varying);
  EXPECT_EQ(P.control("k", 4), Varying);
  EXPECT_EQ(P.control("k", 5), Block);
  EXPECT_EQ(P.control("k", 6), Warp);
  EXPECT_EQ(P.control("k", 7), Varying);

  auto DC = P.why("k", 0);
  ASSERT_TRUE(DC);
  EXPECT_EQ(P.text(DC->Cond), "threadIdx.x < 16");
  EXPECT_EQ(DC->Why.describe(P.AST->getASTContext()), "depends on threadIdx.x");
  EXPECT_FALSE(DC->Exit);
  EXPECT_FALSE(DC->IsLoop);
  auto L = P.why("k", 4);
  ASSERT_TRUE(L);
  EXPECT_TRUE(L->IsLoop);
  EXPECT_EQ(P.text(L->Cond), "i < n");
  auto A = P.why("k", 7);
  ASSERT_TRUE(A);
  EXPECT_EQ(P.text(A->Cond), "threadIdx.x < 7");
  // Warp-uniform control is divergent for block-level requirements only.
  EXPECT_FALSE(P.why("k", 6));
  const FunctionUniformity *FU = P.analysis("k");
  auto Marks = P.calls(P.fn("k"), "mark");
  auto BL = FU->divergentControl(Marks[6], Uniformity::WarpUniform);
  ASSERT_TRUE(BL);
  EXPECT_EQ(BL->Why.describe(P.AST->getASTContext()), "depends on threadIdx.y");
}

TEST(Uniformity, EarlyExits) {
  Parsed P = parse(R"(
__global__ void ret(int n) {
  if (threadIdx.x >= 16) return;
  mark();                                  // varying, after a return
}
__global__ void ret_uniform(int n) {
  if (blockIdx.x >= n) return;
  if ((threadIdx.x >> 5) >= 2) return;
  mark();                                  // uniform enough
}
__global__ void brk(int n) {
  for (int i = 0; i < n; ++i) {
    if ((int)threadIdx.x == i) break;
    mark();                                // varying, after a break
  }
  mark();                                  // block: after the loop
}
__global__ void cont(int n) {
  for (int i = 0; i < n; ++i) {
    if (threadIdx.x & 1) continue;
    mark();                                // varying
  }
}
__global__ void go(int n) {
  if (threadIdx.x % 2) goto out;
  mark();                                  // varying
out:
  mark();                                  // block
}
__global__ void trap(int n) {
  if (threadIdx.x >= 1024) __builtin_trap();
  mark();                                  // block: a trap is not an exit
})");
  EXPECT_EQ(P.control("ret"), Varying);
  auto DC = P.why("ret");
  ASSERT_TRUE(DC);
  ASSERT_TRUE(DC->Exit);
  EXPECT_TRUE(isa<ReturnStmt>(DC->Exit));
  EXPECT_EQ(P.text(DC->Cond), "threadIdx.x >= 16");
  EXPECT_EQ(P.control("ret_uniform"), Warp);
  EXPECT_EQ(P.control("brk", 0), Varying);
  EXPECT_TRUE(P.why("brk", 0) && P.why("brk", 0)->Exit &&
              isa<BreakStmt>(P.why("brk", 0)->Exit));
  EXPECT_EQ(P.control("brk", 1), Block);
  EXPECT_EQ(P.control("cont"), Varying);
  EXPECT_EQ(P.control("go", 0), Varying);
  EXPECT_EQ(P.control("go", 1), Block);
  EXPECT_EQ(P.control("trap"), Block);
}

//===----------------------------------------------------------------------===//
// Helpers (inter-procedural)
//===----------------------------------------------------------------------===//

TEST(Uniformity, HelpersInContext) {
  Parsed P = parse(R"(
__device__ int lane() { return threadIdx.x % 32; }
__device__ int twice(int x) { return 2 * x; }
__device__ int warpOf(int t) { return t / 32; }
__device__ void getLane(int &l) { l = threadIdx.x % 32; }
__device__ void getBlock(int &b) { b = blockIdx.x; }
__device__ int firstFew() { if (threadIdx.x < 3) return 1; return 0; }
__global__ void k() {
  probe(lane());                  // 0 varying
  probe(twice(blockIdx.x));       // 1 block
  probe(twice(threadIdx.x));      // 2 varying
  probe(warpOf(threadIdx.x));     // 3 warp: analysed with a thread-varying t
  int l = 0; getLane(l);
  probe(l);                       // 4 varying: reference out-parameter
  int b = threadIdx.x; getBlock(b);
  probe(b);                       // 5 block
  probe(firstFew());              // 6 varying: divergent return
  auto f = [](int v) { return v + 1; };
  probe(f(threadIdx.x));          // 7 varying
  probe(f(blockIdx.x));           // 8 block
})");
  Uniformity Want[] = {Varying, Block, Varying, Warp, Varying, Block, Varying,
                       Varying, Block};
  P.expectProbes("k", Want);
}

TEST(Uniformity, SameInEveryWarp) {
  // A value that is the same in every warp, lane by lane (the lane index, a
  // load at it), reduced over the warp, is block-uniform: the second level of
  // a two-level block reduction (ggml fattn-common.cuh).
  Parsed P = parse(R"(
__global__ void k(int *p, int n) {
  __shared__ int buf[32];
  unsigned lane = threadIdx.x % 32;
  probe(lane);                                            // 0 varying
  probe(__all_sync(FULL, buf[lane]));                     // 1 block
  probe(__all_sync(FULL, buf[threadIdx.x]));              // 2 warp
  probe(__ballot_sync(FULL, (threadIdx.x & 31) < 4));     // 3 block
  probe(__all_sync(FULL, p[lane] > n));                   // 4 block
  probe(__all_sync(FULL, buf[lane + threadIdx.y]));       // 5 warp: y varies by warp
  probe(__all_sync(FULL, __shfl_down_sync(FULL, buf[lane], 1))); // 6 block
  probe(__all_sync(FULL, __shfl_down_sync(FULL, buf[lane], lane))); // 7 warp
  probe(__all_sync(FULL, atomicAdd(p + lane, 1)));        // 8 warp: an atomic's result
  probe(__reduce_add_sync(FULL, buf[lane]));              // 9 block
  probe(__all_sync(FULL, buf[threadIdx.x % 64]));         // 10 warp: not the lane
})");
  Uniformity Want[] = {Varying, Block, Warp, Block, Block, Warp,
                       Block,   Warp,  Warp, Block, Warp};
  P.expectProbes("k", Want);
}

TEST(Uniformity, TemplateArgumentsAreConstants) {
  // A template argument that is a multiple of 32 compares with an aligned
  // thread index as a literal does (ggml fattn-vec.cuh: `tid < D`).
  Parsed P = parse(R"(
template <int D> __global__ void k() {
  const int tid = 32 * threadIdx.y + threadIdx.x;
  probe(tid < D);     // 0 warp with D = 64; varying with D = 40
  probe(tid / D);     // 1
}
template __global__ void k<64>();
template __global__ void k<40>();
)");
  EXPECT_EQ(P.probe("k<64>", 0), Warp);
  EXPECT_EQ(P.probe("k<64>", 1), Warp);
  EXPECT_EQ(P.probe("k<40>", 0), Varying);
  EXPECT_EQ(P.probe("k<40>", 1), Varying);
}

TEST(Uniformity, ConstexprCallsByArgumentValues) {
  // A constexpr call folds once per callee and argument values for the
  // translation unit (template instantiation repeats it in every
  // specialization): the same callee with other values, a non-constant
  // argument, a reference parameter that is never read, and the same call in
  // a second specialization each get their own answer.
  Parsed P = parse(R"(
constexpr __device__ int twice(int x) { return 2 * x; }
constexpr __device__ int bits(const int &) { return 64; }
struct P { static constexpr __device__ int tile(int x) { return 2 * x; } };
__global__ void s(const P *p) {
  probe(threadIdx.x < P::tile(16));  // 0 warp: 32
  probe(threadIdx.x < p->tile(16));  // 1 varying: clang does not fold it (the object)
}
template <int N> __global__ void k(int n) {
  probe(threadIdx.x < twice(16));   // 0 warp: 32
  probe(threadIdx.x < twice(8));    // 1 varying: 16
  probe(threadIdx.x < twice(16));   // 2 warp again
  probe(threadIdx.x < twice(n));    // 3 varying: n is not a constant
  probe(threadIdx.x < bits(n));     // 4 warp: 64 whatever n is
  probe(threadIdx.x < twice(N));    // 5 warp with N = 16, varying with N = 4
}
template __global__ void k<16>(int);
template __global__ void k<4>(int);
)");
  Uniformity Want16[] = {Warp, Varying, Warp, Varying, Warp, Warp};
  Uniformity Want4[] = {Warp, Varying, Warp, Varying, Warp, Varying};
  P.expectProbes("k<16>", Want16);
  P.expectProbes("k<4>", Want4);
  Uniformity WantS[] = {Warp, Varying};
  P.expectProbes("s", WantS);
}

TEST(Uniformity, DeadReturnsDoNotCount) {
  // The return value joins only the returns reachable from the entry: with
  // width 32 the else arm (a pruned, trivially false edge) is dead, and the
  // helper returns the vote (ggml's warp_reduce_all, common.cuh).
  Parsed P = parse(R"(
constexpr __device__ int physicalWarpSize() { return 32; }
template <int width = 32> __device__ int reduceAll(int x) {
  if (width == physicalWarpSize()) {
    return __all_sync(FULL, x);
  } else {
    for (int o = width / 2; o > 0; o >>= 1)
      x = __shfl_down_sync(FULL, x, o, width) && x;
    return x;
  }
}
__device__ int deadVarying(int x) {
  if (sizeof(int) == 8)
    return threadIdx.x;
  return x;
}
__global__ void k() {
  probe(reduceAll(threadIdx.x));      // 0 warp: the vote
  probe(reduceAll<16>(threadIdx.x));  // 1 varying: the shuffles
  probe(deadVarying(blockIdx.x));     // 2 block
  probe(deadVarying(threadIdx.x));    // 3 varying
})");
  Uniformity Want[] = {Warp, Varying, Block, Varying};
  P.expectProbes("k", Want);
}

TEST(Uniformity, CallsWmmaTransitively) {
  Parsed P = parse(R"(
__device__ void tile(wmma::fragment<wmma::accumulator, 16, 16, 16, float> &acc) {
  wmma::fill_fragment(acc, 0.0f);
}
__device__ void outer(wmma::fragment<wmma::accumulator, 16, 16, 16, float> &acc) { tile(acc); }
__device__ int plain(int x) { return x; }
__global__ void k() {
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  outer(acc);
}
__global__ void none() { probe(plain(1)); })");
  EXPECT_TRUE(P.UC->callsWmma(P.fn("tile")));
  EXPECT_TRUE(P.UC->callsWmma(P.fn("outer")));
  EXPECT_TRUE(P.UC->callsWmma(P.fn("k")));
  EXPECT_FALSE(P.UC->callsWmma(P.fn("plain")));
  EXPECT_FALSE(P.UC->callsWmma(P.fn("none")));
  EXPECT_TRUE(isWmmaCollective(P.calls(P.fn("tile"), "fill_fragment")[0]->getDirectCallee()));
}

// Mutual recursion: every function of the cycle calls what any of them calls,
// whichever is asked first. `ping` calls `pong`, which calls `ping` back, and
// then makes the WMMA call; asking `ping` first must not leave `pong` without
// it (pong's set was cut at `ping`, still being computed: a cache of answers
// per function kept pong's 'no'). `lone` calls into the
// cycle from outside; `flat` recurses on itself without any.
TEST(Uniformity, CallsWmmaThroughRecursion) {
  Parsed P = parse(R"(
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> Acc;
__device__ void pong(Acc &a, int n);
__device__ void ping(Acc &a, int n) { if (n) pong(a, n - 1); wmma::fill_fragment(a, 0.0f); }
__device__ void pong(Acc &a, int n) { if (n) ping(a, n - 1); }
__device__ void lone(Acc &a) { pong(a, 3); }
__device__ int flat(int n) { return n ? flat(n - 1) : 0; }
__global__ void k() { Acc a; lone(a); probe(flat(3)); })");
  EXPECT_TRUE(P.UC->callsWmma(P.fn("ping")));
  EXPECT_TRUE(P.UC->callsWmma(P.fn("pong")));
  EXPECT_TRUE(P.UC->callsWmma(P.fn("lone")));
  EXPECT_TRUE(P.UC->callsWmma(P.fn("k")));
  EXPECT_FALSE(P.UC->callsWmma(P.fn("flat")));
  // The other order, on a fresh context.
  Parsed Q = parse(R"(
typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> Acc;
__device__ void pong(Acc &a, int n);
__device__ void ping(Acc &a, int n) { if (n) pong(a, n - 1); wmma::fill_fragment(a, 0.0f); }
__device__ void pong(Acc &a, int n) { if (n) ping(a, n - 1); }
__global__ void k() { Acc a; pong(a, 3); })");
  EXPECT_TRUE(Q.UC->callsWmma(Q.fn("pong")));
  EXPECT_TRUE(Q.UC->callsWmma(Q.fn("ping")));
}

TEST(Uniformity, SharedContextPerTranslationUnit) {
  Parsed P = parse("__global__ void k() { probe(threadIdx.x); }");
  ASTContext &Ctx = P.AST->getASTContext();
  UniformityContext &A = UniformityContext::forAST(Ctx);
  EXPECT_EQ(&A, &UniformityContext::forAST(Ctx));
  const FunctionUniformity *F1 = A.analyze(P.fn("k"));
  EXPECT_EQ(F1, UniformityContext::forAST(Ctx).analyze(P.fn("k")));
  Parsed Q = parse("__global__ void k() { probe(blockIdx.x); }");
  EXPECT_NE(&A, &UniformityContext::forAST(Q.AST->getASTContext()));
}

TEST(Uniformity, HelperConditionDependsOnArgument) {
  Parsed P = parse(R"(
__device__ void maybe(int lane) { if (lane < 16) mark(); }
__global__ void k() { maybe(threadIdx.x % 32); maybe(blockIdx.x); })");
  const FunctionDecl *Maybe = P.fn("maybe");
  UValue Lane = UValue::varying({VarianceSource::ThreadIdx, 'x'});
  const FunctionUniformity *V = P.UC->analyze(Maybe, {Lane});
  const FunctionUniformity *U = P.UC->analyze(Maybe, {UValue::block()});
  auto Mark = P.calls(Maybe, "mark")[0];
  EXPECT_EQ(V->controlUniformity(Mark), Varying);
  EXPECT_EQ(U->controlUniformity(Mark), Block);
  // Cached: the same (function, arguments) gives the same analysis.
  EXPECT_EQ(V, P.UC->analyze(Maybe, {Lane}));
}

//===----------------------------------------------------------------------===//
// Traps of real code
//===----------------------------------------------------------------------===//

TEST(Uniformity, TensorCoreSampleGuardsAreWarpUniform) {
  // The shape of the tensor-core samples' simple GEMM: bounds guards on the
  // warp's tile coordinates.
  Parsed P = parse(R"(
__global__ void gemm(const float *a, int M, int N, int K) {
  int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  int warpN = (blockIdx.y * blockDim.y + threadIdx.y);
  for (int i = 0; i < K; i += 16) {
    int aRow = warpM * 16, bCol = warpN * 16;
    if (aRow < M && i < K && bCol < N) mark();
  }
  int cRow = warpM * 16, cCol = warpN * 16;
  if (cRow < M && cCol < N) mark();
}
__global__ void persistent(const float *C, int tiles) {
  const unsigned warpId = threadIdx.x / 32;
  const unsigned laneId = threadIdx.x % 32;
  for (unsigned pos = blockIdx.x;; pos += gridDim.x) {
    if (pos >= tiles) break;
    const float *src = C + (pos + warpId) * 128;
    const float *lanePtr = src + laneId;
    probe(*lanePtr);                       // varying load
    const float *p = (warpId < 4) ? C + warpId * 64 : C + 512;
    probe(p[0]);                           // warp
    for (int k = 0; k < 8; ++k) {
      if (k == 0) mark();                  // block
      mark();                              // block
    }
    if (laneId == 0) probe(1);
    mark();                                // block: after the lane-0 branch
  }
})");
  EXPECT_EQ(P.control("gemm", 0), Warp);
  EXPECT_EQ(P.control("gemm", 1), Warp);
  EXPECT_FALSE(P.why("gemm", 0));
  EXPECT_FALSE(P.why("gemm", 1));
  EXPECT_EQ(P.probe("persistent", 0), Varying);
  EXPECT_EQ(P.probe("persistent", 1), Warp);
  EXPECT_EQ(P.control("persistent", 0), Block);
  EXPECT_EQ(P.control("persistent", 1), Block);
  EXPECT_EQ(P.control("persistent", 2), Block);
}

TEST(Uniformity, UnreachedAndUnknownAreQuiet) {
  Parsed P = parse(R"(
__device__ int (*fp)(int);
__global__ void k() {
  probe(fp(blockIdx.x));   // 0 block: a call through a uniform pointer, uniform args
  probe((int)sizeof(int)); // 1 block
})");
  EXPECT_EQ(P.probe("k", 0), Block);
  EXPECT_EQ(P.probe("k", 1), Block);
}


//===----------------------------------------------------------------------===//
// Structure: the shared CFG, post-dominators, limits
//===----------------------------------------------------------------------===//

// One CFG per function, shared by every analysis of it (the uniformity
// analysis under several argument uniformities, the launch analysis).
TEST(Uniformity, OneCFGPerFunction) {
  Parsed P = parse(R"(
__device__ int twice(int x) { if (x > 3) x += 1; return 2 * x; }
__global__ void k() {
  probe(twice(threadIdx.x));
  probe(twice(blockIdx.x));
})");
  EXPECT_EQ(P.probe("k", 0), Varying);
  EXPECT_EQ(P.probe("k", 1), Block);
  CFGCache &Cache = CFGCache::forAST(P.AST->getASTContext());
  const FunctionDecl *Twice = P.fn("twice");
  const CFG *G = Cache.cfgFor(Twice);
  ASSERT_TRUE(G);
  EXPECT_EQ(Cache.cfgFor(Twice), G);
  EXPECT_EQ(P.analysis("k")->calleeAnalysis(P.calls(P.fn("k"), "twice")[0])->cfg(), G);
  EXPECT_EQ(P.analysis("k")->calleeAnalysis(P.calls(P.fn("k"), "twice")[1])->cfg(), G);
  EXPECT_EQ(Cache.builtCount(), 2u) << "k and twice, once each";
  EXPECT_TRUE(Cache.postOrder(Twice));
  EXPECT_TRUE(Cache.elementOf(Twice, P.calls(P.fn("k"), "twice")[0]) == std::nullopt)
      << "a statement of another function";
}

// CFGCache::blockIndex: the block of every element and terminator, the first
// occurrence kept, as a map filled block by block (elements, then the
// terminator) would hold it. `a && b` is the terminator of the block of `a`
// and an element of the block after it; both analyses of `f` share the index.
TEST(Uniformity, BlockIndexKeepsFirstOccurrence) {
  Parsed P = parse(R"(
__device__ int f(int a, int b) {
  int r = 0;
  if (a > 1 && b < 2) r = a; else r = b;
  for (int i = 0; i < a; ++i) r += i;
  return (a || b) ? r : -r;
}
__global__ void k() { probe(f(threadIdx.x, 1)); probe(f(1, 2)); })");
  EXPECT_EQ(P.probe("k", 0), Varying);
  CFGCache &Cache = CFGCache::forAST(P.AST->getASTContext());
  const FunctionDecl *F = P.fn("f");
  const CFG *G = Cache.cfgFor(F);
  ASSERT_TRUE(G);
  llvm::DenseMap<const Stmt *, unsigned> Reference;
  for (const CFGBlock *B : *G) {
    for (const CFGElement &El : *B)
      if (auto CS = El.getAs<CFGStmt>())
        Reference.try_emplace(CS->getStmt(), B->getBlockID());
    if (const Stmt *T = B->getTerminatorStmt())
      Reference.try_emplace(T, B->getBlockID());
  }
  const StmtBlockIndex *Index = Cache.blockIndex(F);
  ASSERT_TRUE(Index);
  EXPECT_EQ(Cache.blockIndex(F), Index) << "built once";
  unsigned Both = 0;
  for (const auto &[S, Block] : Reference) {
    EXPECT_EQ(Index->blockOf(S), std::optional<unsigned>(Block));
    // A statement that is a terminator and an element of another block.
    for (const CFGBlock *B : *G)
      if (B->getTerminatorStmt() == S) {
        auto El = Cache.elementOf(F, S);
        Both += El && El->first != B;
      }
  }
  EXPECT_GE(Both, 1u) << "the && and || of f";
  EXPECT_EQ(Index->blockOf(F->getBody()), std::nullopt) << "the body is no element";
}

// Paths that end in a noreturn call do not count: the branch joins after it.
TEST(Uniformity, PostDominatorsIgnoreNoreturnPaths) {
  Parsed P = parse(R"(
__device__ void f(int c) {
  if (c) __builtin_trap();
  mark();
  while (c > 1) { if (c == 7) __builtin_trap(); --c; }
  mark();
})");
  const FunctionDecl *F = P.fn("f");
  const CFG *G = CFGCache::forAST(P.AST->getASTContext()).cfgFor(F);
  ASSERT_TRUE(G);
  CompletingPostDomTree PDT(*G);
  unsigned Doomed = 0;
  for (const CFGBlock *B : *G) {
    if (B->hasNoReturnElement()) {
      ++Doomed;
      EXPECT_TRUE(PDT.cannotComplete(B->getBlockID()));
      EXPECT_EQ(PDT.immediatePostDominator(B->getBlockID()), -1);
    }
  }
  EXPECT_EQ(Doomed, 2u);
  EXPECT_EQ(PDT.immediatePostDominator(G->getExit().getBlockID()), -1);
  // The entry's branch joins at the block of the first mark(), not at the exit.
  const CFGBlock &Entry = G->getEntry();
  const CFGBlock *First = *Entry.succ_begin();
  int J = PDT.immediatePostDominator(First->getBlockID());
  ASSERT_GE(J, 0);
  bool HasMark = false;
  for (const CFGBlock *B : *G)
    if ((int)B->getBlockID() == J)
      for (const CFGElement &El : *B)
        if (auto CS = El.getAs<CFGStmt>())
          if (const auto *CE = dyn_cast<CallExpr>(CS->getStmt()))
            HasMark |= CE->getDirectCallee() &&
                       CE->getDirectCallee()->getName() == "mark";
  EXPECT_TRUE(HasMark);
}

// A chain of helpers deeper than UniformityLimits::MaxCallDepth: the limit is
// counted, not silent.
TEST(Uniformity, CallDepthLimitIsCounted) {
  std::string Code = "__device__ int h0(int x) { return x; }\n";
  for (unsigned I = 1; I <= 20; ++I)
    Code += "__device__ int h" + std::to_string(I) + "(int x) { return h" +
            std::to_string(I - 1) + "(x) + 1; }\n";
  Code += "__global__ void k() { probe(h20(blockIdx.x)); }\n";
  Parsed P = parse(Code);
  P.probe("k", 0);
  EXPECT_GT(P.UC->stats().gaveUp(UniformityLimit::CallDepth), 0u);
  EXPECT_GT(P.UC->stats().FunctionsAnalysed, 16u);
  Parsed Q = parse("__device__ int h0(int x) { return x; }\n"
                   "__global__ void k() { probe(h0(threadIdx.x)); }\n");
  EXPECT_EQ(Q.probe("k", 0), Varying);
  EXPECT_EQ(Q.UC->stats().totalGaveUp(), 0u);
  EXPECT_FALSE(Q.analysis("k")->limitReached());
}

} // namespace
