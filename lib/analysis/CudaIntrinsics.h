//===- CudaIntrinsics.h - The table of CUDA intrinsics and APIs -*- C++ -*-===//
//
// One table (CudaIntrinsics.def) of the CUDA device intrinsics and runtime
// API functions the analyses and checks recognise: what kind of function each
// is, where its mask, lane and value arguments are, and how uniform its result
// is. Everything that used to compare callee names by hand asks here.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_CUDAINTRINSICS_H
#define CUDA_LINT_ANALYSIS_CUDAINTRINSICS_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <initializer_list>

namespace clang {
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace cuda_lint {

/// What a CUDA function is, for the analyses.
enum class IntrinsicKind : uint8_t {
  BlockBarrier,     ///< __syncthreads, __syncthreads_count/_and/_or
  WarpBarrier,      ///< __syncwarp(mask)
  GroupBarrier,     ///< cooperative_groups sync() (the group's level)
  WarpCollective,   ///< a warp collective with a mask: __match_*, __reduce_*
  Vote,             ///< __all/__any/__uni/__ballot(_sync), __activemask
  Shuffle,          ///< __shfl*(_sync), cooperative_groups shfl*
  WmmaCollective,   ///< nvcuda::wmma load/store/mma/bmma/fill
  Atomic,           ///< atomic*, cuda::atomic members
  Clock,            ///< clock, clock64, __globaltimer
  ThreadIndex,      ///< cooperative_groups thread_rank, meta_group_rank
  GroupQuery,       ///< cooperative_groups size, group_index, ...
  LaunchApi,        ///< cudaLaunchKernel, ...Cooperative..., ...Ex(C)
  FuncAttributeApi, ///< cudaFuncSetAttribute
  SymbolApi,        ///< cudaMemcpyTo/FromSymbol(Async), cudaGetSymbol*
  SyncApi,          ///< cudaDevice/Stream/EventSynchronize
  ErrorQuery,       ///< cudaGetLastError, cudaPeekAtLastError
};

/// How uniform a call's result is.
enum class ResultUniformity : uint8_t {
  ThreadVarying, ///< may differ in every lane (clock, atomics, thread_rank)
  WarpUniform,   ///< the same in the lanes of a warp (__activemask)
  BlockUniform,  ///< the same in the block (__syncthreads_or), or no value
  /// As uniform as the arguments: for votes and warp collectives, the join of
  /// the arguments capped at warp-uniform; for shuffles, the value's (and,
  /// with a Lane argument, warp-uniform when the lane is).
  DependsOnArgs,
};

/// One entry of CudaIntrinsics.def.
struct IntrinsicInfo {
  llvm::StringRef Name;      ///< without the trailing '*' of a prefix
  llvm::StringRef Namespace; ///< "" for any; else e.g. "nvcuda::wmma"
  bool IsPrefix;             ///< Name is a prefix ("atomic" for atomic*)
  IntrinsicKind Kind;
  int MaskArg;  ///< position of the lane mask, -1 if none
  int LaneArg;  ///< position of the source lane (indexed shuffles), -1
  int ValueArg; ///< position of the operand (see the .def), -1
  int WidthArg; ///< position of a shuffle's width, -1
  ResultUniformity Result;

  /// Whether the function runs on the host (a runtime API function).
  bool isHostApi() const { return Kind >= IntrinsicKind::LaunchApi; }
};

/// The entry for the function \p FD: by its name and enclosing namespaces
/// (`nvcuda::wmma::mma_sync`, `cooperative_groups::...::thread_rank`); for a
/// runtime API function also with a `_ptsz`/`_ptds` suffix. Null for any other
/// function (or a null \p FD, or a function without an identifier).
const IntrinsicInfo *lookupIntrinsic(const clang::FunctionDecl *FD);

/// The entry for the callee of \p CE (lookupIntrinsic of its direct callee).
const IntrinsicInfo *lookupIntrinsic(const clang::CallExpr *CE);

/// The entry for a name as written, optionally qualified:
/// "cudaLaunchKernel_ptsz", "__shfl_sync", "nvcuda::wmma::mma_sync". An
/// unqualified name matches only entries of any namespace (\c Namespace "").
const IntrinsicInfo *lookupIntrinsic(llvm::StringRef QualifiedName);

/// Whether \p FD is an intrinsic of one of \p Kinds.
bool isIntrinsicOfKind(const clang::FunctionDecl *FD,
                       std::initializer_list<IntrinsicKind> Kinds);

/// "block barrier", "warp collective", ... (for messages).
llvm::StringRef toString(IntrinsicKind K);

} // namespace cuda_lint

#endif
