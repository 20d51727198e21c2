//===- SideWorker.h - One side of a unit in a worker process -*- C++ -*-===//
//
// A side that overflows clang's stack, loops in constant evaluation or
// expands a macro bomb cannot be stopped inside the process that runs it: a
// thread cannot be cancelled, and a stack overflow ends the whole process.
// cuda-lint therefore runs each side in a worker process (the same
// executable, started with the hidden option --side-worker-serve) that it can
// kill on --timeout, whose memory it bounds (--max-memory, setrlimit
// RLIMIT_DATA in the child) and whose crash is that side's tool failure. The
// request (the side, the settings) and the result (its diagnostics) travel as
// JSON files; their paths and the worker's "done" travel over a socket
// (descriptor 3 of the worker).
//
// A worker process analyses one side after another (at most
// WorkerOptions::MaxSidesPerWorker): starting a process, loading clang's
// libraries and faulting in a fresh heap for every side cost about 7% of a
// ggml run. A side never depends on the sides before it in the same worker:
// nothing a side computes outlives it (the per-AST caches go with its
// ASTContext, the --fix record is sent and emptied with each result), and a
// side that crashes or runs out of memory in a worker that had already
// analysed others is analysed once more in a fresh worker before it is
// reported, so that its outcome is the one it has alone. A worker whose side
// failed in any way is never used again.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_SIDEWORKER_H
#define CUDA_LINT_DRIVER_SIDEWORKER_H

#include "driver/LintRunner.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <string>

namespace cuda_lint {

/// Stack size of the thread that analyses a side (in a worker process, and
/// cuda-lint's in-process worker threads): deep but legal nesting (clang
/// accepts 2048 nested brackets by default) needs more than the 8 MiB a
/// thread gets by default; the pages are only reserved until used.
constexpr unsigned SideStackBytes = 512u << 20;

/// The stack of each of \p Threads threads that analyse sides in this
/// process: SideStackBytes, but all of them together at most a quarter of
/// the process's data limit (RLIMIT_DATA: --max-memory in a worker, or a
/// `ulimit -d`), which counts a stack's reservation, and never below the 8
/// MiB of a default thread.
unsigned sideStackBytes(unsigned Threads = 1);

/// How sides are run in worker processes.
struct WorkerOptions {
  std::string Executable;     ///< cuda-lint itself (sys::fs::getMainExecutable)
  double TimeoutSeconds = 0;  ///< kill the worker after this; 0: no limit
  unsigned MaxMemoryMiB = 0;  ///< RLIMIT_DATA of the worker in MiB; 0: no limit
  bool ForwardStderr = true;  ///< copy a successful worker's stderr (check profiles)
  /// Sides one worker process analyses before it is replaced; 1: a process
  /// per side (CUDA_LINT_SIDES_PER_WORKER overrides the default).
  unsigned MaxSidesPerWorker = 32;
};

/// Runs lintSide for \p Side in a worker process (WorkerOptions::Executable
/// `--side-worker-serve=NAME`, an idle one of this process's or a new one) and
/// waits for its answer: past \p W.TimeoutSeconds from the request (a new
/// worker's start is not counted) the worker is killed
/// (SIGKILL) and the result is the tool failure "timed out after N s
/// (--timeout)"; a worker that ran out of memory under \p W.MaxMemoryMiB,
/// crashed (a signal), ended without an answer or wrote no readable result is
/// a tool failure that says so (after a second try in a new worker when the
/// first had analysed other sides before). What the worker recorded for --fix
/// (analysedContentHashes) and the uniformity statistics are added to this
/// process's. Thread-safe: each call has a worker to itself.
SideResult lintSideInWorker(const WorkerOptions &W, const std::string &File,
                            const std::string &Directory, const AnalysisSide &Side,
                            const LintSettings &Settings,
                            const clang::tidy::ClangTidyOptions::OptionMap &FactOptions);

/// The descriptor of a worker process's socket to cuda-lint (its standard
/// input and output are /dev/null: nothing clang prints can garble the
/// protocol).
constexpr int WorkerRequestFD = 3;

/// The worker process of lintSideInWorker: says `ready\n` on WorkerRequestFD
/// once started, then reads requests `REQUEST\0RESULT\0` (two paths) there;
/// for each it reads the request file, runs lintSide on a thread with a
/// SideStackBytes stack, writes the result file and answers `done\n`.
/// Returns 0 at the end of its input, or 2 when a request cannot be read or a
/// result cannot be written (the side's failure, on stderr). Running out of
/// memory ends the process with status WorkerOutOfMemoryExit.
int serveSideWorker();

/// Ends this process's idle worker processes (closes their input and reaps
/// them). cuda-lint calls it before it exits; a worker also ends with its
/// parent (PR_SET_PDEATHSIG).
void shutdownSideWorkers();

/// How many worker processes this process has started, and how many sides
/// it asked them to analyse (for --verbose).
unsigned sideWorkersStarted();
unsigned sideWorkerRequests();

/// Exit status of a worker process whose allocation failed.
constexpr int WorkerOutOfMemoryExit = 86;

/// JSON form of a diagnostic as a side produced it (every field of
/// clang-tidy's ClangTidyError: message, notes, ranges, fix-its, level,
/// warning-as-error, aliases), and back. Exposed for the unit tests.
llvm::json::Value diagnosticToJSON(const clang::tidy::ClangTidyError &E);
llvm::Expected<clang::tidy::ClangTidyError> diagnosticFromJSON(const llvm::json::Value &V);

/// JSON form of a side's result (diagnostics, effective checks, accepted
/// lines, inputs, uniformity statistics, tool failure) and back, with no
/// effect on the process (the worker protocol adds the --fix record; the
/// result cache stores this form). An error names the malformed part.
llvm::json::Value sideResultToJSON(const SideResult &R);
llvm::Expected<SideResult> sideResultFromJSON(const llvm::json::Value &V);

/// JSON form of a side's request (file, directory, side, settings, facts)
/// and back; the clang-tidy options travel as their YAML configuration text.
llvm::json::Value requestToJSON(const std::string &File, const std::string &Directory,
                                const AnalysisSide &Side, const LintSettings &Settings,
                                const clang::tidy::ClangTidyOptions::OptionMap &FactOptions);
struct SideRequest {
  std::string File, Directory;
  AnalysisSide Side;
  LintSettings Settings;
  clang::tidy::ClangTidyOptions::OptionMap Facts;
};
llvm::Expected<SideRequest> requestFromJSON(const llvm::json::Value &V);

} // namespace cuda_lint

#endif
