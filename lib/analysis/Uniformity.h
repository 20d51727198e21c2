//===- Uniformity.h - Thread/warp/block uniformity of CUDA values -*- C++ -*-===//
//
// The uniformity analysis of RULES.md (preamble, group C and F): a dataflow
// over clang's CFG of one function body that classifies every value as
// block-uniform, warp-uniform or thread-varying, and every statement as reached
// under block-uniform, warp-uniform or thread-varying (divergent) control.
//
// Sources (RULES.md, "A warp-uniform value is ..."; CUDA C++ Programming Guide,
// "SIMT Architecture" and "Warp Shuffle Functions"):
//  - thread-varying: threadIdx.x, the lane id (`threadIdx.x % 32`, %laneid),
//    cooperative_groups `thread_rank()`, loads through a thread-varying address,
//    `__shfl_*_sync` with a thread-varying lane, `clock()`, atomics' results;
//  - warp-uniform although derived from threadIdx: `threadIdx.x / warpSize`,
//    `/ 32`, `>> 5`, `(blockIdx.x * blockDim.x + threadIdx.x) / warpSize`,
//    threadIdx.y and threadIdx.z, `__shfl_sync(mask, v, constant_lane)`,
//    `__all_sync`, `__any_sync`, `__ballot_sync`, `__reduce_*_sync`;
//  - block-uniform: blockIdx, blockDim, gridDim, kernel parameters, constants,
//    `__constant__` values, `__syncthreads_or/and/count`.
//
// ASSUMPTION (documented in docs/rules/cuda-wmma-divergent.md): blockDim.x is
// a multiple of the warp size (32). Then a warp is 32 consecutive values of
// threadIdx.x with one threadIdx.y and threadIdx.z, so `threadIdx.x / 32` and
// threadIdx.y are warp-uniform. The assumption is dropped for a kernel whose
// `__launch_bounds__` maximum block size is not a multiple of 32 (and for the
// helpers analysed in its context), and can be turned off in the options.
//
// Values flow through local variables (and their first-level struct members),
// assignments, compound assignments, ++/--, casts, arithmetic, local arrays,
// loops (to a fixpoint), and control dependence: a variable assigned between a
// divergent branch and its immediate post-dominator is divergent there (this
// also covers loops whose exit is divergent). Code after a divergent early exit
// (`return`, `break`, `continue`, `goto`) is under divergent control. Calls to
// functions `noreturn` (`__trap`, a failing `assert`) do not count as exits.
//
// Calls to `__device__` functions of the translation unit (outside system
// headers) are analysed in the context of the call: the callee's result and
// its reference out-parameters get the uniformity its body gives them for the
// actual arguments' uniformity. Results are cached per (function, argument
// uniformity) in a UniformityContext, one per translation unit.
//
// Shape (as clang's own analyses, UninitializedValues and the FlowSensitive
// framework): the lattice (UValue, join; UniformityState, the values of the
// local locations) is apart from the transfer functions (UniformityTransfer, a
// ConstStmtVisitor over the CFG elements); the solver (UniformitySolver) runs
// them to a fixpoint on clang's ForwardDataflowWorklist in reverse post-order
// (PostOrderCFGView) over the function's CFG from the shared CFGCache, and
// takes control dependence from the immediate post-dominators of
// CompletingPostDomTree (LLVM's dominator-tree builder; paths into noreturn
// calls do not count). The intrinsics (shuffles, votes, clocks, atomics,
// cooperative_groups ranks) come from the table of CudaIntrinsics.def. The
// iteration limits are named (UniformityLimits); one that is reached is
// recorded in the function's analysis and counted in UniformityStats.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_UNIFORMITY_H
#define CUDA_LINT_ANALYSIS_UNIFORMITY_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ForStmt;
class CFG;
class CFGBlock;
} // namespace clang

namespace cuda_lint {

class StmtBlockIndex;

/// How far a value (or control) is shared between the threads that compute it.
/// Ordered: a larger value is less uniform.
enum class Uniformity : uint8_t {
  BlockUniform = 0, ///< the same in every thread of the block
  WarpUniform = 1,  ///< the same in the 32 lanes of each warp
  ThreadVarying = 2 ///< may differ between the lanes of one warp
};

/// "block-uniform", "warp-uniform" or "thread-varying".
llvm::StringRef toString(Uniformity U);

/// The source text of \p S on one line (for messages); the spelling inside a
/// macro body when \p S lies entirely in one; empty when unavailable.
std::string sourceText(const clang::ASTContext &Ctx, const clang::Stmt *S);

/// Why a value is not block-uniform: the first source of variance found.
struct VarianceSource {
  enum Kind : uint8_t {
    None,
    ThreadIdx,       ///< threadIdx.<Component> (Component: 'x', 'y', 'z', 0)
    LaneId,          ///< %laneid in inline assembly
    ThreadRank,      ///< cooperative_groups thread_rank()/thread_index()
    WarpRank,        ///< cooperative_groups meta_group_rank() (warp-uniform)
    Load,            ///< a load through a thread-varying address
    Shuffle,         ///< a __shfl_*_sync result (Callee)
    Clock,           ///< clock(), clock64(), %clock, %globaltimer (Callee)
    Atomic,          ///< an atomic's return value (Callee)
    Vote,            ///< __ballot_sync etc. (warp-uniform, Callee)
    Asm,             ///< inline assembly output
    DivergentAssign, ///< assigned under the divergent condition Cond
    UnknownCall,     ///< a call through a function pointer / recursion
  } K = None;
  char Component = 0;
  const clang::FunctionDecl *Callee = nullptr;
  const clang::Expr *Cond = nullptr; ///< for DivergentAssign
  const clang::ValueDecl *Var = nullptr; ///< for DivergentAssign
  const clang::Stmt *Where = nullptr;    ///< the source expression

  /// A phrase for messages: "depends on threadIdx.x", "depends on the return
  /// value of 'atomicAdd'", ...
  std::string describe(const clang::ASTContext &Ctx) const;
};

/// The abstract value of an expression or variable.
struct UValue {
  Uniformity U = Uniformity::BlockUniform;
  /// A uniform integer known to be a multiple of 32 (the warp size).
  bool Mult32 = false;
  /// `v / 32` is warp-uniform: v is 32*w + lane with w warp-uniform, e.g.
  /// threadIdx.x, `threadIdx.x % 32`, `blockIdx.x * blockDim.x + threadIdx.x`.
  /// Always true for uniform values.
  bool Aligned = true;
  /// A thread-varying value that is the same in every warp, lane by lane:
  /// lane l of each warp holds the same value (the lane index `threadIdx.x %
  /// 32`, a load at such an index from memory the analysis takes as uniform,
  /// arithmetic of those and of block-uniform values). A warp vote or
  /// reduction of it is block-uniform: every warp reduces the same 32
  /// values (the second level of a two-level block reduction, ggml's
  /// `buf[threadIdx.x % 32]` after `buf[warp] = __all_sync(...)`). Assumes
  /// blockDim.x is a multiple of 32, as Aligned does. Meaningless for
  /// uniform values (see symmetric()).
  bool Symmetric = false;
  VarianceSource Src;

  static UValue block(bool Mult32 = false) {
    UValue V;
    V.Mult32 = Mult32;
    return V;
  }
  static UValue varying(VarianceSource S, bool Aligned = false) {
    UValue V;
    V.U = Uniformity::ThreadVarying;
    V.Aligned = Aligned;
    V.Src = S;
    return V;
  }
  static UValue warp(VarianceSource S) {
    UValue V;
    V.U = Uniformity::WarpUniform;
    V.Src = S;
    return V;
  }
  bool isUniform() const { return U != Uniformity::ThreadVarying; }
  /// Block-uniform, or thread-varying but the same in every warp.
  bool symmetric() const {
    return U == Uniformity::BlockUniform || (U == Uniformity::ThreadVarying && Symmetric);
  }
  bool operator==(const UValue &O) const {
    return U == O.U && Mult32 == O.Mult32 && Aligned == O.Aligned &&
           Symmetric == O.Symmetric;
  }
  bool operator!=(const UValue &O) const { return !(*this == O); }
};

/// The least upper bound: the less uniform of the two (sources of the first
/// argument win ties).
UValue join(const UValue &A, const UValue &B);

/// The iteration limits of the analysis. Reaching one is not silent: the
/// analysis of the function records it (FunctionUniformity::limitReached) and
/// the translation unit's UniformityStats count it.
struct UniformityLimits {
  /// Block visits of one dataflow run (a fixpoint normally takes a few per
  /// block).
  static constexpr unsigned MaxBlockVisits = 200000;
  /// Rounds of "branch conditions found non-uniform, run the dataflow again"
  /// (each round after the first goes on from the previous fixpoint).
  static constexpr unsigned MaxBranchRounds = 16;
  /// Nesting of helper analyses (a call analysed in the context of a call...).
  static constexpr unsigned MaxCallDepth = 16;
};

/// Which limit of UniformityLimits (or of a client, such as the helper depth
/// of CollectiveDivergence) was reached.
enum class UniformityLimit : uint8_t {
  BlockVisits,  ///< the dataflow stopped before its fixpoint
  BranchRounds, ///< branch levels still changing
  CallDepth,    ///< a helper not analysed: too deep
  HelperDepth,  ///< a client's walk through helpers stopped
};
constexpr unsigned NumUniformityLimits = 4;

/// "dataflow block visits", ... (for notes).
llvm::StringRef toString(UniformityLimit L);

/// Counts of one translation unit's analyses, for the driver's summary and
/// --verbose notes.
struct UniformityStats {
  unsigned FunctionsAnalysed = 0; ///< (function, argument uniformity) pairs
  /// Per limit: the functions of the translation unit at which an analysis
  /// or a client's walk stopped at it, each counted once however often it
  /// was reached (a CuTe helper below the helper depth is reached on many
  /// call paths).
  unsigned GaveUp[NumUniformityLimits] = {};
  /// cuda-shared-race: `__shared__` variables analysed (per function), those
  /// it gave up on (an access it does not model), and access pairs it could
  /// not decide (reported as no finding).
  unsigned SharedVarsAnalysed = 0, SharedVarsGivenUp = 0,
           SharedPairsGivenUp = 0;
  unsigned gaveUp(UniformityLimit L) const { return GaveUp[unsigned(L)]; }
  unsigned totalGaveUp() const {
    unsigned T = 0;
    for (unsigned G : GaveUp)
      T += G;
    return T;
  }
  UniformityStats &operator+=(const UniformityStats &O) {
    FunctionsAnalysed += O.FunctionsAnalysed;
    SharedVarsAnalysed += O.SharedVarsAnalysed;
    SharedVarsGivenUp += O.SharedVarsGivenUp;
    SharedPairsGivenUp += O.SharedPairsGivenUp;
    for (unsigned I = 0; I < NumUniformityLimits; ++I)
      GaveUp[I] += O.GaveUp[I];
    return *this;
  }
};

/// The counts of every translation unit analysed by this process so far
/// (each UniformityContext adds its own when destroyed). Thread-safe.
UniformityStats processUniformityStats();

/// Adds \p S (the statistics of a side analysed in a worker process) to this
/// process's statistics.
void addProcessUniformityStats(const UniformityStats &S);

/// Collects the statistics of the uniformity analyses that end on this
/// thread while it lives (lintSide installs one per side, so that a side's
/// counts travel with its result and its cached result). Nests.
class UniformityStatsCollector {
public:
  UniformityStatsCollector();
  ~UniformityStatsCollector();
  UniformityStatsCollector(const UniformityStatsCollector &) = delete;
  UniformityStatsCollector &operator=(const UniformityStatsCollector &) = delete;
  const UniformityStats &stats() const { return Stats; }
  /// Adds \p S to the innermost collector of this thread, if any.
  static void addToCurrent(const UniformityStats &S);

private:
  UniformityStats Stats;
  UniformityStatsCollector *Outer;
};

/// Options of the analysis.
struct UniformityOptions {
  /// Assume blockDim.x is a multiple of 32 (see the file comment).
  bool WarpAlignedBlockX = true;
};

/// Why a statement is reached under non-uniform control.
struct DivergentControl {
  Uniformity Level = Uniformity::BlockUniform; ///< of the condition
  const clang::Expr *Cond = nullptr;   ///< the divergent condition
  const clang::Stmt *Branch = nullptr; ///< if/switch/loop/?:/&&/|| owning it
  /// The early exit (return/break/continue/goto) when the statement is not
  /// inside \c Branch but after a divergent exit out of it; else null.
  const clang::Stmt *Exit = nullptr;
  VarianceSource Why; ///< the source of the condition's variance
  /// Whether the branch is a loop condition (the trip count varies).
  bool IsLoop = false;
};

class UniformityContext;

/// The analysis of one function body under given parameter uniformities.
/// Built by UniformityContext::analyze (cached); immutable afterwards.
class FunctionUniformity {
public:
  ~FunctionUniformity();

  const clang::FunctionDecl *function() const { return FD; }

  /// The uniformity of \p E, an expression of this body, at the point where it
  /// is evaluated. Expressions the CFG does not reach are block-uniform.
  UValue valueOf(const clang::Expr *E) const;

  /// The uniformity of the function's return value (join of all returns).
  const UValue &returnValue() const { return Ret; }

  /// The value of reference parameter \p Index at the function's exit, when
  /// the body assigns it; std::nullopt otherwise.
  std::optional<UValue> refParamOut(unsigned Index) const;

  /// The control under which \p S (a statement of this body) is reached: the
  /// innermost branch whose condition is at least \p Required non-uniform
  /// (WarpUniform: not block-uniform; ThreadVarying: varies in a warp).
  /// std::nullopt when \p S is reached under control uniform enough.
  std::optional<DivergentControl>
  divergentControl(const clang::Stmt *S,
                   Uniformity Required = Uniformity::ThreadVarying) const;

  /// Every branch under whose control \p S is reached at least \p Required
  /// non-uniform (as divergentControl), innermost (smallest region) first;
  /// divergentControl(S, Required) is the first one. Clients that forgive
  /// some kinds of divergence (a lane-varying `return` before a warp
  /// collective: CollectiveDivergence's ExitedLanesDoNotCount) look past it.
  std::vector<DivergentControl>
  divergentControls(const clang::Stmt *S,
                    Uniformity Required = Uniformity::ThreadVarying) const;

  /// The uniformity of the control reaching \p S (BlockUniform when reached
  /// by all threads of the block that reach the function).
  Uniformity controlUniformity(const clang::Stmt *S) const;

  /// The analysis of the callee of \p CE (a call of this body to a function
  /// of the translation unit), made with the uniformity of its actual
  /// arguments (and, for a lambda, of its captured variables) at the call;
  /// null for calls into system headers, intrinsics and unresolved calls.
  const FunctionUniformity *calleeAnalysis(const clang::CallExpr *CE) const {
    return Callees.lookup(CE);
  }

  /// The parameter uniformities this analysis assumed.
  llvm::ArrayRef<UValue> params() const { return Params; }

  /// The options this analysis ran under (helpers called from here inherit
  /// them).
  const UniformityOptions &options() const { return Opts; }

  /// The limit this analysis reached, if any: its values may then be more
  /// uniform than the code's.
  std::optional<UniformityLimit> limitReached() const { return Limit; }

  /// The function's CFG (shared, CFGCache).
  const clang::CFG *cfg() const { return Cfg; }

private:
  friend class UniformityContext;
  friend class UniformityTransfer;
  friend class UniformitySolver;
  FunctionUniformity() = default;

  /// Drops from Values the entries valueOf() would answer the same without:
  /// plain block-uniform values (UValue::block(), field by field, no
  /// variance source), unless the expression wraps one (parentheses,
  /// implicit casts) whose entry valueOf would then return instead. Called
  /// once the analysis is final; on CuTe units most expressions are plain
  /// block-uniform and the maps of every helper context are kept for the
  /// translation unit.
  void compactValues();

  const clang::FunctionDecl *FD = nullptr;
  const clang::CFG *Cfg = nullptr;
  std::optional<UniformityLimit> Limit;
  std::vector<UValue> Params;
  UniformityOptions Opts;
  UValue Ret;
  llvm::DenseMap<unsigned, UValue> RefOut;
  llvm::DenseMap<const clang::Expr *, UValue> Values;
  llvm::DenseMap<const clang::CallExpr *, const FunctionUniformity *> Callees;
  /// Block of each statement (CFG elements and terminators): the CFG's
  /// CFGCache::blockIndex, shared by the analyses of this function; null
  /// until the analysis ran.
  const StmtBlockIndex *StmtBlock = nullptr;
  /// The block of \p S (StmtBlock), or nullopt.
  std::optional<unsigned> blockOf(const clang::Stmt *S) const;
  /// Per CFG block id: the innermost thread-varying / non-block-uniform
  /// branches whose region contains it (index into Branches, -1 for none).
  std::vector<int> WarpDivergentBy, BlockDivergentBy;
  std::vector<DivergentControl> Branches;
  /// Per entry of Branches: the CFG blocks of its region.
  std::vector<llvm::BitVector> BranchRegions;
  const clang::ASTContext *Ctx = nullptr;
};

/// The uniformity of the trip count of the loop \p FS when its start and its
/// bound differ by the same stable terms (`for (t = base + tid; t < end +
/// tid; t += C)`: the trip count is (end - base) / C whatever tid is): the
/// join of the remaining terms and the step, with \p ValueOf giving the
/// uniformity of an expression of the loop. std::nullopt when the loop is not
/// of that shape (a canonical `for` over an integer variable that the body
/// does not change, with ++/--/+=/-=) or nothing cancels.
std::optional<Uniformity>
uniformTripCount(const clang::ASTContext &Ctx, const clang::ForStmt *FS,
                 llvm::function_ref<UValue(const clang::Expr *)> ValueOf);

/// Whether \p S may change the variable \p VD: an assignment, ++/--, its
/// address taken, or a non-const reference bound to it (a call argument by
/// non-const reference included). Used for loop counters and locals that
/// must keep their initial value.
bool mayModifyVariable(const clang::Stmt *S, const clang::ValueDecl *VD);

/// Whether \p FD is a warp-collective WMMA function of `nvcuda::wmma`
/// (load_matrix_sync, store_matrix_sync, mma_sync, bmma_sync, fill_fragment;
/// IntrinsicKind::WmmaCollective of CudaIntrinsics.def).
bool isWmmaCollective(const clang::FunctionDecl *FD);

/// Per-translation-unit cache of analyses and of call-graph facts.
class UniformityContext {
public:
  explicit UniformityContext(clang::ASTContext &Ctx,
                             UniformityOptions Opts = {});
  ~UniformityContext();

  /// The context shared by every check of the translation unit of \p Ctx
  /// (created on first use, destroyed with the ASTContext), so that each
  /// function is analysed once per translation unit, not once per check.
  /// Thread-safe across translation units analysed in parallel.
  static UniformityContext &forAST(clang::ASTContext &Ctx);

  /// Analyses \p FD (which must have a body) with parameters of the given
  /// uniformity (missing entries: block-uniform), under \p Opts. Cached.
  /// Returns null for a function without a body.
  const FunctionUniformity *analyze(const clang::FunctionDecl *FD,
                                    llvm::ArrayRef<UValue> Params = {},
                                    std::optional<UniformityOptions> Opts =
                                        std::nullopt,
                                    llvm::ArrayRef<UValue> Captures = {});

  /// The options used for the kernel \p FD: the defaults, with the
  /// warp-aligned assumption dropped when its `__launch_bounds__` maximum
  /// block size is a constant that is not a multiple of 32, or when a launch
  /// of it in this translation unit has a block x size, as the launch
  /// analysis evaluates it (LaunchSiteCache: constants, `dim3(x, ...)`,
  /// locals through their reaching definitions), that is not a multiple of 32.
  UniformityOptions optionsFor(const clang::FunctionDecl *FD);

  /// Whether \p FD (transitively, through functions of the translation unit
  /// that have a body) calls a warp-collective WMMA function. Cached.
  bool callsWmma(const clang::FunctionDecl *FD);

  /// Whether \p FD (transitively, as callsWmma) calls an intrinsic whose
  /// kind is in \p Kinds (a bit set: 1 << unsigned(IntrinsicKind)). Cached:
  /// the kinds are computed once per function for every kind set, per
  /// strongly connected component of the call graph, so the functions of a
  /// mutual recursion all call what any of them calls.
  bool callsIntrinsic(const clang::FunctionDecl *FD, uint32_t Kinds);

  /// The calls in the body of \p FD's definition, lambda bodies included, in
  /// source order; kernel launches (`k<<<...>>>(...)`, dynamic parallelism:
  /// a new grid, not a call by this thread) are left out, their arguments are
  /// not. Empty without a body. Collected once per function: the call-graph
  /// walks of every collective rule ask for the same bodies.
  llvm::ArrayRef<const clang::CallExpr *> callsIn(const clang::FunctionDecl *FD);

  /// The counts of this translation unit's analyses so far.
  const UniformityStats &stats() const { return Stats; }
  /// Counts the limit \p L reached at \p Where, the function whose analysis
  /// or walk stopped there (a client such as CollectiveDivergence notes its
  /// HelperDepth), once per function and limit in the translation unit.
  void noteLimit(UniformityLimit L, const clang::FunctionDecl *Where);
  /// Counts what cuda-shared-race analysed and gave up on (UniformityStats).
  void noteSharedRace(unsigned Vars, unsigned VarsGivenUp,
                      unsigned PairsGivenUp) {
    Stats.SharedVarsAnalysed += Vars;
    Stats.SharedVarsGivenUp += VarsGivenUp;
    Stats.SharedPairsGivenUp += PairsGivenUp;
  }

  /// Whether calls to \p FD are analysed through its body (a function with a
  /// body outside system headers); others are treated as pure functions of
  /// their arguments unless known (intrinsics).
  bool isAnalysedCallee(const clang::FunctionDecl *FD) const;

  clang::ASTContext &astContext() const { return Ctx; }
  const UniformityOptions &defaultOptions() const { return Opts; }
  /// Sets the defaults that optionsFor starts from (a check option such as
  /// cuda-wmma-divergent.AssumeWarpAlignedBlocks); call before analysing.
  void setDefaultOptions(const UniformityOptions &O) { Opts = O; }

private:
  friend class UniformityTransfer;
  friend class UniformitySolver;
  clang::ASTContext &Ctx;
  UniformityOptions Opts;
  struct Key {
    const clang::FunctionDecl *FD;
    std::vector<uint8_t> Vals;
    bool operator<(const Key &O) const {
      return FD != O.FD ? FD < O.FD : Vals < O.Vals;
    }
  };
  std::map<Key, std::unique_ptr<FunctionUniformity>> Cache;
  /// The integer constant each expression folds to (Expr::EvaluateAsInt), or
  /// none: a property of the expression alone, asked again by every context
  /// and every dataflow pass over its block. A constexpr call of a
  /// template-heavy kernel (ggml's MMQ tile sizes) costs a constant
  /// evaluation of its whole body each time.
  llvm::DenseMap<const clang::Expr *, std::optional<llvm::APSInt>> Constants;
  /// The value of each constexpr call with integer arguments, by callee and
  /// argument values (UniformityTransfer::constantCall): template
  /// instantiation repeats one call (`mmq_get_granularity_device(mmq_x)`) in
  /// every specialization holding it, each a new expression of Constants.
  llvm::StringMap<std::optional<llvm::APSInt>> ConstexprCalls;
  /// callsIn's answers, by definition.
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::CallExpr *>> BodyCalls;
  /// callsIntrinsic's answer for every kind at once: the intrinsic kinds a
  /// function (a definition) calls, transitively (1 << IntrinsicKind). One
  /// entry per function, whatever the kinds asked for.
  llvm::DenseMap<const clang::FunctionDecl *, uint32_t> KindsCalled;
  /// One walk of visitKinds (Tarjan's components of the call graph).
  struct KindsWalk {
    unsigned Next = 0;
    llvm::DenseMap<const clang::FunctionDecl *, unsigned> Index, Low;
    llvm::DenseMap<const clang::FunctionDecl *, uint32_t> Own;
    std::vector<const clang::FunctionDecl *> Stack;
  };
  uint32_t intrinsicKindsCalled(const clang::FunctionDecl *Def);
  void visitKinds(const clang::FunctionDecl *Def, KindsWalk &W);
  UniformityStats Stats;
  /// Kernels (canonical) launched somewhere with a known block x size that is
  /// not a multiple of 32; filled on first use.
  std::optional<llvm::DenseSet<const clang::FunctionDecl *>> Unaligned;
  void collectLaunches();
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> InProgress;
  /// The (function, limit) pairs noteLimit counted.
  llvm::DenseSet<std::pair<const clang::FunctionDecl *, unsigned>> LimitsNoted;
  unsigned Depth = 0;
};

} // namespace cuda_lint

#endif
