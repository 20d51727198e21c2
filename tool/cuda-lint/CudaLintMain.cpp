//===- CudaLintMain.cpp - The cuda-lint command-line program --------------===//
//
// cuda-lint [options] FILE... [-- COMPILE-FLAGS]
// cuda-lint -p BUILD-DIR [FILE...]
// cuda-lint --launcher [OPTIONS] COMPILER ARGS...   (a build's compiler launcher)
// cuda-lint merge-sarif FILE... [-o OUT]           (merges --shard=I/N runs)
//
// Exit status: 0 no finding, 1 findings (or compiler errors) reported,
// 2 usage or tool error (missing file, unusable toolkit, a crashed unit).
//
//===----------------------------------------------------------------------===//
#include "Attributes.h"
#include "driver/InputFiles.h"
#include "RuleCatalog.h"
#include "driver/Baseline.h"
#include "driver/CompatHeader.h"
#include "driver/CompileCommands.h"
#include "driver/Config.h"
#include "driver/Explain.h"
#include "llvm/Support/Regex.h"
#include "driver/FindingSources.h"
#include "driver/Fixes.h"
#include "driver/LintRunner.h"
#include "driver/Output.h"
#include "driver/SidePlan.h"
#include "driver/SideWorker.h"
#include "driver/Preamble.h"
#include "driver/ResultCache.h"
#include "driver/SarifMerge.h"
#include "driver/Launcher.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "driver/Toolchain.h"
#include "driver/NvccTranslation.h"
#include "ClangTidyModule.h"
#include "GlobList.h"
#include "analysis/Uniformity.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <atomic>
#include <unistd.h>
#include <condition_variable>
#include <thread>
#include <chrono>
#include <csignal>
#include <mutex>
#include <set>

using namespace llvm;
using namespace cuda_lint;

extern volatile int CudaLintModuleAnchorSource;
static int LLVM_ATTRIBUTE_UNUSED CudaLintModuleAnchorDestination =
    CudaLintModuleAnchorSource;

static cl::OptionCategory Category("cuda-lint options");

static cl::list<std::string> Files(cl::Positional, cl::desc("FILE..."),
                                   cl::cat(Category));
static cl::opt<std::string> BuildPath(
    "p", cl::desc("Build directory holding compile_commands.json; without FILE, "
                  "lint every translation unit in it"),
    cl::value_desc("build-path"), cl::cat(Category));
static cl::opt<std::string> ChecksOpt(
    "checks", cl::desc("Checks to run, clang-tidy glob syntax (e.g. '-*,cuda-wmma-*'); "
                       "adds to the configuration's Checks"),
    cl::value_desc("glob"), cl::cat(Category));
static cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regex of headers whose findings are reported (default: every "
             "non-system header, i.e. the project's own files)"),
    cl::value_desc("regex"), cl::cat(Category));
static cl::opt<bool> SystemHeaders(
    "system-headers",
    cl::desc("Also analyse and report system headers (-isystem directories, the CUDA "
             "toolkit, CCCL), as clang-tidy's --system-headers; the header filter still applies"),
    cl::cat(Category));
static cl::opt<bool> ListChecks("list-checks",
                                cl::desc("List the registered checks that --checks enables "
                                         "(with each rule's severity and summary) and exit"),
                                cl::cat(Category));
static cl::opt<std::string> Explain(
    "explain", cl::desc("Print a rule's documentation and exit"),
    cl::value_desc("rule-id"), cl::cat(Category));
static cl::opt<std::string> CudaPath(
    "cuda-path", cl::desc("CUDA toolkit (default: $CUDA_PATH, nvcc on PATH, /usr/local/cuda)"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string> DefaultArch(
    "cuda-gpu-arch", cl::desc("Architecture when the command names none (default sm_90)"),
    cl::init("sm_90"), cl::value_desc("sm_XX"), cl::cat(Category));
static cl::opt<std::string> DeviceArchs(
    "device-archs",
    cl::desc("Device sides to analyse: 'all' (default), 'first', or a list sm_80,sm_90"),
    cl::init("all"), cl::cat(Category));
static cl::opt<std::string> ResourceDir(
    "resource-dir", cl::desc("clang resource directory (default: LLVM 22's)"),
    cl::cat(Category));
static cl::opt<unsigned> Jobs("j", cl::Prefix, cl::desc("Sides (the host, or one device architecture, of a translation unit) analysed in parallel (default: cores)"),
                              cl::init(0), cl::cat(Category));
static cl::opt<bool> Quiet("quiet", cl::desc("No progress line and no summary"),
                           cl::cat(Category));
static cl::opt<double> Timeout(
    "timeout", cl::desc("Seconds one side of a translation unit (the host, or one device "
                        "architecture) may take; its worker process is then killed and the "
                        "side reported as a tool failure of that file (default 600; must be "
                        "above 0)"),
    cl::init(600), cl::value_desc("seconds"), cl::cat(Category));
static cl::opt<unsigned> MaxMemory(
    "max-memory",
    cl::desc("MiB of memory the worker process of one side may allocate (setrlimit "
             "RLIMIT_DATA); past it the side is a tool failure (default: half of the "
             "machine's memory; 0: no limit)"),
    cl::value_desc("MiB"), cl::cat(Category));
static cl::opt<bool> InProcess(
    "in-process",
    cl::desc("Analyse the sides on threads of this process instead of one worker process "
             "per side: --timeout then abandons a side that it cannot stop, --max-memory "
             "does not apply, and a stack overflow ends the run"),
    cl::cat(Category));
static cl::opt<bool> NoCache(
    "no-cache",
    cl::desc("Analyse every side, neither reusing nor storing results in the result cache"),
    cl::cat(Category));
static cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Directory of the result cache: a side whose command, configuration and input "
             "files are unchanged since an earlier run reuses that run's result (default: "
             "$CUDA_LINT_CACHE_DIR, else $XDG_CACHE_HOME/cuda-lint, else ~/.cache/cuda-lint)"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> PreambleOpt(
    "preamble",
    cl::desc("Build the shared preamble of a flag set at its first side instead of its second. "
             "By default the headers every CUDA side starts with (clang's CUDA runtime wrapper, "
             "the toolkit headers it includes) are parsed once per side and flag set into a "
             "precompiled header under <cache-dir>/pch, built when a second side with the same "
             "flags needs it, and loaded on every side whose flags match. The findings are the "
             "same either way"),
    cl::cat(Category));
static cl::opt<bool> NoPreamble("no-preamble",
                                cl::desc("Parse every side's headers itself, with no shared "
                                         "preamble (wins over --preamble)"),
                                cl::cat(Category));
static cl::opt<unsigned> CacheMaxSize(
    "cache-max-size",
    cl::desc("MiB the result cache may hold; the least recently used results are removed "
             "past it (default 1024). The preambles (shared ones and those of units' "
             "leading includes) have a budget of their own of that size"),
    cl::init(1024), cl::value_desc("MiB"), cl::cat(Category));
static cl::opt<std::string> SideWorkerServe(
    "side-worker-serve", cl::ReallyHidden,
    cl::desc("(internal) run the sides requested on descriptor 3; the value names the worker"),
    cl::cat(Category));
static cl::opt<bool> Verbose("verbose",
                             cl::desc("Print each side's directory and compile command on stderr"),
                             cl::cat(Category));
static cl::opt<bool> ProfileChecks(
    "enable-check-profile",
    cl::desc("Print the time each check takes, per side, on stderr (as clang-tidy's option)"),
    cl::cat(Category));
static cl::opt<bool> DryRun(
    "dry-run",
    cl::desc("Print each side's directory and compile command (as --verbose) and exit "
             "without analysing anything"),
    cl::cat(Category));
static cl::opt<bool> PrintCompatHeader(
    "print-compat-header",
    cl::desc("Print the compatibility headers CUDA sides include (the first on every side, "
             "the second on nvcc commands' sides; they exist only in "
             "memory; save it and replace its path in a --verbose command to rerun that side "
             "with clang++) and exit"),
    cl::cat(Category));
static cl::opt<std::string> ConfigFile(
    "config-file", cl::desc("Use this configuration file instead of looking for .cuda-lint.yaml and .clang-tidy"),
    cl::value_desc("path"), cl::cat(Category));
static cl::opt<OutputFormat> Format(
    "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text", "clang's format (default)"),
               clEnumValN(OutputFormat::Json, "json", "one JSON object per finding"),
               clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0"),
               clEnumValN(OutputFormat::Github, "github", "GitHub Actions workflow commands")),
    cl::cat(Category));
static cl::opt<std::string> OutputFile("o", cl::desc("Write the findings to this file"),
                                       cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> Fix("fix",
                         cl::desc("Apply the safe fix-its of the reported findings"),
                         cl::cat(Category));
static cl::opt<bool> UnsafeFixes(
    "unsafe-fixes",
    cl::desc("With --fix, also apply the fix-its marked unsafe (they may change behaviour)"),
    cl::cat(Category));
static cl::opt<bool> Force(
    "force", cl::desc("With --fix, also write files that are read-only"), cl::cat(Category));
static cl::opt<std::string> ExportFixes(
    "export-fixes", cl::desc("Write the fix-its as YAML for clang-apply-replacements"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> BaselineFile(
    "baseline", cl::desc("Report only findings that this baseline does not record"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> WriteBaseline(
    "write-baseline", cl::desc("Record the current findings as a baseline"),
    cl::value_desc("file"), cl::cat(Category));
static cl::list<std::string> AllowResponseFilesIn(
    "allow-response-files-in",
    cl::desc("Also read response files (@file) of compile commands from this directory's "
             "tree; by default only those inside the compilation database's directory are "
             "read (a compile database is untrusted input). Repeatable"),
    cl::value_desc("dir"), cl::CommaSeparated, cl::cat(Category));
/// When findings make the run fail (exit status 1): ruff's default, any
/// finding; or errors only (rule errors and compiler errors), so that a team
/// can gate on errors while it works through warnings; or never.
enum class FailOn { Warning, Error, Never };
static cl::opt<FailOn> FailOnOpt(
    "fail-on", cl::desc("Which findings give exit status 1 (default: warning)"),
    cl::values(clEnumValN(FailOn::Warning, "warning", "any finding (the default)"),
               clEnumValN(FailOn::Error, "error", "rule errors and compiler errors only"),
               clEnumValN(FailOn::Never, "never", "none: 0 unless the tool itself fails")),
    cl::init(FailOn::Warning), cl::cat(Category));
static cl::list<std::string> ExtraArg(
    "extra-arg",
    cl::desc("Additional argument to append to the compile command of every side (clang "
             "form, as clang-tidy's --extra-arg); after .cuda-lint.yaml's ExtraArgs. Repeatable"),
    cl::value_desc("flag"), cl::cat(Category));
static cl::list<std::string> ExtraArgBefore(
    "extra-arg-before",
    cl::desc("Additional argument to prepend to the compile command of every side (clang "
             "form, as clang-tidy's --extra-arg-before); after .cuda-lint.yaml's "
             "ExtraArgsBefore. Repeatable"),
    cl::value_desc("flag"), cl::cat(Category));
static cl::opt<std::string> ShardOpt(
    "shard",
    cl::desc("I/N: analyse only shard I (1 to N) of N of the units, chosen by a hash of each "
             "file's path relative to its compile database's directory (the current "
             "directory without one), so that N CI jobs cover the project; "
             "`cuda-lint merge-sarif` merges their SARIF files (docs/ci.md)"),
    cl::value_desc("I/N"), cl::cat(Category));
static cl::opt<bool> Launched(
    "launched", cl::ReallyHidden,
    cl::desc("(internal) lint the compile command after '--' for --launcher"),
    cl::cat(Category));
static cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors", cl::desc("Rules whose warnings are errors (glob)"),
    cl::value_desc("glob"), cl::cat(Category));

namespace {

/// One unit of work: a file and its command.
struct Job {
  std::string File;
  TranslationUnitCommand TU;
  /// The directory of the compilation database the command came from ("" for
  /// a command from flags): a project root of the header filter, and what
  /// --shard hashes the file's path relative to.
  std::string DatabaseDir;
};

/// \p Path (absolute) relative to the directory \p Base (absolute), with
/// `..` components where it is outside it; lexical, no file system access.
std::string relativePathTo(StringRef Path, StringRef Base) {
  SmallVector<StringRef, 16> P, B;
  for (auto I = sys::path::begin(Path), E = sys::path::end(Path); I != E; ++I)
    P.push_back(*I);
  for (auto I = sys::path::begin(Base), E = sys::path::end(Base); I != E; ++I)
    B.push_back(*I);
  size_t Common = 0;
  while (Common < P.size() && Common < B.size() && P[Common] == B[Common])
    ++Common;
  SmallString<256> Out;
  for (size_t I = Common; I < B.size(); ++I)
    sys::path::append(Out, "..");
  for (size_t I = Common; I < P.size(); ++I)
    sys::path::append(Out, P[I]);
  return std::string(Out);
}

/// The shard (0 to \p N - 1) of the unit of file \p RelativePath: a hash of
/// the path, so a file keeps its shard when others are added or removed.
unsigned shardOf(StringRef RelativePath, unsigned N) {
  return unsigned(xxh3_64bits(RelativePath) % N);
}

/// Reports tool errors (exit status 2) on stderr.
struct ToolErrors {
  std::mutex M;
  unsigned Count = 0;
  /// What json and sarif list (ToolFailure); \p File: the file concerned.
  std::vector<ToolFailure> Failures;
  void report(const Twine &Msg, StringRef File = "") {
    std::lock_guard<std::mutex> L(M);
    ++Count;
    std::string Text = Msg.str();
    WithColor::error(errs(), "cuda-lint") << Text << "\n";
    Failures.push_back({File.str(), Text});
  }
  /// By file, then message: with -j N the files end in any order, and a
  /// report compared between runs (CI artifacts, code scanning) must not
  /// change with it. Those about no file (a --fix or --export-fixes error)
  /// come first.
  std::vector<ToolFailure> failures() {
    std::lock_guard<std::mutex> L(M);
    std::vector<ToolFailure> Sorted = Failures;
    llvm::stable_sort(Sorted, [](const ToolFailure &A, const ToolFailure &B) {
      return std::tie(A.File, A.Message) < std::tie(B.File, B.Message);
    });
    return Sorted;
  }
};

/// One note per dropped compile flag per run. A flag from a response file is
/// named by its place, never by its text (DroppedFlag::describe).
struct DroppedFlagNotes {
  std::mutex M;
  std::set<std::string> Seen;
  void note(const std::vector<DroppedFlag> &Flags) {
    std::lock_guard<std::mutex> L(M);
    for (const DroppedFlag &F : Flags)
      if (Seen.insert(F.describe()).second)
        WithColor::note(errs(), "cuda-lint")
            << "ignoring " << F.describe() << " (" << F.Reason << ")\n";
  }
};

/// How the response files of the commands of the compilation database in
/// directory \p DbDir are read: only from that directory's tree and the
/// --allow-response-files-in trees (real paths, symbolic links resolved).
ResponseFilePolicy responseFilePolicyFor(StringRef DbDir) {
  ResponseFilePolicy P;
  P.RestrictToTrees = true;
  auto Add = [&](StringRef D) {
    SmallString<256> A(D);
    sys::fs::make_absolute(A);
    sys::path::remove_dots(A, /*remove_dot_dot=*/true);
    SmallString<256> Real;
    P.AllowedTrees.push_back(sys::fs::real_path(A, Real) ? std::string(A) : std::string(Real));
  };
  Add(DbDir);
  for (const std::string &D : AllowResponseFilesIn)
    Add(D);
  return P;
}

/// The directory of the compilation database that `-p` \p BuildPath names
/// (the directory itself, or the one holding the named file).
std::string databaseDirectory(StringRef BuildPath) {
  SmallString<256> Dir(BuildPath);
  sys::fs::make_absolute(Dir);
  if (!sys::fs::is_directory(Dir))
    sys::path::remove_filename(Dir);
  return std::string(Dir);
}

/// Why \p File cannot be a translation unit of the run ("" when it can): it
/// must be a readable regular file (a directory, a FIFO or a device is not).
std::string unusableInput(StringRef File) {
  sys::fs::file_status St;
  if (std::error_code EC = sys::fs::status(File, St))
    return EC.message();
  if (St.type() == sys::fs::file_type::directory_file)
    return "it is a directory, not a source file";
  if (St.type() != sys::fs::file_type::regular_file)
    return "it is not a regular file";
  int FD;
  if (std::error_code EC = sys::fs::openFileForRead(File, FD))
    return "cannot read it: " + EC.message();
  sys::Process::SafelyCloseFileDescriptor(FD);
  return "";
}

/// Whether writing the output \p Path could destroy a source: it names a
/// C, C++ or CUDA source or header by its extension.
bool hasSourceExtension(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  for (StringRef E : {".cu", ".cuh", ".c", ".cc", ".cp", ".cpp", ".cxx", ".c++", ".h", ".hh",
                      ".hpp", ".hxx", ".h++", ".inl", ".inc", ".ipp", ".tcc", ".cppm"})
    if (Ext.equals_insensitive(E))
      return true;
  return false;
}

std::string absolutePath(StringRef P) {
  SmallString<256> A(P);
  sys::fs::make_absolute(A);
  sys::path::remove_dots(A, true);
  return std::string(A);
}

/// \p Args as one shell-quoted command line.
std::string shellJoin(const std::vector<std::string> &Args) {
  std::string Out;
  for (const std::string &A : Args) {
    if (!Out.empty())
      Out += ' ';
    if (!A.empty() && A.find_first_of(" \t'\"\\$`") == std::string::npos) {
      Out += A;
      continue;
    }
    Out += '\'';
    for (char C : A)
      Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
    Out += '\'';
  }
  return Out;
}

/// Prints the checks that are registered (the check factories of the linked
/// clang-tidy modules: lib/checks/Checks.def) and enabled by --checks, sorted,
/// one a line: `<id>  (<severity>)  <summary>`, severity and summary from the
/// rule's docs page; a registered check without a page prints `(no docs page)`
/// (test/catalog/catalog.test fails on it).
int listChecks() {
  clang::tidy::ClangTidyCheckFactories Factories;
  for (const auto &Entry : clang::tidy::ClangTidyModuleRegistry::entries())
    Entry.instantiate()->addCheckFactories(Factories);
  clang::tidy::GlobList Enabled(ChecksOpt.empty() ? "cuda-*" : "cuda-*," + ChecksOpt);
  std::vector<StringRef> Names;
  for (const auto &Factory : Factories)
    if (Enabled.contains(Factory.getKey()))
      Names.push_back(Factory.getKey());
  llvm::sort(Names);
  for (StringRef Name : Names) {
    outs() << Name;
    if (const RuleInfo *R = findRule(Name))
      outs() << "  (" << severityName(R->Sev) << ")  " << R->Summary << "\n";
    else
      outs() << "  (no docs page)\n";
  }
  return 0;
}

int explain(StringRef Id) {
  const RuleInfo *R = findRule(Id);
  if (!R) {
    WithColor::error(errs(), "cuda-lint") << "unknown rule '" << Id
                                          << "'; --list-checks lists them\n";
    return 2;
  }
  // The page for a terminal (driver/Explain.h): 100 columns, colour as for
  // findings (--color, else when stdout is a terminal; never with NO_COLOR).
  TerminalStyle Style;
  auto &Registered = cl::getRegisteredOptions();
  auto *C = static_cast<cl::opt<cl::boolOrDefault> *>(Registered.lookup("color"));
  if (C && C->getValue() == cl::BOU_TRUE)
    Style.Color = true;
  else if (C && C->getValue() == cl::BOU_FALSE)
    Style.Color = false;
  else
    Style.Color = outs().has_colors() &&
                  llvm::sys::Process::GetEnv("NO_COLOR").value_or("").empty();
  outs() << renderForTerminal(R->Doc, Style) << "\n";
  return 0;
}

/// `cuda-lint merge-sarif FILE... [-o OUT]`: merges the SARIF files of
/// --shard runs (mergeSarifLogs) into OUT, or stdout. Exit status 0, or 2
/// for a usage error or an input that is not a cuda-lint SARIF log.
int mergeSarifMain(ArrayRef<const char *> Args) {
  std::vector<std::string> Inputs;
  std::string Out;
  auto Usage = [](const Twine &Why) {
    WithColor::error(errs(), "cuda-lint") << "merge-sarif: " << Why
                                          << " (usage: cuda-lint merge-sarif FILE... [-o OUT])\n";
    return 2;
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-o" || A == "--output") {
      if (I + 1 == Args.size())
        return Usage("-o needs a file");
      Out = Args[++I];
    } else if (A.consume_front("-o=") || A.consume_front("--output=")) {
      Out = A.str();
    } else if (A == "-h" || A == "--help") {
      outs() << "cuda-lint merge-sarif FILE... [-o OUT]: merges the SARIF files of "
                "cuda-lint --shard=I/N runs into one (docs/ci.md)\n";
      return 0;
    } else if (A.starts_with("-") && A != "-") {
      return Usage("unknown option '" + A + "'");
    } else {
      Inputs.push_back(A.str());
    }
  }
  if (Inputs.empty())
    return Usage("no input file");
  std::vector<SarifInput> Logs;
  for (const std::string &Path : Inputs) {
    if (!Out.empty() && sys::fs::exists(Out) && sys::fs::equivalent(Out, Path))
      return Usage("refusing to write -o '" + Out + "': it is the input '" + Path + "'");
    auto Buf = MemoryBuffer::getFileOrSTDIN(Path);
    if (!Buf) {
      WithColor::error(errs(), "cuda-lint")
          << "merge-sarif: cannot read '" << Path << "': " << Buf.getError().message() << "\n";
      return 2;
    }
    auto V = parseBoundedJson((*Buf)->getBuffer());
    if (!V) {
      WithColor::error(errs(), "cuda-lint") << "merge-sarif: " << Path << ": not JSON: "
                                            << toString(V.takeError()) << "\n";
      return 2;
    }
    Logs.push_back({Path, std::move(*V)});
  }
  auto Merged = mergeSarifLogs(Logs);
  if (!Merged) {
    WithColor::error(errs(), "cuda-lint") << toString(Merged.takeError()) << "\n";
    return 2;
  }
  std::string Text;
  raw_string_ostream OS(Text);
  OS << formatv("{0:2}", *Merged) << "\n";
  if (Out.empty()) {
    outs() << Text;
    return 0;
  }
  if (Error E = writeFileAtomically(Out, Text)) {
    WithColor::error(errs(), "cuda-lint") << "merge-sarif: " << toString(std::move(E)) << "\n";
    return 2;
  }
  return 0;
}

/// `cuda-lint --launcher [OPTIONS] [LAUNCHER...] COMPILER ARGS...`, the
/// compiler launcher of a build (CMAKE_CUDA_COMPILER_LAUNCHER): lints the
/// unit in a child process (`cuda-lint --launched OPTIONS -- COMPILER ARGS`,
/// options from $CUDA_LINT_LAUNCHER_ARGS then the launcher's own), then runs
/// the command verbatim, exactly once, without a shell, and returns its
/// status. The lint never blocks the build: its failure is a note; its
/// findings change the status only with --launcher-fail-on=warning|error
/// (then a compile that succeeded returns 1). \p Args: after `--launcher`;
/// \p Color: LLVM's --color options given before it.
int launcherMain(const char *Argv0, ArrayRef<std::string> Color, ArrayRef<std::string> Args) {
  LauncherCommand L = splitLauncherCommand(Args);
  if (L.Command.empty()) {
    WithColor::error(errs(), "cuda-lint")
        << "--launcher: no command to run (usage: cuda-lint --launcher [OPTIONS] COMPILER "
           "ARGS...)\n";
    return 2;
  }
  std::string Self = sys::fs::getMainExecutable(Argv0, (void *)&explain);
  std::vector<std::string> ChildArgs{Self};
  ChildArgs.insert(ChildArgs.end(), Color.begin(), Color.end());
  ChildArgs.push_back("--launched");
  std::vector<std::string> Options;
  if (std::optional<std::string> Env = sys::Process::GetEnv("CUDA_LINT_LAUNCHER_ARGS")) {
    BumpPtrAllocator A;
    StringSaver Saver(A);
    SmallVector<const char *, 8> Tokens;
    cl::TokenizeGNUCommandLine(*Env, Saver, Tokens);
    for (const char *T : Tokens)
      Options.push_back(T);
  }
  Options.insert(Options.end(), L.ToolArgs.begin(), L.ToolArgs.end());
  std::string FailOn = "never";
  bool Lint = true;
  for (const std::string &O : Options) {
    StringRef V = O;
    if (V.consume_front("--launcher-fail-on=")) {
      if (V != "warning" && V != "error" && V != "never") {
        WithColor::error(errs(), "cuda-lint")
            << "--launcher-fail-on: expected warning, error or never, got '" << V
            << "'; the unit is compiled without being linted\n";
        Lint = false;
      }
      FailOn = V.str();
      continue;
    }
    ChildArgs.push_back(O);
  }
  ChildArgs.push_back("--fail-on=" + FailOn);
  ChildArgs.push_back("--");
  ChildArgs.insert(ChildArgs.end(), L.Command.begin() + L.CompilerIndex, L.Command.end());

  // Never a stale SARIF file beside the object, whatever becomes of the lint.
  if (std::optional<CompiledUnit> U =
          compiledUnit(ArrayRef(L.Command).drop_front(L.CompilerIndex));
      U && !U->Object.empty())
    sys::fs::remove(launcherSarifPath(absolutePath(U->Object)));
  int LintStatus = 0;
  std::string LintError;
  if (Lint) {
    SmallVector<StringRef, 32> Argv(ChildArgs.begin(), ChildArgs.end());
    // The lint reads no standard input (the compiler may: `-x cu -`).
    std::optional<StringRef> Redirects[] = {StringRef(""), std::nullopt, std::nullopt};
    LintStatus = sys::ExecuteAndWait(Self, Argv, std::nullopt, Redirects, 0, 0, &LintError);
  }

  // The command, verbatim: the program it names (found on PATH when it is a
  // bare name), with the arguments given, once.
  std::string Program = L.Command.front();
  if (!StringRef(Program).contains('/')) {
    auto Found = sys::findProgramByName(Program);
    if (!Found) {
      WithColor::error(errs(), "cuda-lint")
          << "--launcher: cannot find '" << Program << "' on PATH\n";
      return 127;
    }
    Program = *Found;
  }
  SmallVector<StringRef, 64> CommandArgv(L.Command.begin(), L.Command.end());
  std::string RunError;
  int Status = sys::ExecuteAndWait(Program, CommandArgv, std::nullopt, {}, 0, 0, &RunError);
  if (Status < 0) {
    WithColor::error(errs(), "cuda-lint")
        << "--launcher: '" << L.Command.front() << "' "
        << (RunError.empty() ? std::string("did not finish") : RunError) << "\n";
    Status = 1;
  }
  if (Lint && (LintStatus < 0 || LintStatus >= 2))
    WithColor::note(errs(), "cuda-lint")
        << "the lint of this compile failed ("
        << (LintStatus < 0 ? LintError : "exit status " + std::to_string(LintStatus))
        << "); the build goes on without it\n";
  if (Status == 0 && LintStatus == 1 && FailOn != "never") {
    WithColor::note(errs(), "cuda-lint")
        << "findings fail this compile (--launcher-fail-on=" << FailOn << ")\n";
    return 1;
  }
  return Status;
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  linkCudaAttributes();
  // `cuda-lint merge-sarif ...` and `cuda-lint --launcher ...`, after LLVM's
  // --color option if any.
  for (int I = 1; I < argc; ++I) {
    if (StringRef(argv[I]) == "merge-sarif")
      return mergeSarifMain(ArrayRef<const char *>(argv + I + 1, argv + argc));
    if (StringRef(argv[I]) == "--launcher") {
      std::vector<std::string> Color(argv + 1, argv + I), Rest(argv + I + 1, argv + argc);
      return launcherMain(argv[0], Color, Rest);
    }
    if (!StringRef(argv[I]).starts_with("--color"))
      break;
  }

  // Everything after "--" is compile flags for the named files.
  std::vector<std::string> ExtraFlags;
  bool HaveFlags = false;
  int ToolArgc = argc;
  for (int I = 1; I < argc; ++I)
    if (StringRef(argv[I]) == "--") {
      ToolArgc = I;
      HaveFlags = true;
      for (int J = I + 1; J < argc; ++J)
        ExtraFlags.push_back(argv[J]);
      break;
    }
  cl::HideUnrelatedOptions(Category);
  if (auto *C = cl::getRegisteredOptions().lookup("color"))
    C->setHiddenFlag(cl::NotHidden);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "cuda-lint " << cudaLintVersion() << " (LLVM " << LLVM_VERSION_STRING << ")\n";
  });
  if (!cl::ParseCommandLineOptions(ToolArgc, argv,
                                   "cuda-lint: finds misuse of CUDA C++ annotations and APIs\n\n"
                                   "  cuda-lint [options] FILE... [-- COMPILE-FLAGS]\n"
                                   "  cuda-lint [options] -p BUILD-DIR [FILE...]\n"
                                   "  cuda-lint --launcher [--option=value...] COMPILER ARGS...\n"
                                   "      (compiler launcher: CMAKE_CUDA_COMPILER_LAUNCHER; docs/ci.md)\n"
                                   "  cuda-lint merge-sarif FILE... [-o OUT]\n"
                                   "      (merges the SARIF files of --shard=I/N runs)\n",
                                   &errs()))
    return 2;
  // A glob that matches no rule is a usage error: a typo must never turn a
  // CI gate green.
  for (const auto &[Option, Value] : {std::pair<const char *, const std::string &>{"--checks", ChecksOpt},
                                      {"--warnings-as-errors", WarningsAsErrors}}) {
    std::vector<std::string> Problems = checkGlobListProblems(Value);
    for (const std::string &P : Problems)
      WithColor::error(errs(), "cuda-lint") << Option << ": " << P << "\n";
    if (!Problems.empty())
      return 2;
  }
  if (std::string Why; !HeaderFilter.empty() && !llvm::Regex(HeaderFilter).isValid(Why)) {
    WithColor::error(errs(), "cuda-lint")
        << "--header-filter: invalid regular expression '" << HeaderFilter << "': " << Why << "\n";
    return 2;
  }

  // --shard=I/N, 1 <= I <= N.
  unsigned ShardIndex = 0, ShardCount = 0;
  if (ShardOpt.getNumOccurrences()) {
    auto [IText, NText] = StringRef(ShardOpt).split('/');
    if (IText.trim().getAsInteger(10, ShardIndex) || NText.trim().getAsInteger(10, ShardCount) ||
        ShardCount == 0 || ShardIndex == 0 || ShardIndex > ShardCount) {
      WithColor::error(errs(), "cuda-lint")
          << "--shard: expected I/N with 1 <= I <= N (e.g. --shard=2/4 for the second of "
             "four shards), got '"
          << ShardOpt << "'\n";
      return 2;
    }
  }

  if (!SideWorkerServe.empty()) {
    // _Exit: a crash recovered in a side can leave LLVM's global state
    // inconsistent for static destructors (as at the end of main).
    int S = serveSideWorker();
    errs().flush();
    std::_Exit(S);
  }
  if (!(Timeout > 0)) { // also NaN
    WithColor::error(errs(), "cuda-lint")
        << "--timeout must be a number of seconds above 0 (got '"
        << llvm::format("%g", double(Timeout)) << "')\n";
    return 2;
  }
#if defined(__SANITIZE_ADDRESS__)
#define CUDA_LINT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CUDA_LINT_ASAN 1
#endif
#endif
  // An AddressSanitizer build (CUDA_LINT_SANITIZE, docs/development.md) reserves
  // terabytes of shadow memory at start, which any RLIMIT_DATA refuses: its
  // workers get no default limit.
#ifdef CUDA_LINT_ASAN
  constexpr bool DefaultMemoryLimit = false;
#else
  constexpr bool DefaultMemoryLimit = true;
#endif
  if (!MaxMemory.getNumOccurrences() && DefaultMemoryLimit) {
    // Half of the machine's memory, but at least 1 GiB.
    long Pages = ::sysconf(_SC_PHYS_PAGES), PageSize = ::sysconf(_SC_PAGESIZE);
    uint64_t Half = Pages > 0 && PageSize > 0 ? uint64_t(Pages) * uint64_t(PageSize) / 2 : 0;
    MaxMemory = Half ? unsigned(std::max<uint64_t>(1024, std::min<uint64_t>(Half >> 20, 1u << 30)))
                     : 0;
  }

  if (ListChecks)
    return listChecks();
  if (!Explain.empty())
    return explain(Explain);
  if (PrintCompatHeader) {
    outs() << compatHeaderText() << "// ---- " << nvccCompatHeaderPath()
           << " (nvcc commands only; save it separately) ----\n"
           << nvccCompatHeaderText();
    return 0;
  }
  // --launched (launcherMain's child): the unit of the compile command after
  // `--`; findings on stderr and in <object>.cuda-lint.sarif.
  std::optional<Job> LaunchedJob;
  if (Launched) {
    if (!Files.empty() || !BuildPath.empty() || OutputFile.getNumOccurrences() ||
        Format.getNumOccurrences() || Fix || !ExportFixes.empty() || !WriteBaseline.empty() ||
        ShardOpt.getNumOccurrences() || DryRun) {
      WithColor::error(errs(), "cuda-lint")
          << "--launcher: FILE, -p, -o, --format, --fix, --export-fixes, --write-baseline, "
             "--shard and --dry-run do not apply (the findings go to stderr and to "
             "<object>.cuda-lint.sarif)\n";
      return 2;
    }
    std::optional<CompiledUnit> U = compiledUnit(ExtraFlags);
    if (!U)
      return 0; // a link, a preprocessing step: nothing to lint
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    std::string Source = absolutePath(U->Source);
    if (!unusableInput(Source).empty())
      return 0; // the compiler reports it
    clang::tooling::CompileCommand Cmd(Cwd, Source, ExtraFlags, U->Object);
    Job J{Source, fromCompileCommand(Cmd, responseFilePolicyFor(Cwd)), ""};
    if (!J.TU.Command.IsCuda)
      return 0; // a host-only C++ unit of the CXX launcher
    J.TU.Command.File = Source;
    if (!U->Object.empty()) {
      OutputFile = launcherSarifPath(absolutePath(U->Object)); // launcherMain removed it
      Format = OutputFormat::Sarif;
    }
    Quiet = true;
    LaunchedJob = std::move(J);
  }
  if (Files.empty() && BuildPath.empty() && !LaunchedJob) {
    WithColor::error(errs(), "cuda-lint") << "no input files (give FILE... or -p BUILD-DIR)\n";
    return 2;
  }

  ToolErrors Errors;
  DroppedFlagNotes Dropped;

  // The jobs: from -p, from an automatically found database, or from flags.
  std::vector<Job> Jobs_;
  std::unique_ptr<clang::tooling::CompilationDatabase> ExplicitDB;
  ResponseFilePolicy ExplicitPolicy;
  // The files the run reads (sources, databases, configurations, baselines):
  // no output may replace one of them.
  std::vector<std::string> RunInputs;
  std::string DbDir; // of -p
  if (LaunchedJob)
    Jobs_.push_back(std::move(*LaunchedJob));
  if (!BuildPath.empty()) {
    auto DB = loadCompilationDatabase(BuildPath);
    if (!DB) {
      Errors.report(toString(DB.takeError()));
      return 2;
    }
    ExplicitDB = std::move(*DB);
    DbDir = databaseDirectory(BuildPath);
    ExplicitPolicy = responseFilePolicyFor(DbDir);
    RunInputs.push_back(sys::fs::is_directory(BuildPath)
                            ? (Twine(DbDir) + "/compile_commands.json").str()
                            : std::string(BuildPath));
    if (Files.empty())
      for (const auto &Cmd : ExplicitDB->getAllCompileCommands())
        Jobs_.push_back({"", fromCompileCommand(Cmd, ExplicitPolicy), DbDir});
  }
  StringMap<std::unique_ptr<clang::tooling::CompilationDatabase>> FoundDBs;
  std::set<std::string> BypassedDBs; // noted once each
  for (const std::string &F : Files) {
    std::string File = absolutePath(F);
    if (!sys::fs::exists(File)) {
      Errors.report("no such file: '" + F + "'", File);
      continue;
    }
    if (sys::fs::is_directory(File)) {
      Errors.report("'" + F + "' is a directory, not a source file", File);
      continue;
    }
    if (std::string Why = unusableInput(File); !Why.empty()) {
      Errors.report("'" + F + "': " + Why, File);
      continue;
    }
    if (HaveFlags) {
      // clang-tidy's semantics: flags after `--` replace the database.
      // Said once per database, and only where it has a command for the file.
      if (!Quiet) {
        std::string Dir = ExplicitDB ? std::string(BuildPath) : findCompilationDatabaseFor(File);
        clang::tooling::CompilationDatabase *Bypassed = ExplicitDB.get();
        if (!Bypassed && !Dir.empty()) {
          auto &Slot = FoundDBs[Dir];
          if (!Slot) {
            if (auto Loaded = loadCompilationDatabase(Dir))
              Slot = std::move(*Loaded);
            else
              consumeError(Loaded.takeError());
          }
          Bypassed = Slot.get();
        }
        if (Bypassed && !commandsFor(*Bypassed, File).empty() && BypassedDBs.insert(Dir).second)
          WithColor::note(errs(), "cuda-lint")
              << "the flags after '--' are used instead of " << Dir
              << "/compile_commands.json (give -p to use the database)\n";
      }
      Jobs_.push_back({File, fromCommandLineFlags(File, ExtraFlags)});
      continue;
    }
    clang::tooling::CompilationDatabase *DB = ExplicitDB.get();
    ResponseFilePolicy Policy = ExplicitPolicy;
    std::string JobDbDir = DbDir;
    if (!DB) {
      std::string Dir = findCompilationDatabaseFor(File);
      if (!Dir.empty()) {
        auto &Slot = FoundDBs[Dir];
        if (!Slot) {
          auto Loaded = loadCompilationDatabase(Dir);
          if (!Loaded)
            Errors.report(toString(Loaded.takeError()));
          else
            Slot = std::move(*Loaded);
          RunInputs.push_back(Dir + "/compile_commands.json");
        }
        DB = Slot.get();
        Policy = responseFilePolicyFor(Dir);
        JobDbDir = absolutePath(Dir);
      }
    }
    std::vector<clang::tooling::CompileCommand> Cmds;
    if (DB)
      Cmds = commandsFor(*DB, File);
    if (Cmds.empty()) {
      Jobs_.push_back({File, fromCommandLineFlags(File, {})});
      continue;
    }
    for (auto &Cmd : Cmds) {
      Job J{File, fromCompileCommand(Cmd, Policy), JobDbDir};
      J.TU.Command.File = File;
      Jobs_.push_back(std::move(J));
    }
  }
  // The same file with the same command (a database listing an entry many
  // times) is analysed once.
  std::set<std::string> SeenCommands;
  size_t Listed = Jobs_.size();
  // Host-only C and C++ units left out (file and database directory, once
  // per command): they exist, so the database is not stale.
  std::vector<std::pair<std::string, std::string>> HostOnly;
  for (Job &J : Jobs_) {
    bool FromDatabase = J.File.empty();
    if (J.File.empty())
      J.File = J.TU.Command.File;
    // The nvcc facts count too: `-maxrregcount` leaves no clang flag.
    std::vector<std::string> Facts;
    for (const auto &F : J.TU.Facts)
      Facts.push_back((F.getKey() + "=" + F.getValue().Value).str());
    llvm::sort(Facts);
    std::string Key = J.File + '\0' + J.TU.Command.Directory + '\0' +
                      llvm::join(J.TU.Command.Flags, std::string(1, '\0')) + '\0' +
                      llvm::join(J.TU.Command.GpuArchs, ",") + '\0' + llvm::join(Facts, ",") +
                      (J.TU.Command.IsCuda ? "c" : "");
    if (!SeenCommands.insert(Key).second) {
      J.File.clear();
      --Listed; // a repetition, not a stale entry
      continue;
    }
    if (!sys::fs::exists(J.File)) {
      WithColor::note(errs(), "cuda-lint") << "skipping '" << J.File
                                           << "' from the compilation database: no such file\n";
      J.File.clear();
      continue;
    }
    if (FromDatabase)
      if (std::string Why = unusableInput(J.File); !Why.empty()) {
        Errors.report("'" + J.File + "' from the compilation database: " + Why, J.File);
        J.File.clear();
        --Listed; // reported: not a stale database
        continue;
      }
    // A unit compiled as C or C++ (a `.cpp` that g++ or nvcc builds as host
    // code) has no kernel, no device code and no CUDA attribute: every rule
    // is a CUDA rule (CudaCheck runs on CUDA translation units only), so
    // parsing it would only repeat its compiler's errors, as clang sees them.
    // The --launcher mode leaves these units alone for the same reason.
    if (!J.TU.Command.IsCuda) {
      if (Verbose || DryRun)
        WithColor::note(errs(), "cuda-lint")
            << "skipping '" << J.File
            << "': compiled as C or C++, not CUDA (no rule applies; -x cu or -x cuda makes it a "
               "CUDA unit)\n";
      // What the translation left out may be why it is not CUDA (a response
      // file outside the database's tree that says `-x cu`).
      Dropped.note(J.TU.DroppedFlags);
      HostOnly.push_back({J.File, J.DatabaseDir});
      J.File.clear();
    }
  }
  llvm::erase_if(Jobs_, [](const Job &J) { return J.File.empty(); });
  // A database none of whose files exists is stale (a moved checkout, a build
  // directory of another tree): nothing was linted, which is not a success.
  if (Listed && Jobs_.empty() && HostOnly.empty()) {
    Errors.report((Listed == 1 ? std::string("the file of the compilation database does not exist")
                               : "none of the " + std::to_string(Listed) +
                                     " files of the compilation database exists") +
                  "; is it from another checkout? "
                  "(regenerate it, e.g. cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)");
    return 2;
  }
  // --shard: this shard's units only. A file's shard is a hash of its path
  // relative to its compile database's directory (the current directory for
  // a file without one): every command of a file lands in one shard, and a
  // file keeps its shard when others are added.
  size_t UnitsBeforeShard = Jobs_.size();
  bool AnyHostOnly = !HostOnly.empty();
  if (ShardCount) {
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    auto OtherShard = [&](const std::string &File, const std::string &DatabaseDir) {
      std::string Rel =
          relativePathTo(File, DatabaseDir.empty() ? StringRef(Cwd) : StringRef(DatabaseDir));
      return shardOf(Rel, ShardCount) != ShardIndex - 1;
    };
    llvm::erase_if(Jobs_, [&](const Job &J) { return OtherShard(J.File, J.DatabaseDir); });
    llvm::erase_if(HostOnly, [&](const auto &H) { return OtherShard(H.first, H.second); });
    if (!Quiet)
      WithColor::note(errs(), "cuda-lint")
          << "--shard=" << ShardIndex << "/" << ShardCount << ": " << Jobs_.size() << " of the "
          << UnitsBeforeShard << (UnitsBeforeShard == 1 ? " unit\n" : " units\n");
  }
  // Nothing to analyse (an empty compile_commands.json) is not a clean run.
  // An empty shard is: the other shards have the units.
  if (UnitsBeforeShard == 0 && !AnyHostOnly && Errors.Count == 0) {
    Errors.report(BuildPath.empty() ? std::string("no translation unit to analyse")
                                    : "no translation unit to analyse: the compilation "
                                      "database '" + RunInputs.front() + "' lists none");
    return 2;
  }
  // An output file that cannot be written fails now, not after the analysis.
  if (!OutputFile.empty()) {
    SmallString<256> Dir(OutputFile);
    sys::fs::make_absolute(Dir);
    sys::path::remove_filename(Dir);
    if (!sys::fs::is_directory(Dir) || sys::fs::access(Dir, sys::fs::AccessMode::Write)) {
      Errors.report("cannot write the output file '" + OutputFile + "': directory '" +
                    std::string(Dir) + "' does not exist or is not writable");
      return 2;
    }
  }

  // The toolkit is needed only for CUDA units.
  SidePlanOptions PlanOpts;
  // nvcc's names (sm_80, sm_90a, sm_100f, compute_90), as clang knows them; a
  // name clang does not know would surface as errors inside the CUDA headers.
  if (std::optional<std::string> Arch = clangGpuArch(DefaultArch)) {
    PlanOpts.DefaultArch = *Arch;
  } else {
    Errors.report("--cuda-gpu-arch: '" + DefaultArch +
                  "' is not a GPU architecture (expected a name such as sm_80, sm_90a or "
                  "compute_90)");
    return 2;
  }
  if (DeviceArchs == "first")
    PlanOpts.Devices.Mode = DeviceArchSelection::First;
  else if (DeviceArchs != "all") {
    PlanOpts.Devices.Mode = DeviceArchSelection::List;
    SmallVector<StringRef, 4> Parts;
    StringRef(DeviceArchs).split(Parts, ',', -1, false);
    if (Parts.empty()) {
      Errors.report("--device-archs: empty (expected 'all', 'first', or a list such as "
                    "sm_80,sm_90)");
      return 2;
    }
    for (StringRef P : Parts) {
      // nvcc's names (sm_80, sm_90a, sm_100f, compute_90), as clang knows them.
      std::optional<std::string> Arch = clangGpuArch(P);
      if (!Arch) {
        Errors.report("--device-archs: '" + P.trim().str() +
                      "' is not a GPU architecture (expected 'all', 'first', or a list such "
                      "as sm_80,sm_90)");
        return 2;
      }
      PlanOpts.Devices.Archs.push_back(std::move(*Arch));
    }
  }
  if (llvm::any_of(Jobs_, [](const Job &J) { return J.TU.Command.IsCuda; })) {
    auto Toolkit = findCudaToolkit(CudaPath);
    if (!Toolkit) {
      Errors.report(toString(Toolkit.takeError()));
      return 2;
    }
    PlanOpts.CudaPath = *Toolkit;
    // $CUDA_PATH that is not a toolkit is skipped by the search: say so.
    if (CudaPath.empty())
      if (auto Env = sys::Process::GetEnv("CUDA_PATH"); Env && !Env->empty()) {
        SmallString<256> Real;
        if (sys::fs::real_path(*Env, Real) || Real != *Toolkit)
          WithColor::warning(errs(), "cuda-lint")
              << "$CUDA_PATH (" << *Env << ") is not a usable CUDA toolkit; using " << *Toolkit
              << "\n";
      }
  }
  auto Resources = findClangResourceDir(ResourceDir);
  if (!Resources) {
    Errors.report(toString(Resources.takeError()));
    return 2;
  }
  PlanOpts.ResourceDir = *Resources;

  // Configuration files: validated once, before any work (errors name file and line).
  LintSettings Settings;
  std::vector<std::string> Baselines;
  if (!BaselineFile.empty())
    Baselines.push_back(BaselineFile);
  if (!ConfigFile.empty()) {
    RunInputs.push_back(ConfigFile);
    auto C = loadConfig(ConfigFile);
    if (!C) {
      Errors.report(toString(C.takeError()));
      return 2;
    }
    for (const std::string &W : C->Warnings)
      errs() << W << "\n";
    Settings.ExplicitConfig = C->Options;
    if (C->Baseline && BaselineFile.empty())
      Baselines.push_back(*C->Baseline);
  } else {
    // The nearest directory's .clang-tidy and .cuda-lint.yaml (Config.h).
    std::set<std::string> Seen;
    for (const Job &J : Jobs_)
      for (const std::string &Path : configFilesFor(J.File)) {
        if (!Seen.insert(Path).second)
          continue;
        RunInputs.push_back(Path);
        auto C = loadConfig(Path);
        if (!C) {
          Errors.report(toString(C.takeError()));
          return 2;
        }
        for (const std::string &W : C->Warnings)
          errs() << W << "\n";
        if (C->Baseline && BaselineFile.empty() &&
            !llvm::is_contained(Baselines, *C->Baseline))
          Baselines.push_back(*C->Baseline);
      }
  }

  // No rule enabled for any unit (`--checks='-*'`): nothing would be checked.
  {
    std::vector<std::string> Configured; // each configuration's Checks
    std::vector<std::string> Sources;    // the files that said so
    if (Settings.ExplicitConfig) {
      Configured.push_back(Settings.ExplicitConfig->Checks.value_or(""));
    } else {
      std::set<std::vector<std::string>> Seen;
      for (const Job &J : Jobs_) {
        std::vector<std::string> Paths = configFilesFor(J.File);
        if (!Seen.insert(Paths).second)
          continue;
        // The .clang-tidy's globs, then the .cuda-lint.yaml's (which win).
        std::string Checks;
        for (const std::string &Path : Paths)
          if (auto C = loadConfig(Path)) {
            if (C->Options.Checks) {
              Checks += "," + *C->Options.Checks;
              Sources.push_back(Path + " (Checks: '" + *C->Options.Checks + "')");
            }
          } else {
            consumeError(C.takeError());
          }
        Configured.push_back(Checks);
      }
    }
    if (Configured.empty())
      Configured.push_back("");
    if (llvm::none_of(Configured, [](const std::string &Checks) {
          return enablesAnyRule(Checks + "," + ChecksOpt);
        })) {
      Errors.report("no rule is enabled" +
                    (ChecksOpt.empty() ? std::string(" by the configuration")
                                       : " (--checks='" + ChecksOpt + "')") +
                    (Sources.empty() || !ChecksOpt.empty()
                         ? std::string()
                         : " of " + llvm::join(Sources, ", ")) +
                    "; cuda-lint --list-checks lists the rules");
      return 2;
    }
  }

  Settings.Defaults = clang::tidy::ClangTidyOptions::getDefaults();
  Settings.Defaults.Checks = "-*,cuda-*";
  Settings.Defaults.HeaderFilterRegex = ".*";
  Settings.Defaults.SystemHeaders = false;
  Settings.Defaults.HeaderFileExtensions = {"h", "hh", "hpp", "hxx", "cuh", "inl"};
  Settings.Defaults.ImplementationFileExtensions = {"c", "cc", "cpp", "cxx", "cu"};
  if (!ChecksOpt.empty())
    Settings.Overrides.Checks = ChecksOpt;
  if (!HeaderFilter.empty())
    Settings.Overrides.HeaderFilterRegex = HeaderFilter;
  if (SystemHeaders)
    Settings.Overrides.SystemHeaders = true;
  Settings.ProfileChecks = ProfileChecks;
  if (!NoPreamble) {
    std::string Dir = CacheDir.empty() ? defaultResultCacheDirectory() : std::string(CacheDir);
    if (!Dir.empty()) {
      SmallString<256> Abs(Dir);
      sys::fs::make_absolute(Abs);
      Settings.PreambleDir = preambleDirectory(Abs);
      Settings.PreambleOnFirstSide = PreambleOpt;
    }
  }
  if (!WarningsAsErrors.empty())
    Settings.Overrides.WarningsAsErrors = WarningsAsErrors;

  // Baselines are read before any work: an unreadable one is a usage error,
  // not an unfiltered report after minutes of analysis.
  std::vector<Baseline> LoadedBaselines;
  for (const std::string &Path : Baselines) {
    auto B = readBaseline(Path);
    if (!B) {
      Errors.report(toString(B.takeError()));
      return 2;
    }
    LoadedBaselines.push_back(std::move(*B));
  }

  // ExtraArgs / ExtraArgsBefore, as clang-tidy applies them: the
  // configuration's (the nearest .cuda-lint.yaml, with InheritParentConfig,
  // or --config-file) then the command line's --extra-arg / --extra-arg-before,
  // appended to / prepended to the unit's clang flags. A .cuda-lint.yaml
  // arrives with a cloned repository like a compile database, so its flags
  // pass the database's allow-list (withoutUnsafeClangFlags); the command
  // line's are the user's own.
  {
    std::map<std::string, std::pair<std::vector<std::string>, std::vector<std::string>>> ByDir;
    for (Job &J : Jobs_) {
      std::string Dir = sys::path::parent_path(J.File).str();
      auto It = ByDir.find(Dir);
      if (It == ByDir.end()) {
        clang::tidy::ClangTidyOptions O = optionsForFile(Settings, J.File);
        auto Filter = [&](const std::optional<std::vector<std::string>> &Args,
                          StringRef Key) {
          std::vector<std::string> Argv{"clang++"};
          if (Args)
            Argv.insert(Argv.end(), Args->begin(), Args->end());
          std::vector<DroppedFlag> Removed;
          std::vector<std::string> Kept = withoutUnsafeClangFlags(Argv, Removed);
          for (DroppedFlag &D : Removed)
            D.Kind = (Key + " flag").str();
          Dropped.note(Removed);
          Kept.erase(Kept.begin());
          return Kept;
        };
        std::vector<std::string> Before = Filter(O.ExtraArgsBefore, "ExtraArgsBefore");
        std::vector<std::string> After = Filter(O.ExtraArgs, "ExtraArgs");
        Before.insert(Before.end(), ExtraArgBefore.begin(), ExtraArgBefore.end());
        After.insert(After.end(), ExtraArg.begin(), ExtraArg.end());
        It = ByDir.emplace(Dir, std::make_pair(std::move(Before), std::move(After))).first;
      }
      std::vector<std::string> &Flags = J.TU.Command.Flags;
      Flags.insert(Flags.begin(), It->second.first.begin(), It->second.first.end());
      Flags.insert(Flags.end(), It->second.second.begin(), It->second.second.end());
    }
  }

  // No output may replace an input of the run (`cuda-lint -o k.cu k.cu`), a
  // source or header (headers are known only after the analysis, hence the
  // extension test), or another output. Files are compared by identity
  // (device and inode), so links and other spellings are caught too.
  for (const Job &J : Jobs_)
    RunInputs.push_back(J.File);
  {
    struct Output {
      const char *Option;
      const std::string &Path;
    };
    const Output Outputs[] = {{"-o", OutputFile},
                              {"--export-fixes", ExportFixes},
                              {"--write-baseline", WriteBaseline}};
    bool Refused = false;
    for (size_t I = 0; I < std::size(Outputs); ++I) {
      const Output &O = Outputs[I];
      if (O.Path.empty())
        continue;
      std::string Why;
      for (const std::string &In : RunInputs) {
        if (!Why.empty())
          break;
        if (sys::fs::equivalent(O.Path, In))
          Why = "it is '" + In + "', an input of this run";
      }
      // Rewriting the baseline that is read is the way to update it.
      for (const std::string &B : Baselines)
        if (Why.empty() && StringRef(O.Option) != "--write-baseline" &&
            sys::fs::equivalent(O.Path, B))
          Why = "it is the baseline '" + B + "', an input of this run";
      if (Why.empty() && hasSourceExtension(O.Path))
        Why = "it names a C, C++ or CUDA source or header";
      for (size_t K = 0; K < I && Why.empty(); ++K) {
        const Output &Other = Outputs[K];
        if (Other.Path.empty())
          continue;
        SmallString<256> A(O.Path), B(Other.Path);
        sys::fs::make_absolute(A);
        sys::fs::make_absolute(B);
        sys::path::remove_dots(A, true);
        sys::path::remove_dots(B, true);
        if (A == B || sys::fs::equivalent(A, B))
          Why = std::string("it is also the file of ") + Other.Option;
      }
      if (!Why.empty()) {
        Errors.report(Twine("refusing to write ") + O.Option + " '" + O.Path + "': " + Why);
        Refused = true;
      }
    }
    if (Refused)
      return 2;
  }

  // Every side of every unit is a job for the worker threads, in unit order,
  // so a unit's sides run side by side and the unit is merged (mergeSides) as
  // soon as its last side is done. Each side runs in a worker process
  // (SideWorker.h) that is killed at --timeout and bounded by --max-memory;
  // its crash (a stack overflow on deeply nested code) is its unit's tool
  // failure. With --in-process, a side that runs past --timeout is
  // abandoned: its unit gets a tool failure, the thread is left running
  // detached (a thread cannot be stopped), and the process ends with _Exit
  // once everything else is printed.
  WorkerOptions Worker_;
  Worker_.Executable = sys::fs::getMainExecutable(argv[0], (void *)&explain);
  // The workers' exit statuses are read with waitpid: a SIGCHLD that the
  // parent shell ignored (inherited across exec) would reap them first.
  ::signal(SIGCHLD, SIG_DFL);
  // The result cache (ResultCache.h): off with --no-cache, and for check
  // profiles (which need the analysis to run). A cache that cannot be opened
  // is a warning: the run goes on without it.
  std::unique_ptr<ResultCache> Cache;
  if (!NoCache && !ProfileChecks) {
    std::string Dir = CacheDir.empty() ? defaultResultCacheDirectory() : std::string(CacheDir);
    if (!Dir.empty()) {
      auto C = ResultCache::open(Dir, uint64_t(CacheMaxSize) << 20,
                                 toolIdentity(Worker_.Executable));
      if (C)
        Cache = std::move(*C);
      else
        WithColor::warning(errs(), "cuda-lint")
            << toString(C.takeError()) << "; analysing without it (--no-cache)\n";
    }
  }
  Worker_.TimeoutSeconds = Timeout;
  Worker_.MaxMemoryMiB = MaxMemory;
  if (std::optional<std::string> N = sys::Process::GetEnv("CUDA_LINT_SIDES_PER_WORKER")) {
    unsigned V = 0;
    if (!StringRef(*N).getAsInteger(10, V) && V > 0)
      Worker_.MaxSidesPerWorker = V;
  }
  std::vector<TranslationUnitResult> Results(Jobs_.size());
  bool Progress = !Quiet && sys::Process::StandardErrIsDisplayed();
  std::mutex ProgressMutex;
  unsigned PreambleUsed = 0, PreambleBuilt = 0, PreambleCold = 0; // under ProgressMutex
  unsigned LeadingUsed = 0, LeadingBuilt = 0;                      // under ProgressMutex
  auto Start = std::chrono::steady_clock::now();
  CrashRecoveryContext::Enable();

  struct UnitState {
    std::vector<AnalysisSide> Sides;
    clang::tidy::ClangTidyOptions::OptionMap Facts;
    std::vector<std::optional<SideResult>> SideResults;
    size_t SidesLeft = 0;
  };
  struct SideJob {
    size_t Unit, Side;
  };
  struct SharedState {
    std::mutex M;
    std::condition_variable Changed;
    size_t Next = 0;
    unsigned UnitsDone = 0, FindingsSoFar = 0;
    std::vector<char> Finished, Abandoned;   // per side job
    std::vector<std::chrono::steady_clock::time_point> Started;
  };
  std::vector<UnitState> Units(Jobs_.size());
  std::vector<SideJob> SideJobs;
  for (size_t U = 0; U < Jobs_.size(); ++U) {
    const Job &J = Jobs_[U];
    if (!Launched) // not once per compile of a build
      Dropped.note(J.TU.DroppedFlags);
    UnitState &S = Units[U];
    S.Sides = planSides(J.TU.Command, PlanOpts);
    S.Facts = J.TU.Facts;
    std::vector<std::string> Archs;
    for (const AnalysisSide &Side : S.Sides)
      if (Side.IsDevice)
        Archs.push_back(Side.Name);
    S.Facts.insert_or_assign("CudaLint.GpuArchs",
                             clang::tidy::ClangTidyOptions::ClangTidyValue(llvm::join(Archs, ",")));
    // The project roots a header's relative path is taken from for the header
    // filter (docs/configuration.md): the configuration file's directory,
    // then the compile database's.
    {
      std::vector<std::string> Roots;
      std::string Config = ConfigFile.empty() ? findConfigFor(J.File) : std::string(ConfigFile);
      if (!Config.empty())
        Roots.push_back(sys::path::parent_path(absolutePath(Config)).str());
      if (!J.DatabaseDir.empty() && !llvm::is_contained(Roots, J.DatabaseDir))
        Roots.push_back(J.DatabaseDir);
      if (!Roots.empty())
        S.Facts.insert_or_assign(
            "CudaLint.ProjectRoots",
            clang::tidy::ClangTidyOptions::ClangTidyValue(llvm::join(Roots, ";")));
    }
    S.SideResults.resize(S.Sides.size());
    S.SidesLeft = S.Sides.size();
    for (size_t I = 0; I < S.Sides.size(); ++I) {
      SideJobs.push_back({U, I});
      if (Verbose || DryRun)
        errs() << "cuda-lint: " << J.File << " [" << S.Sides[I].Name << "]: "
               << J.TU.Command.Directory << ": " << shellJoin(S.Sides[I].CommandLine) << "\n";
    }
  }
  if (DryRun) {
    errs().flush();
    std::_Exit(Errors.Count ? 2 : 0);
  }
  auto State = std::make_shared<SharedState>();
  State->Finished.assign(SideJobs.size(), 0);
  State->Abandoned.assign(SideJobs.size(), 0);
  State->Started.assign(SideJobs.size(), std::chrono::steady_clock::time_point::max());
  // A unit with no side (nothing to analyse) is done at once.
  for (UnitState &S : Units)
    if (S.SidesLeft == 0)
      ++State->UnitsDone;

  // Called under State->M when side job \p I has finished or been abandoned:
  // merges and publishes its unit once no side of it is left.
  auto SideDone = [&](size_t I) {
    size_t U = SideJobs[I].Unit;
    UnitState &S = Units[U];
    if (--S.SidesLeft != 0)
      return;
    TranslationUnitResult R = mergeSides(Jobs_[U].File, S.Sides, std::move(S.SideResults));
    // One tool failure per file, whatever number of its sides failed.
    if (!R.ToolFailures.empty())
      Errors.report(Jobs_[U].File + ": " + llvm::join(R.ToolFailures, "; ") +
                        "; the other files are still linted",
                    Jobs_[U].File);
    State->FindingsSoFar += R.Findings.size();
    Results[U] = std::move(R);
    ++State->UnitsDone;
    if (Progress) {
      std::lock_guard<std::mutex> PL(ProgressMutex);
      errs() << "\r\x1b[K[" << State->UnitsDone << "/" << Jobs_.size() << "] "
             << State->FindingsSoFar << " findings  " << sys::path::filename(Jobs_[U].File);
    }
    State->Changed.notify_all();
  };
  // Workers take side jobs until none is left; results are stored under the
  // lock, and never for a side that was abandoned.
  std::function<void()> Worker = [&, State] {
    while (true) {
      size_t I;
      {
        std::lock_guard<std::mutex> L(State->M);
        // Only State is touched once no job is left: main may be returning.
        if (State->Next >= State->Finished.size())
          return;
        I = State->Next++;
        State->Started[I] = std::chrono::steady_clock::now();
      }
      const SideJob &SJ = SideJobs[I];
      const Job &J = Jobs_[SJ.Unit];
      const UnitState &S = Units[SJ.Unit];
      std::string Key;
      std::optional<SideResult> Cached;
      if (Cache) {
        Key = Cache->key(J.File, J.TU.Command.Directory, S.Sides[SJ.Side], Settings, S.Facts);
        Cached = Cache->lookup(Key);
        if (Cached && Verbose) {
          std::lock_guard<std::mutex> PL(ProgressMutex);
          errs() << "cuda-lint: " << J.File << " [" << S.Sides[SJ.Side].Name
                 << "]: reused from the result cache\n";
        }
      }
      SideResult R = Cached ? std::move(*Cached)
                     : InProcess ? lintSide(J.File, J.TU.Command.Directory, S.Sides[SJ.Side],
                                            Settings, S.Facts)
                                 : lintSideInWorker(Worker_, J.File, J.TU.Command.Directory,
                                                    S.Sides[SJ.Side], Settings, S.Facts);
      if (Cache && !Cached)
        Cache->store(Key, R);
      if (!Cached && !R.Preamble.empty()) {
        std::lock_guard<std::mutex> PL(ProgressMutex);
        // "<shared>" or "<shared>; leading includes <outcome>" (Preamble.h).
        auto [P, Leading] = llvm::StringRef(R.Preamble).split("; leading includes ");
        ++(P == "used" ? PreambleUsed : P == "built" ? PreambleBuilt : PreambleCold);
        LeadingUsed += Leading == "used";
        LeadingBuilt += Leading == "built";
        if (Verbose)
          errs() << "cuda-lint: " << J.File << " [" << S.Sides[SJ.Side].Name
                 << "]: preamble " << R.Preamble << "\n";
      }
      std::lock_guard<std::mutex> L(State->M);
      if (State->Abandoned[I])
        return; // the main thread has moved on; so does this worker
      State->Finished[I] = 1;
      Units[SJ.Unit].SideResults[SJ.Side] = std::move(R);
      SideDone(I);
    }
  };
  unsigned Threads = Jobs == 0 ? llvm::hardware_concurrency().compute_thread_count() : Jobs;
  Threads = std::max(1u, std::min<unsigned>(Threads, std::max<size_t>(1, SideJobs.size())));
  // Big stacks where the sides are analysed on these threads: deep but legal
  // nesting overflows the default 8 MiB. A worker process gives its side such
  // a stack itself; here the threads compute cache keys (the configuration),
  // read the workers' results and merge the sides, for which 8 MiB is ample,
  // and stated, not left to the platform's default (2 MiB under `ulimit -s
  // unlimited`, 128 KiB with musl). 512 MiB each would only count against a
  // `ulimit -d` the user set (stacks are reserved as data).
  constexpr unsigned DriverStackBytes = 8u << 20;
  std::optional<unsigned> Stack = InProcess ? sideStackBytes(Threads) : DriverStackBytes;
  auto Spawn = [&] { llvm::thread(Stack, Worker).detach(); };
  for (unsigned T = 0; T < Threads; ++T)
    Spawn();
  {
    std::unique_lock<std::mutex> L(State->M);
    while (State->UnitsDone < Jobs_.size()) {
      State->Changed.wait_for(L, std::chrono::milliseconds(200));
      if (!InProcess)
        continue; // each worker process is killed at its own --timeout
      auto Now = std::chrono::steady_clock::now();
      for (size_t I = 0; I < SideJobs.size(); ++I) {
        if (State->Finished[I] || State->Abandoned[I] ||
            State->Started[I] == std::chrono::steady_clock::time_point::max())
          continue;
        if (std::chrono::duration<double>(Now - State->Started[I]).count() > Timeout) {
          State->Abandoned[I] = 1;
          const SideJob &SJ = SideJobs[I];
          SideResult TimedOut;
          TimedOut.ToolFailure =
              "timed out after " + std::to_string(static_cast<int>(Timeout)) + " s (--timeout)";
          Units[SJ.Unit].SideResults[SJ.Side] = std::move(TimedOut);
          SideDone(I); // the unit's other sides still count
          L.unlock();
          Spawn(); // keep the parallelism the user asked for
          L.lock();
        }
      }
    }
  }
  shutdownSideWorkers(); // every side is done: the idle workers end now
  if (Verbose && !InProcess && sideWorkersStarted())
    errs() << "cuda-lint: " << sideWorkersStarted() << " worker process"
           << (sideWorkersStarted() == 1 ? "" : "es") << " for " << sideWorkerRequests()
           << (sideWorkerRequests() == 1 ? " side" : " sides") << "\n";
  if (Progress)
    errs() << "\r\x1b[K";
  if (Cache) {
    Cache->prune();
    if (Verbose) {
      ResultCacheStats CS = Cache->stats();
      errs() << "cuda-lint: result cache " << Cache->directory() << ": " << CS.Reused
             << " sides reused, " << CS.Analysed << " analysed, " << CS.Stored << " stored";
      if (CS.NotStored)
        errs() << ", " << CS.NotStored << " not stored (a missing file or a tool failure)";
      if (CS.Pruned)
        errs() << ", " << CS.Pruned << " old results removed";
      errs() << "\n";
    }
  }
  if (!Settings.PreambleDir.empty()) {
    unsigned Pruned = prunePreambles(Settings.PreambleDir, uint64_t(CacheMaxSize) << 20);
    if (Verbose) {
      std::lock_guard<std::mutex> PL(ProgressMutex);
      errs() << "cuda-lint: preamble " << Settings.PreambleDir << ": " << PreambleUsed
             << (PreambleUsed == 1 ? " side" : " sides") << " used it, " << PreambleBuilt
             << " built it, " << PreambleCold
             << " parsed cold";
      if (Pruned)
        errs() << ", " << Pruned << " old files removed";
      errs() << "\n";
      if (LeadingUsed || LeadingBuilt)
        errs() << "cuda-lint: preambles of leading includes: " << LeadingUsed
               << (LeadingUsed == 1 ? " side" : " sides") << " used one, " << LeadingBuilt
               << " built one\n";
    }
  }
  double Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  // No unit analysed: each hit a fatal error (a header not found) and no
  // rule reported anything in it (clang goes on parsing after a fatal error,
  // so a rule finding shows that the checks had code to work on). The run
  // then checked nothing, whatever the compiler errors say. A tool failure
  // already makes the status 2.
  if (!Jobs_.empty() && Errors.Count == 0 &&
      llvm::none_of(Results, [](const TranslationUnitResult &R) {
        return R.Analysed || llvm::any_of(R.Findings, [](const Finding &F) {
                 return !F.isCompilerDiagnostic();
               });
      }))
    Errors.report(Jobs_.size() == 1
                      ? "the translation unit could not be analysed: it hit a fatal "
                        "compiler error (above), such as a header that is not found, and no "
                        "rule reported anything; check the include paths and the generated "
                        "headers of the build"
                      : "none of the " + std::to_string(Jobs_.size()) +
                            " translation units could be analysed: each hit a fatal "
                            "compiler error (above), such as a header that is not found, and "
                            "no rule reported anything; check the include paths and the "
                            "generated headers of the build");

  std::vector<Finding> All = mergeResults(Results);
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  FindingSources Sources{std::string(Cwd)};
  std::vector<std::string> Fingerprints = computeFingerprints(All, Sources);

  if (!WriteBaseline.empty()) {
    if (Error E = writeBaseline(WriteBaseline, All, Fingerprints))
      Errors.report(toString(std::move(E)));
    else if (!Quiet)
      errs() << "cuda-lint: recorded " << All.size() << " findings in " << WriteBaseline << "\n";
  }
  unsigned Baselined = 0;
  for (const Baseline &B : LoadedBaselines)
    Baselined += filterByBaseline(B, All, Fingerprints);

  // The rules' fix-its of the reported findings; clang's own fix-its on
  // compiler diagnostics ("did you mean") are neither applied nor exported.
  std::vector<Finding> Fixable;
  for (const Finding &F : All)
    if (!F.isCompilerDiagnostic() && !F.Error.Message.Fix.empty())
      Fixable.push_back(F);
  unsigned FixesApplied = 0;
  if (Fix) {
    FixOptions FixOpts;
    FixOpts.IncludeUnsafe = UnsafeFixes;
    FixOpts.Force = Force;
    FixReport Report = applyFixes(Fixable, FixOpts);
    FixesApplied = Report.Applied;
    // One message per file left unfixed; the other files were fixed.
    for (const std::string &F : Report.Failures)
      Errors.report(F);
    if (Report.Conflicting)
      WithColor::warning(errs(), "cuda-lint")
          << Report.Conflicting << " fix-its overlap others and were not applied\n";
    if (Report.SkippedUnsafe && !Quiet)
      WithColor::note(errs(), "cuda-lint")
          << Report.SkippedUnsafe
          << (Report.SkippedUnsafe == 1 ? " unsafe fix-it" : " unsafe fix-its")
          << " not applied (they may change behaviour); review and apply with "
             "--fix --unsafe-fixes\n";
  }
  if (!ExportFixes.empty())
    if (Error E = exportFixes(ExportFixes, Fixable))
      Errors.report(toString(std::move(E)));

  OutputOptions OutOpts;
  OutOpts.Format = Format;
  OutOpts.Failures = Errors.failures();
  OutOpts.BaseDir = std::string(Cwd);
  // LLVM's own --color=true|false option (default: autodetect), and NO_COLOR.
  auto &Registered = cl::getRegisteredOptions();
  if (auto *C = static_cast<cl::opt<cl::boolOrDefault> *>(Registered.lookup("color"))) {
    if (C->getValue() == cl::BOU_TRUE)
      OutOpts.Color = true;
    else if (C->getValue() == cl::BOU_FALSE)
      OutOpts.Color = false;
  }
  if (!OutOpts.Color && !llvm::sys::Process::GetEnv("NO_COLOR").value_or("").empty())
    OutOpts.Color = false;
  if (Launched && !All.empty()) {
    OutputOptions TextOpts = OutOpts;
    TextOpts.Format = OutputFormat::Text;
    writeFindings(All, Fingerprints, Sources, TextOpts, errs());
  }
  if (OutputFile.empty()) {
    if (!Launched)
      writeFindings(All, Fingerprints, Sources, OutOpts, outs());
  } else {
    std::string Text;
    raw_string_ostream OS(Text);
    OutOpts.Color = false;
    writeFindings(All, Fingerprints, Sources, OutOpts, OS);
    if (Error E = writeFileAtomically(OutputFile, Text))
      Errors.report(toString(std::move(E)));
  }

  RunSummary Summary = summarize(All, Jobs_.size(), Errors.Count, Seconds);
  Summary.Baselined = Baselined;
  Summary.FixesApplied = FixesApplied;
  // Limits the analyses reached (every side ran in this process).
  UniformityStats UStats = processUniformityStats();
  Summary.AnalysisLimits = UStats.totalGaveUp();
  if (Verbose)
    for (unsigned L = 0; L < NumUniformityLimits; ++L)
      if (unsigned N = UStats.GaveUp[L])
        errs() << "cuda-lint: note: the uniformity analysis stopped at its limit "
                  "of "
               << toString(UniformityLimit(L)) << " at " << N
               << (N == 1 ? " function" : " functions")
               << "; the rules built on it (cuda-wmma-divergent) may miss "
                  "findings there\n";
  if (Verbose && UStats.SharedVarsAnalysed)
    errs() << "cuda-lint: note: cuda-shared-race analysed "
           << UStats.SharedVarsAnalysed
           << " __shared__ variable(s) per function, gave up on "
           << UStats.SharedVarsGivenUp
           << " (an access it does not model) and left "
           << UStats.SharedPairsGivenUp
           << " access pair(s) undecided; no finding is reported there\n";
  if (!Quiet) {
    printSummary(Summary, errs());
    if (size_t HostOnlyUnits = HostOnly.size())
      WithColor::note(errs(), "cuda-lint")
          << HostOnlyUnits
          << (HostOnlyUnits == 1
                  ? " unit compiled as C or C++, not CUDA, was not analysed: no rule applies "
                    "to it"
                  : " units compiled as C or C++, not CUDA, were not analysed: no rule applies "
                    "to them")
          << (Verbose ? "" : HostOnlyUnits == 1 ? " (--verbose names it)" : " (--verbose names them)")
          << "\n";
  }
  bool Failing = FailOnOpt == FailOn::Warning ? !All.empty()
                 : FailOnOpt == FailOn::Error
                     ? llvm::any_of(All, [](const Finding &F) { return F.isError(); })
                     : false;
  int Status = Errors.Count ? 2 : Failing ? 1 : 0;
  // Leave without static destructors: abandoned workers may still run, and a
  // unit that crashed (recovered by CrashRecoveryContext) can leave LLVM's
  // global state (timer groups) inconsistent for llvm_shutdown.
  outs().flush();
  errs().flush();
  std::_Exit(Status);
}
