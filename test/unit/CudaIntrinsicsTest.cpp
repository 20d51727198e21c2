//===- CudaIntrinsicsTest.cpp - Unit tests of analysis/CudaIntrinsics -----===//
//
// The lookup of the table of CUDA intrinsics and runtime API functions: by
// name (plain or qualified), and by declaration, where the enclosing
// namespaces decide (a user's own `mma_sync` is not WMMA).
//
//===----------------------------------------------------------------------===//
#include "analysis/CudaIntrinsics.h"
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

TEST(CudaIntrinsics, ByName) {
  const IntrinsicInfo *I = lookupIntrinsic("__shfl_sync");
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Kind, IntrinsicKind::Shuffle);
  EXPECT_EQ(I->MaskArg, 0);
  EXPECT_EQ(I->ValueArg, 1);
  EXPECT_EQ(I->LaneArg, 2);
  EXPECT_EQ(I->WidthArg, 3);
  EXPECT_EQ(I->Result, ResultUniformity::DependsOnArgs);

  I = lookupIntrinsic("__shfl_down_sync");
  ASSERT_TRUE(I);
  EXPECT_EQ(I->LaneArg, -1) << "a relative shuffle has no source lane";

  I = lookupIntrinsic("__syncthreads");
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Kind, IntrinsicKind::BlockBarrier);
  EXPECT_EQ(lookupIntrinsic("__syncwarp")->Kind, IntrinsicKind::WarpBarrier);
  EXPECT_EQ(lookupIntrinsic("__syncwarp")->MaskArg, 0);
  EXPECT_EQ(lookupIntrinsic("__ballot_sync")->Kind, IntrinsicKind::Vote);
  EXPECT_EQ(lookupIntrinsic("__activemask")->Result,
            ResultUniformity::WarpUniform);
  EXPECT_EQ(lookupIntrinsic("__match_any_sync")->Result,
            ResultUniformity::ThreadVarying);
  EXPECT_EQ(lookupIntrinsic("__reduce_max_sync")->Kind,
            IntrinsicKind::WarpCollective);
  EXPECT_EQ(lookupIntrinsic("clock64")->Kind, IntrinsicKind::Clock);
  EXPECT_EQ(lookupIntrinsic("__globaltimer")->Result,
            ResultUniformity::ThreadVarying);
  EXPECT_FALSE(lookupIntrinsic("printf"));
  EXPECT_FALSE(lookupIntrinsic(""));
  EXPECT_FALSE(lookupIntrinsic("::"));
}

TEST(CudaIntrinsics, PrefixesAndSuffixes) {
  // Atomics are a family: atomicAdd, atomicCAS_block, atomicMax_system, ...
  for (const char *N : {"atomicAdd", "atomicCAS_block", "atomicMax_system",
                        "__nvvm_atom_add_gen_i"}) {
    const IntrinsicInfo *I = lookupIntrinsic(N);
    ASSERT_TRUE(I) << N;
    EXPECT_EQ(I->Kind, IntrinsicKind::Atomic) << N;
    EXPECT_EQ(I->Result, ResultUniformity::ThreadVarying) << N;
  }
  // The per-thread default stream variants of the runtime API.
  for (const char *N : {"cudaLaunchKernel", "cudaLaunchKernel_ptsz",
                        "cudaLaunchKernelExC_ptsz", "cudaLaunchCooperativeKernel",
                        "cudaLaunchKernelEx"}) {
    const IntrinsicInfo *I = lookupIntrinsic(N);
    ASSERT_TRUE(I) << N;
    EXPECT_EQ(I->Kind, IntrinsicKind::LaunchApi) << N;
    EXPECT_TRUE(I->isHostApi()) << N;
  }
  EXPECT_EQ(lookupIntrinsic("cudaMemcpyToSymbolAsync_ptsz")->Kind,
            IntrinsicKind::SymbolApi);
  EXPECT_EQ(lookupIntrinsic("cudaMemcpyFromSymbol")->ValueArg, 1)
      << "the symbol is the second argument";
  EXPECT_EQ(lookupIntrinsic("cudaStreamSynchronize_ptsz")->Kind,
            IntrinsicKind::SyncApi);
  EXPECT_EQ(lookupIntrinsic("cudaPeekAtLastError")->Kind,
            IntrinsicKind::ErrorQuery);
  EXPECT_EQ(lookupIntrinsic("cudaFuncSetAttribute")->Kind,
            IntrinsicKind::FuncAttributeApi);
  // A device intrinsic has no per-thread-stream variant.
  EXPECT_FALSE(lookupIntrinsic("__syncthreads_ptsz"));
}

TEST(CudaIntrinsics, Namespaces) {
  // WMMA and cooperative_groups entries need their namespaces.
  EXPECT_FALSE(lookupIntrinsic("mma_sync"));
  const IntrinsicInfo *I = lookupIntrinsic("nvcuda::wmma::mma_sync");
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Kind, IntrinsicKind::WmmaCollective);
  EXPECT_TRUE(lookupIntrinsic("::nvcuda::wmma::fill_fragment"));
  EXPECT_FALSE(lookupIntrinsic("wmma::mma_sync")) << "nvcuda is required";
  I = lookupIntrinsic("cooperative_groups::thread_rank");
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Kind, IntrinsicKind::ThreadIndex);
  EXPECT_FALSE(lookupIntrinsic("thread_rank"));
  // Entries of any namespace match qualified names too.
  EXPECT_TRUE(lookupIntrinsic("std::clock"));
}

/// Every entry is found by its own (qualified) name, and its argument
/// positions are plausible.
TEST(CudaIntrinsics, TableIsConsistent) {
  for (const char *Q :
       {"__syncthreads_or", "__all_sync", "__uni_sync", "__any",
        "cooperative_groups::ballot", "cooperative_groups::reduce",
        "cooperative_groups::match_all", "__shfl", "__shfl_xor",
        "cooperative_groups::shfl_down", "nvcuda::wmma::load_matrix_sync",
        "nvcuda::wmma::store_matrix_sync", "nvcuda::wmma::bmma_sync",
        "cuda::fetch_add", "std::compare_exchange_strong", "clock",
        "__clock64", "cooperative_groups::meta_group_rank",
        "cooperative_groups::size", "cooperative_groups::sync",
        "cudaGetSymbolAddress", "cudaGetSymbolSize", "cudaEventSynchronize",
        "cudaDeviceSynchronize", "cudaGetLastError"}) {
    const IntrinsicInfo *I = lookupIntrinsic(Q);
    ASSERT_TRUE(I) << Q;
    for (int A : {I->MaskArg, I->LaneArg, I->ValueArg, I->WidthArg})
      EXPECT_TRUE(A >= -1 && A <= 3) << Q;
    EXPECT_FALSE(toString(I->Kind).empty()) << Q;
  }
}

/// By declaration: the namespaces of the declaration decide.
TEST(CudaIntrinsics, ByDeclaration) {
  const char *Code = R"cuda(
#define __device__ __attribute__((device))
namespace nvcuda { namespace wmma {
template <class T> __device__ void mma_sync(T &d);
}}
namespace mine { template <class T> __device__ void mma_sync(T &d); }
namespace cooperative_groups { namespace __v1 {
struct thread_block { __device__ unsigned thread_rank() const; };
}}
__device__ int atomicAdd(int *p, int v);
__device__ unsigned __shfl_sync(unsigned m, unsigned v, int l, int w = 32);
__device__ void user(int x);
__device__ void u(int x);
__device__ int atomicAdd_block(int *p, int v);
int cudaLaunchKernel_ptsz(const void *f);
__device__ void k(int *p) {
  int f = 0;
  nvcuda::wmma::mma_sync(f);
  mine::mma_sync(f);
  cooperative_groups::__v1::thread_block b;
  b.thread_rank();
  atomicAdd(p, 1);
  __shfl_sync(~0u, 1u, 0);
  user(1);
  u(1);
  atomicAdd_block(p, 1);
}
void h() { cudaLaunchKernel_ptsz(nullptr); }
)cuda";
  std::vector<std::string> Args = {
      "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
      "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version", "-std=c++17",
      "-resource-dir=" CUDA_LINT_RESOURCE_DIR};
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, Args, "input.cu");
  ASSERT_TRUE(AST);
  ASSERT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  struct V : RecursiveASTVisitor<V> {
    std::vector<const CallExpr *> Calls;
    bool VisitCallExpr(CallExpr *CE) {
      Calls.push_back(CE);
      return true;
    }
  } Vis;
  Vis.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  ASSERT_EQ(Vis.Calls.size(), 9u);
  const IntrinsicInfo *Wmma = lookupIntrinsic(Vis.Calls[0]);
  ASSERT_TRUE(Wmma);
  EXPECT_EQ(Wmma->Kind, IntrinsicKind::WmmaCollective);
  EXPECT_FALSE(lookupIntrinsic(Vis.Calls[1])) << "mine::mma_sync";
  const IntrinsicInfo *Rank = lookupIntrinsic(Vis.Calls[2]);
  ASSERT_TRUE(Rank);
  EXPECT_EQ(Rank->Kind, IntrinsicKind::ThreadIndex);
  EXPECT_TRUE(isIntrinsicOfKind(Vis.Calls[3]->getDirectCallee(),
                                {IntrinsicKind::Atomic}));
  EXPECT_FALSE(isIntrinsicOfKind(Vis.Calls[4]->getDirectCallee(),
                                 {IntrinsicKind::Atomic, IntrinsicKind::Vote}));
  EXPECT_EQ(lookupIntrinsic(Vis.Calls[4])->Kind, IntrinsicKind::Shuffle);
  EXPECT_FALSE(lookupIntrinsic(Vis.Calls[5])) << "user";
  // The look-up rejects names by their first two characters first: a
  // one-character name, a prefix entry's name and a `_ptsz` variant.
  EXPECT_FALSE(lookupIntrinsic(Vis.Calls[6])) << "u";
  ASSERT_TRUE(lookupIntrinsic(Vis.Calls[7])) << "atomicAdd_block";
  EXPECT_EQ(lookupIntrinsic(Vis.Calls[7])->Kind, IntrinsicKind::Atomic);
  ASSERT_TRUE(lookupIntrinsic(Vis.Calls[8])) << "cudaLaunchKernel_ptsz";
  EXPECT_EQ(lookupIntrinsic(Vis.Calls[8])->Kind, IntrinsicKind::LaunchApi);
  EXPECT_FALSE(lookupIntrinsic(static_cast<const FunctionDecl *>(nullptr)));
}

} // namespace
