//===- SideWorker.h - One side of a unit in a worker process -*- C++ -*-===//
//
// A side that overflows clang's stack, loops in constant evaluation or
// expands a macro bomb cannot be stopped inside the process that runs it: a
// thread cannot be cancelled, and a stack overflow ends the whole process.
// cuda-lint therefore runs each side in a worker process of its own (the same
// executable, started with the hidden option --side-worker) that it can kill
// on --timeout, whose memory it bounds (--max-memory, setrlimit RLIMIT_DATA
// in the child) and whose crash is that side's tool failure. The request (the
// side, the settings) and the result (its diagnostics) travel as JSON files.
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

/// How sides are run in worker processes.
struct WorkerOptions {
  std::string Executable;     ///< cuda-lint itself (sys::fs::getMainExecutable)
  double TimeoutSeconds = 0;  ///< kill the worker after this; 0: no limit
  unsigned MaxMemoryMiB = 0;  ///< RLIMIT_DATA of the worker in MiB; 0: no limit
  bool ForwardStderr = true;  ///< copy a successful worker's stderr (check profiles)
};

/// Runs lintSide for \p Side in a worker process (WorkerOptions::Executable
/// `--side-worker=REQUEST --side-worker-output=RESULT`) and waits for it,
/// polling: past \p W.TimeoutSeconds the worker is killed (SIGKILL) and the
/// result is the tool failure "timed out after N s (--timeout)"; a worker that
/// ran out of memory under \p W.MaxMemoryMiB, crashed (a signal) or wrote no
/// readable result is a tool failure that says so. What the worker recorded
/// for --fix (analysedContentHashes) and the uniformity statistics are added
/// to this process's. Thread-safe.
SideResult lintSideInWorker(const WorkerOptions &W, const std::string &File,
                            const std::string &Directory, const AnalysisSide &Side,
                            const LintSettings &Settings,
                            const clang::tidy::ClangTidyOptions::OptionMap &FactOptions);

/// The worker process's side of lintSideInWorker: reads the request at
/// \p RequestPath, runs lintSide on a thread with a SideStackBytes stack and
/// writes the result to \p ResultPath. Returns the process's exit status: 0,
/// or 2 when the request cannot be read or the result cannot be written (on
/// stderr). Running out of memory ends the process with status
/// WorkerOutOfMemoryExit.
int runSideWorker(llvm::StringRef RequestPath, llvm::StringRef ResultPath);

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
