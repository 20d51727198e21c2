//===- CollectiveDivergence.h - Collectives under divergent control -*- C++ -*-===//
//
// The shared part of the rules that forbid a collective operation under
// control flow that is not uniform enough (RULES.md group C:
// cuda-wmma-divergent, and the barrier and warp-sync rules): for a set of
// intrinsic kinds (CudaIntrinsics.def) and a required level, every call of
// such an intrinsic reached under control that is not uniform at that level,
// directly or through helper functions of the translation unit, with the
// divergent condition, where its variance comes from, and the chain of helper
// calls.
//
// Levels: warp-uniform (WMMA, __syncwarp with a full mask, shuffles): the
// condition must be the same in the 32 lanes of each warp; block-uniform
// (__syncthreads): the same in every thread of the block. With blockDim.x a
// multiple of 32 (the analysis' assumption, UniformityOptions), `if (warp >=
// 4)` with `warp = threadIdx.x / 32` is warp-uniform but not block-uniform.
//
// The walk: from each root (a kernel, or a device function that no other
// function with such a collective calls), over the calls of its analysis
// (UniformityContext, helpers analysed in the context of the call): a
// collective call under divergent control is a finding; a call of a helper
// that (transitively) calls a collective, under divergent control, is a
// finding at the helper's first such collective; a helper called under
// uniform control is walked in turn, as analysed for that call.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_COLLECTIVEDIVERGENCE_H
#define CUDA_LINT_ANALYSIS_COLLECTIVEDIVERGENCE_H

#include "analysis/CudaIntrinsics.h"
#include "analysis/Uniformity.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>
#include <optional>
#include <initializer_list>
#include <vector>

namespace cuda_lint {

/// The uniformity a collective requires of the control reaching it.
enum class RequiredLevel : uint8_t {
  WarpUniform, ///< the same in the lanes of each warp
  BlockUniform ///< the same in every thread of the block
};

/// One call on the way from a root to a collective.
struct HelperCall {
  const clang::CallExpr *Call;
  const clang::FunctionDecl *Callee;
};

/// One collective reached under control that is not uniform enough.
struct DivergentCollective {
  /// The intrinsic call (in the innermost helper).
  const clang::CallExpr *Collective = nullptr;
  const IntrinsicInfo *Intrinsic = nullptr;
  /// The divergent control: its condition (Control.Cond, never null), the
  /// source of its variance (Control.Why), the early exit or loop.
  DivergentControl Control;
  /// The analysis in which the control diverges, and the statement of it
  /// reached under Control: the collective itself, or the call of the
  /// helper that holds it (then Inner.front().Call).
  const FunctionUniformity *Where = nullptr;
  const clang::Stmt *Reached = nullptr;
  /// The helper calls from the root to Where (each reached uniformly).
  std::vector<HelperCall> Outer;
  /// The helper calls from Reached down to the function of Collective.
  std::vector<HelperCall> Inner;

  /// Outer then Inner: every helper call from the root to the collective.
  std::vector<HelperCall> chain() const;
};

class CollectiveDivergence {
public:
  /// How deep the walk follows helpers (a limit reached is counted in the
  /// UniformityContext's stats, UniformityLimit::HelperDepth).
  static constexpr unsigned MaxHelperDepth = 8;

  /// Which calls of the query's intrinsic kinds are collectives of the rule
  /// (e.g. only a full-mask `__shfl_sync`, only a `thread_block`'s `sync()`);
  /// called with the call and its table entry.
  using CallFilter =
      std::function<bool(const clang::CallExpr *, const IntrinsicInfo &)>;

  /// A query for calls of the intrinsic kinds \p Kinds that need control
  /// uniform at \p Level; with \p Filter, only the calls it accepts.
  CollectiveDivergence(UniformityContext &UC,
                       std::initializer_list<IntrinsicKind> Kinds,
                       RequiredLevel Level, CallFilter Filter = nullptr);

  /// Divergence caused only by lanes that have left the kernel does not
  /// count: a collective reached after a thread-varying `return` of the
  /// kernel itself (not of a helper, whose lanes return to the caller) is
  /// judged by the control around it. The warp collectives with a mask need
  /// only the non-exited lanes named in the mask (CUDA C++ Programming
  /// Guide, "Warp Shuffle Functions", "Warp Vote Functions"); the block
  /// barriers do not get this (every thread of the block must arrive).
  void setExitedLanesDoNotCount(bool V) { ExitedLanesDoNotCount = V; }

  /// Block barriers matched on both arms of a branch whose condition varies
  /// only between warps do not count as divergent there: `if (warp_is_leader)
  /// { ...; __syncthreads(); } else { __syncthreads(); }`, where every path
  /// from the branch to its join executes the same number of plain block
  /// barriers (`__syncthreads()`, a thread_block's `sync()`), none of them in
  /// a loop or after a jump out of the arm. `bar.sync 0` counts the warps
  /// that arrive, not the instruction they arrive at, so every thread still
  /// arrives once at each barrier interval (an H200 gives correct results;
  /// compute-sanitizer synccheck reports it anyway). A condition that varies
  /// within a warp is never exempt: the lanes of one warp at two barrier
  /// instructions hung on an H200 (runtime-check bad-matched-lanes). ggml's
  /// flash-attention kernels use the pattern on purpose.
  void setMatchedBarriers(bool On) { MatchedBarriers = On; }

  /// The number of plain block barriers that every execution of \p S
  /// performs (helpers of the translation unit included), or std::nullopt
  /// when it depends on the path: a barrier in a loop or a switch, a jump
  /// (return, break, continue, goto) in a statement that has a barrier, a
  /// barrier of another kind (`__syncthreads_count`, `__barrier_sync`, a
  /// library function that synchronizes), arms of a branch that differ.
  /// Branches whose condition is a constant take their live arm.
  std::optional<unsigned> barriersOnEveryPath(const clang::Stmt *S,
                                              unsigned Depth = 0);

  /// Library functions (defined in system headers, whose bodies the walk
  /// does not analyse) that reach one of the query's collectives, through
  /// at most MaxHelperDepth calls, are collectives themselves: a
  /// `cub::BlockReduce<float, 256>::Sum` called under divergent control is a
  /// finding (CUB: "a subsequent __syncthreads() ... all threads in the
  /// block must participate"). The finding's Inner chain then starts with
  /// the call of the library function in the translation unit's code, and
  /// Collective is the barrier inside the library.
  void setLibraryCollectives(bool V) { LibraryCollectives = V; }

  /// The findings of the functions \p Functions (definitions of the
  /// translation unit; the roots are chosen among them, see the file
  /// comment), in walk order. Each FunctionUniformity is walked once per
  /// CollectiveDivergence object.
  std::vector<DivergentCollective>
  run(llvm::ArrayRef<const clang::FunctionDecl *> Functions);

  /// The findings reached from one analysis (as run() does for a root).
  void walk(const FunctionUniformity &FU,
            std::vector<DivergentCollective> &Out);

  /// Whether \p FD calls (transitively) one of the query's intrinsics.
  bool callsCollective(const clang::FunctionDecl *FD);
  /// Whether \p FD is one of the query's intrinsics.
  const IntrinsicInfo *collective(const clang::FunctionDecl *FD) const;
  /// Whether \p CE is a call of one of the query's intrinsics that the
  /// filter accepts.
  const IntrinsicInfo *collective(const clang::CallExpr *CE) const;

  /// The bit set of IntrinsicKinds (for UniformityContext::callsIntrinsic).
  uint32_t kinds() const { return Kinds; }

private:
  UniformityContext &UC;
  uint32_t Kinds = 0;
  RequiredLevel Level;
  CallFilter Filter;
  bool ExitedLanesDoNotCount = false;
  bool MatchedBarriers = false;
  /// barriersOnEveryPath of helper bodies (a recursion in progress: none).
  llvm::DenseMap<const clang::FunctionDecl *, std::optional<unsigned>>
      HelperBarriers;
  /// Whether the arms of \p Branch (an if, a `?:`, or a `&&`/`||` in an
  /// if's condition) execute the same known number of plain barriers.
  bool armsMatchBarriers(const clang::Stmt *Branch);
  bool LibraryCollectives = false;
  llvm::DenseSet<const FunctionUniformity *> Visited;
  /// Per library function: the call of its body on the way to a collective
  /// (the collective itself, or a call of a function that reaches one);
  /// null when none is reached (or while it is being searched).
  llvm::DenseMap<const clang::FunctionDecl *, const clang::CallExpr *>
      LibraryPath;
  const clang::CallExpr *libraryCollective(const clang::FunctionDecl *FD,
                                           std::vector<HelperCall> &Path);
  const clang::CallExpr *libraryStep(const clang::FunctionDecl *Def,
                                     unsigned Depth);
  /// Whether \p FD (a function of the translation unit) calls, through its
  /// helpers, a library function that reaches a collective.
  bool callsLibraryCollective(const clang::FunctionDecl *FD, unsigned Depth);
  llvm::DenseMap<const clang::FunctionDecl *, bool> CallsLibrary;

  std::optional<DivergentControl> controlOf(const FunctionUniformity &Where,
                                            const clang::Stmt *Reached);

  Uniformity divergence() const {
    return Level == RequiredLevel::WarpUniform ? Uniformity::ThreadVarying
                                               : Uniformity::WarpUniform;
  }
  void visit(const FunctionUniformity &FU, std::vector<HelperCall> &Chain,
             unsigned Depth, std::vector<DivergentCollective> &Out);
  void add(const clang::CallExpr *Call, const FunctionUniformity &Where,
           const clang::Stmt *Reached, const std::vector<HelperCall> &Chain,
           std::vector<HelperCall> Inner,
           std::vector<DivergentCollective> &Out);
  const clang::CallExpr *firstCollective(const clang::FunctionDecl *FD,
                                         std::vector<HelperCall> &Path,
                                         unsigned Depth);
};

} // namespace cuda_lint

#endif
