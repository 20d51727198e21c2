// Unit tests of the launch-site evaluator (lib/analysis/LaunchSite.h).
//
// Each test parses CUDA host code against a small mock of the CUDA runtime
// declarations (the shapes of cuda_runtime.h: dim3, cudaLaunchKernel,
// cudaLaunchKernelEx, cudaLaunchConfig_t) and checks what the evaluator
// computes for the launches in function `host`, in source order.
#include "analysis/LaunchSite.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace cuda_lint;

namespace {

const char *const MockRuntime = R"cuda(
#define __global__ __attribute__((global))
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
typedef unsigned long size_t;
typedef struct CUstream_st *cudaStream_t;
typedef int cudaError_t;
struct uint3 { unsigned x, y, z; };
struct dim3 {
  unsigned x, y, z;
  constexpr __host__ __device__ dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr __host__ __device__ dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
extern "C" int __cudaPushCallConfiguration(dim3 g, dim3 b, size_t s = 0, cudaStream_t st = 0);
extern "C" cudaError_t cudaConfigureCall(dim3 g, dim3 b, size_t s = 0, cudaStream_t st = 0);
extern "C" cudaError_t cudaLaunchKernel(const void *f, dim3 g, dim3 b, void **args,
                                        size_t smem, cudaStream_t s);
extern "C" cudaError_t cudaLaunchCooperativeKernel(const void *f, dim3 g, dim3 b,
                                                   void **args, size_t smem, cudaStream_t s);
template <class T>
cudaError_t cudaLaunchKernel(T *f, dim3 g, dim3 b, void **args, size_t smem = 0,
                             cudaStream_t s = 0) {
  return ::cudaLaunchKernel((const void *)f, g, b, args, smem, s);
}
enum cudaLaunchAttributeID { cudaLaunchAttributeIgnore = 0,
  cudaLaunchAttributeCooperative = 2, cudaLaunchAttributeClusterDimension = 4 };
union cudaLaunchAttributeValue {
  char pad[64];
  struct { unsigned x, y, z; } clusterDim;
  int cooperative;
};
struct cudaLaunchAttribute { cudaLaunchAttributeID id; char pad[4]; cudaLaunchAttributeValue val; };
struct cudaLaunchConfig_t {
  dim3 gridDim; dim3 blockDim; size_t dynamicSmemBytes; cudaStream_t stream;
  cudaLaunchAttribute *attrs; unsigned numAttrs;
};
extern "C" cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *c, const void *f, void **a);
template <class... E, class... A>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *c, void (*k)(E...), A &&...a) {
  return cudaLaunchKernelExC(c, (const void *)k, nullptr);
}
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14 };
extern "C" cudaError_t cudaFuncSetAttribute(const void *f, cudaFuncAttribute a, int v);
template <class T> cudaError_t cudaFuncSetAttribute(T *f, cudaFuncAttribute a, int v) {
  return ::cudaFuncSetAttribute((const void *)f, a, v);
}
void use(dim3 &);
void read(const dim3 &);
int runtimeValue();
)cuda";

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  std::vector<LaunchSite> Sites;
};

Parsed parse(const std::string &Code) {
  Parsed R;
  R.AST = tooling::buildASTFromCodeWithArgs(
      std::string(MockRuntime) + Code,
      {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-std=c++17",
       "-fsyntax-only", "-Wno-unknown-cuda-version"},
      "input.cu");
  if (!R.AST)
    return R;
  ASTContext &Ctx = R.AST->getASTContext();
  LaunchSiteEvaluator Eval(Ctx);
  auto Matches = match(
      functionDecl(hasName("host"),
                   forEachDescendant(expr(anyOf(cudaKernelCallExpr(), callExpr())).bind("e"))),
      Ctx);
  for (const auto &M : Matches)
    if (auto L = Eval.evaluate(M.getNodeAs<Expr>("e")))
      R.Sites.push_back(*L);
  std::sort(R.Sites.begin(), R.Sites.end(), [&](const LaunchSite &A, const LaunchSite &B) {
    return Ctx.getSourceManager().isBeforeInTranslationUnit(A.Call->getBeginLoc(),
                                                            B.Call->getBeginLoc());
  });
  return R;
}

std::string dims(const Dim3Value &D) {
  auto One = [](std::optional<uint64_t> V) { return V ? std::to_string(*V) : "?"; };
  return One(D.X) + "," + One(D.Y) + "," + One(D.Z);
}

TEST(LaunchSite, LiteralChevron) {
  Parsed P = parse(R"(
__global__ void k(float *p) {}
void host(float *p) { k<<<4, 256>>>(p); })");
  ASSERT_EQ(P.Sites.size(), 1u);
  EXPECT_EQ(P.Sites[0].Kind, LaunchKind::TripleChevron);
  EXPECT_EQ(dims(P.Sites[0].Grid), "4,1,1");
  EXPECT_EQ(dims(P.Sites[0].Block), "256,1,1");
  EXPECT_EQ(P.Sites[0].DynamicSharedBytes, 0u);
  ASSERT_TRUE(P.Sites[0].Kernel);
  EXPECT_EQ(P.Sites[0].Kernel->getName(), "k");
}

TEST(LaunchSite, Dim3ConstructedAndConstexpr) {
  Parsed P = parse(R"(
__global__ void k(float *p) {}
constexpr int kThreads = 512;
void host(float *p, int n) {
  dim3 block(32, 32);
  dim3 grid((n + 255) / 256);
  k<<<grid, block>>>(p);
  const int threads = kThreads / 2;
  k<<<n, threads, sizeof(float) * 64 * 1024>>>(p);
})");
  ASSERT_EQ(P.Sites.size(), 2u);
  EXPECT_EQ(dims(P.Sites[0].Block), "32,32,1");
  EXPECT_EQ(dims(P.Sites[0].Grid), "?,1,1"); // runtime grid: unknown x
  EXPECT_EQ(P.Sites[0].threadsPerBlock(), 1024u);
  EXPECT_EQ(dims(P.Sites[1].Block), "256,1,1");
  EXPECT_EQ(P.Sites[1].DynamicSharedBytes, 4u * 64 * 1024);
}

TEST(LaunchSite, MemberAssignmentStraightLine) {
  Parsed P = parse(R"(
__global__ void k(float *p) {}
void host(float *p, bool c) {
  dim3 b;
  b.x = 512;
  b.y = 2;
  k<<<1, b>>>(p);
  if (c)
    b.x = 64;
  k<<<1, b>>>(p);        // two definitions reach: x unknown, y still 2
  int t = 128;
  t = t * 2;
  k<<<1, t>>>(p);
})");
  ASSERT_EQ(P.Sites.size(), 3u);
  EXPECT_EQ(dims(P.Sites[0].Block), "512,2,1");
  EXPECT_EQ(dims(P.Sites[1].Block), "?,2,1");
  EXPECT_EQ(dims(P.Sites[2].Block), "256,1,1");
}

TEST(LaunchSite, UnknownAfterEscape) {
  Parsed P = parse(R"(
__global__ void k(float *p) {}
void host(float *p) {
  dim3 b(256);
  use(b);               // may change b
  k<<<1, b>>>(p);
  dim3 c(128);
  read(c);              // const reference: c stays 128
  k<<<1, c>>>(p);
  int t = runtimeValue();
  k<<<1, t>>>(p);
})");
  ASSERT_EQ(P.Sites.size(), 3u);
  EXPECT_EQ(dims(P.Sites[0].Block), "?,?,?");
  EXPECT_EQ(dims(P.Sites[1].Block), "128,1,1");
  EXPECT_EQ(dims(P.Sites[2].Block), "?,1,1");
}

TEST(LaunchSite, LoopWriteAfterLaunchIsUnknown) {
  Parsed P = parse(R"(
__global__ void k(float *p) {}
void host(float *p) {
  int t = 32;
  for (int i = 0; i < 4; ++i) {
    k<<<1, t>>>(p);
    t *= 2;
  }
})");
  ASSERT_EQ(P.Sites.size(), 1u);
  EXPECT_EQ(dims(P.Sites[0].Block), "?,1,1");
}

TEST(LaunchSite, MacroWrappedAndLoopLaunches) {
  Parsed P = parse(R"(
__global__ void k(float *p) {}
#define CHECK(call) do { if ((call) != 0) return; } while (0)
void host(float *p, int n) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4);
  cfg.blockDim = dim3(512);
  CHECK(cudaLaunchKernelEx(&cfg, k, p));
  for (int i = 0; i < n; ++i)
    CHECK(cudaLaunchKernelEx(&cfg, k, p));
  dim3 b(64);
  for (int i = 0; i < n; ++i) {
    k<<<1, b>>>(p);
    if (i == 2)
      b.y = 2;
  }
})");
  ASSERT_EQ(P.Sites.size(), 3u);
  EXPECT_EQ(dims(P.Sites[0].Block), "512,1,1");
  EXPECT_EQ(dims(P.Sites[1].Block), "512,1,1");
  EXPECT_EQ(dims(P.Sites[1].Grid), "4,1,1");
  EXPECT_EQ(dims(P.Sites[2].Block), "64,?,1");
}

TEST(LaunchSite, TemplateKernelAndTemplateArgs) {
  Parsed P = parse(R"(
template <int N> __global__ void k(float *p) {}
template <int Threads> void launch(float *p) { k<Threads><<<1, Threads>>>(p); }
void host(float *p) { k<256><<<2, 256>>>(p); launch<128>(p); })");
  ASSERT_EQ(P.Sites.size(), 1u);
  ASSERT_TRUE(P.Sites[0].Kernel);
  EXPECT_TRUE(P.Sites[0].Kernel->isTemplateInstantiation());
  EXPECT_EQ(dims(P.Sites[0].Block), "256,1,1");
}

TEST(LaunchSite, LaunchKernelThroughPointerAndCast) {
  Parsed P = parse(R"(
__global__ void k(float *p) {}
void host(float *p) {
  void *args[] = {&p};
  cudaLaunchKernel((const void *)k, dim3(8), dim3(64, 4), args, 1024, 0);
  auto fn = k;
  cudaLaunchKernel(fn, 8, 2048, args);
  cudaLaunchCooperativeKernel((void *)&k, 1, 128, args, 0, 0);
})");
  ASSERT_EQ(P.Sites.size(), 3u);
  EXPECT_EQ(P.Sites[0].Kind, LaunchKind::LaunchKernel);
  ASSERT_TRUE(P.Sites[0].Kernel);
  EXPECT_EQ(P.Sites[0].Kernel->getName(), "k");
  EXPECT_EQ(dims(P.Sites[0].Block), "64,4,1");
  EXPECT_EQ(P.Sites[0].DynamicSharedBytes, 1024u);
  ASSERT_TRUE(P.Sites[1].Kernel);
  EXPECT_EQ(dims(P.Sites[1].Block), "2048,1,1");
  EXPECT_EQ(P.Sites[1].DynamicSharedBytes, 0u);
  EXPECT_EQ(P.Sites[2].Kind, LaunchKind::LaunchCooperativeKernel);
  ASSERT_TRUE(P.Sites[2].Kernel);
}

TEST(LaunchSite, LaunchKernelExWithClusterAttribute) {
  Parsed P = parse(R"(
__global__ void k(float *p) {}
void host(float *p) {
  cudaLaunchConfig_t config = {0};
  config.gridDim = dim3(6);
  config.blockDim = 128;
  config.dynamicSmemBytes = 0;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 4;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, k, p);
  cudaLaunchConfig_t plain = {};
  plain.gridDim = 4;
  plain.blockDim = dim3(32, 2);
  cudaLaunchKernelEx(&plain, k, p);
})");
  ASSERT_EQ(P.Sites.size(), 2u);
  EXPECT_EQ(P.Sites[0].Kind, LaunchKind::LaunchKernelEx);
  ASSERT_TRUE(P.Sites[0].Kernel);
  EXPECT_EQ(dims(P.Sites[0].Grid), "6,1,1");
  EXPECT_EQ(dims(P.Sites[0].Block), "128,1,1");
  EXPECT_EQ(P.Sites[0].ClusterAttr, ClusterAttrState::Present);
  EXPECT_EQ(dims(P.Sites[0].ClusterDim), "4,1,1");
  EXPECT_EQ(P.Sites[1].ClusterAttr, ClusterAttrState::Absent);
  EXPECT_EQ(dims(P.Sites[1].Block), "32,2,1");
}

TEST(LaunchSite, LaunchKernelExUnknownConfig) {
  Parsed P = parse(R"(
__global__ void k(float *p) {}
void host(float *p, const cudaLaunchConfig_t *cfg, cudaLaunchAttribute *attrs, unsigned n) {
  cudaLaunchKernelEx(cfg, k, p);
  cudaLaunchConfig_t c = {};
  c.attrs = attrs;
  c.numAttrs = n;
  cudaLaunchKernelEx(&c, k, p);
})");
  ASSERT_EQ(P.Sites.size(), 2u);
  EXPECT_EQ(P.Sites[0].ClusterAttr, ClusterAttrState::Unknown);
  EXPECT_EQ(dims(P.Sites[0].Block), "?,?,?");
  EXPECT_EQ(P.Sites[1].ClusterAttr, ClusterAttrState::Unknown);
}

TEST(LaunchSite, ConstexprDim3AndUint3) {
  Parsed P = parse(R"(
__global__ void k(float *p) {}
constexpr dim3 kBlock(16, 16);
void host(float *p) {
  k<<<1, kBlock>>>(p);
  uint3 u = {8, 8, 2};
  k<<<1, dim3(u)>>>(p);
})");
  ASSERT_EQ(P.Sites.size(), 2u);
  EXPECT_EQ(dims(P.Sites[0].Block), "16,16,1");
  EXPECT_EQ(dims(P.Sites[1].Block), "8,8,2");
}

TEST(LaunchSite, BranchJoinKeepsUnwrittenInitializer) {
  Parsed P = parse(R"(
__global__ void k(float *p) {}
void host(float *p, int n) {
  dim3 block(256);
  if (n > 1000)
    n = 1000;
  for (int i = 0; i < n; ++i)
    k<<<(n + 255) / 256, block>>>(p);
})");
  ASSERT_EQ(P.Sites.size(), 1u);
  EXPECT_EQ(dims(P.Sites[0].Block), "256,1,1");
  EXPECT_EQ(dims(P.Sites[0].Grid), "?,1,1");
}

TEST(LaunchSite, FuncAttributeSettings) {
  auto AST = tooling::buildASTFromCodeWithArgs(
      std::string(MockRuntime) + R"(
__global__ void k(float *p) {}
__global__ void other(float *p) {}
void host(const void *any) {
  cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
  cudaFuncSetAttribute((const void *)other, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  cudaFuncSetAttribute(any, cudaFuncAttributeMaxDynamicSharedMemorySize, runtimeValue());
})",
      {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-std=c++17", "-Wno-unknown-cuda-version"}, "input.cu");
  ASSERT_TRUE(AST);
  LaunchSiteEvaluator Eval(AST->getASTContext());
  auto S = collectFuncAttributeSettings(AST->getASTContext(), Eval);
  ASSERT_EQ(S.size(), 3u);
  ASSERT_TRUE(S[0].Kernel);
  EXPECT_EQ(S[0].Kernel->getName(), "k");
  EXPECT_EQ(S[0].Attribute, 8);
  EXPECT_EQ(S[0].Value, 65536u);
  ASSERT_TRUE(S[1].Kernel);
  EXPECT_EQ(S[1].Kernel->getName(), "other");
  EXPECT_FALSE(S[1].mayConcern(S[0].Kernel));
  EXPECT_EQ(S[1].Attribute, 14);
  EXPECT_FALSE(S[2].Kernel);
  EXPECT_FALSE(S[2].Value);
  EXPECT_TRUE(S[2].mayConcern(S[0].Kernel));
}

TEST(LaunchSite, NotALaunch) {
  Parsed P = parse(R"(
void host() { runtimeValue(); })");
  EXPECT_TRUE(P.Sites.empty());
}

} // namespace

// The per-architecture table (lib/analysis/ArchLimits.h).
#include "analysis/ArchLimits.h"
namespace {
TEST(ArchLimits, OptInSharedMemoryAndResidentThreads) {
  auto KiB = [](uint64_t N) { return N * 1024; };
  EXPECT_EQ(archLimits(70)->MaxSharedBytesPerBlockOptIn, KiB(96));
  EXPECT_EQ(archLimits(75)->MaxSharedBytesPerBlockOptIn, KiB(64));
  EXPECT_EQ(archLimits(80)->MaxSharedBytesPerBlockOptIn, KiB(163));
  EXPECT_EQ(archLimits(86)->MaxSharedBytesPerBlockOptIn, KiB(99));
  EXPECT_EQ(archLimits(89)->MaxSharedBytesPerBlockOptIn, KiB(99));
  EXPECT_EQ(archLimits(90)->MaxSharedBytesPerBlockOptIn, KiB(227));
  EXPECT_EQ(archLimits(100)->MaxSharedBytesPerBlockOptIn, KiB(227));
  EXPECT_EQ(archLimits(120)->MaxSharedBytesPerBlockOptIn, KiB(99));
  EXPECT_EQ(archLimits(80)->MaxResidentThreadsPerSM, 2048u);
  EXPECT_EQ(archLimits(90)->MaxResidentThreadsPerSM, 2048u);
  EXPECT_EQ(archLimits(86)->MaxResidentThreadsPerSM, 1536u);
  // An unlisted minor version takes the row below it of its major version.
  EXPECT_EQ(archLimits(91)->Arch, 90u);
  EXPECT_FALSE(archLimits(30).has_value());
}
} // namespace
