#include "driver/SideWorker.h"
#include "driver/InputFiles.h"
#include "analysis/Uniformity.h"
#include "driver/Fixes.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/thread.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace clang;
using namespace clang::tidy;
namespace json = llvm::json;

namespace cuda_lint {
namespace {

json::Value messageToJSON(const tooling::DiagnosticMessage &M) {
  json::Array Ranges;
  for (const tooling::FileByteRange &R : M.Ranges)
    Ranges.push_back(json::Object{
        {"file", R.FilePath}, {"offset", R.FileOffset}, {"length", R.Length}});
  json::Object Fix;
  for (const auto &Entry : M.Fix) {
    json::Array Edits;
    for (const tooling::Replacement &R : Entry.getValue())
      Edits.push_back(json::Object{{"offset", R.getOffset()},
                                   {"length", R.getLength()},
                                   {"text", R.getReplacementText()}});
    Fix[Entry.getKey()] = std::move(Edits);
  }
  return json::Object{{"message", M.Message},
                      {"file", M.FilePath},
                      {"offset", M.FileOffset},
                      {"ranges", std::move(Ranges)},
                      {"fix", std::move(Fix)}};
}

llvm::Error malformed(llvm::StringRef What) {
  return llvm::createStringError("malformed side worker data: " + What);
}

llvm::Expected<tooling::DiagnosticMessage> messageFromJSON(const json::Value &V) {
  const json::Object *O = V.getAsObject();
  if (!O)
    return malformed("a message is not an object");
  tooling::DiagnosticMessage M;
  M.Message = O->getString("message").value_or("").str();
  M.FilePath = O->getString("file").value_or("").str();
  M.FileOffset = O->getInteger("offset").value_or(0);
  if (const json::Array *Ranges = O->getArray("ranges"))
    for (const json::Value &R : *Ranges) {
      const json::Object *RO = R.getAsObject();
      if (!RO)
        return malformed("a range is not an object");
      tooling::FileByteRange B;
      B.FilePath = RO->getString("file").value_or("").str();
      B.FileOffset = RO->getInteger("offset").value_or(0);
      B.Length = RO->getInteger("length").value_or(0);
      M.Ranges.push_back(std::move(B));
    }
  if (const json::Object *Fix = O->getObject("fix"))
    for (const auto &Entry : *Fix) {
      const json::Array *Edits = Entry.second.getAsArray();
      if (!Edits)
        return malformed("a fix-it is not an array");
      tooling::Replacements &Into = M.Fix[Entry.first.str()];
      for (const json::Value &E : *Edits) {
        const json::Object *EO = E.getAsObject();
        if (!EO)
          return malformed("an edit is not an object");
        if (llvm::Error Err = Into.add(tooling::Replacement(
                Entry.first.str(), EO->getInteger("offset").value_or(0),
                EO->getInteger("length").value_or(0), EO->getString("text").value_or(""))))
          return Err;
      }
    }
  return M;
}

json::Value optionsToJSON(const ClangTidyOptions &O) { return configurationAsText(O); }

llvm::Expected<ClangTidyOptions> optionsFromJSON(const json::Value *V) {
  std::optional<llvm::StringRef> Text = V ? V->getAsString() : std::nullopt;
  if (!Text)
    return malformed("options are not a string");
  llvm::ErrorOr<ClangTidyOptions> O =
      parseConfiguration(llvm::MemoryBufferRef(*Text, "side worker options"));
  if (!O)
    return malformed("options do not parse: " + O.getError().message());
  return *O;
}

} // namespace

json::Value sideResultToJSON(const SideResult &R) {
  json::Array Errors;
  for (const ClangTidyError &E : R.Errors)
    Errors.push_back(diagnosticToJSON(E));
  const UniformityStats &U = R.Uniformity;
  json::Array GaveUp;
  for (unsigned G : U.GaveUp)
    GaveUp.push_back(G);
  json::Object Out{{"errors", std::move(Errors)},
                   {"effectiveChecks", R.EffectiveChecks},
                   {"uniformity", json::Object{{"functions", U.FunctionsAnalysed},
                                               {"gaveUp", std::move(GaveUp)},
                                               {"sharedVars", U.SharedVarsAnalysed},
                                               {"sharedVarsGivenUp", U.SharedVarsGivenUp},
                                               {"sharedPairsGivenUp", U.SharedPairsGivenUp}}}};
  json::Array Accepted;
  for (const AcceptedLine &A : R.Accepted)
    Accepted.push_back(json::Object{
        {"file", A.File}, {"line", A.Line}, {"rule", A.RuleId}, {"claim", A.Claim}});
  Out["accepted"] = std::move(Accepted);
  json::Array Inputs;
  for (const InputDigest &I : R.Inputs)
    Inputs.push_back(I.Opened.empty() ? json::Array{I.Path, I.Hash}
                                      : json::Array{I.Path, I.Hash, I.Opened});
  Out["inputs"] = std::move(Inputs);
  json::Array Facts;
  for (const SideFact &F : R.Facts)
    Facts.push_back(sideFactToJSON(F));
  Out["facts"] = std::move(Facts);
  if (R.ToolFailure)
    Out["toolFailure"] = *R.ToolFailure;
  if (R.StoppedAtFatalError)
    Out["fatal"] = true;
  if (!R.Preamble.empty())
    Out["preamble"] = R.Preamble;
  return Out;
}

llvm::Expected<SideResult> sideResultFromJSON(const json::Value &V) {
  const json::Object *O = V.getAsObject();
  if (!O)
    return malformed("the result is not an object");
  SideResult R;
  R.EffectiveChecks = O->getString("effectiveChecks").value_or("").str();
  if (auto F = O->getString("toolFailure"))
    R.ToolFailure = F->str();
  R.StoppedAtFatalError = O->getBoolean("fatal").value_or(false);
  R.Preamble = O->getString("preamble").value_or("").str();
  if (const json::Array *Errors = O->getArray("errors"))
    for (const json::Value &E : *Errors) {
      auto D = diagnosticFromJSON(E);
      if (!D)
        return D.takeError();
      R.Errors.push_back(std::move(*D));
    }
  if (const json::Array *Accepted = O->getArray("accepted"))
    for (const json::Value &A : *Accepted)
      if (const json::Object *AO = A.getAsObject())
        R.Accepted.push_back({AO->getString("file").value_or("").str(),
                              unsigned(AO->getInteger("line").value_or(0)),
                              AO->getString("rule").value_or("").str(),
                              AO->getBoolean("claim").value_or(false)});
  if (const json::Array *Inputs = O->getArray("inputs"))
    for (const json::Value &I : *Inputs) {
      const json::Array *Pair = I.getAsArray();
      if (!Pair || Pair->size() < 2 || Pair->size() > 3 ||
          llvm::any_of(*Pair, [](const json::Value &V) { return !V.getAsString(); }))
        return malformed("an input is not a [path, hash] or [path, hash, opened] array");
      R.Inputs.push_back({(*Pair)[0].getAsString()->str(), (*Pair)[1].getAsString()->str(),
                          Pair->size() == 3 ? (*Pair)[2].getAsString()->str() : ""});
    }
  if (const json::Object *U = O->getObject("uniformity")) {
    UniformityStats &S = R.Uniformity;
    S.FunctionsAnalysed = U->getInteger("functions").value_or(0);
    if (const json::Array *G = U->getArray("gaveUp"))
      for (unsigned I = 0; I < NumUniformityLimits && I < G->size(); ++I)
        S.GaveUp[I] = (*G)[I].getAsInteger().value_or(0);
    S.SharedVarsAnalysed = U->getInteger("sharedVars").value_or(0);
    S.SharedVarsGivenUp = U->getInteger("sharedVarsGivenUp").value_or(0);
    S.SharedPairsGivenUp = U->getInteger("sharedPairsGivenUp").value_or(0);
  }
  if (const json::Array *Facts = O->getArray("facts"))
    for (const json::Value &F : *Facts) {
      auto Fact = sideFactFromJSON(F);
      if (!Fact)
        return Fact.takeError();
      R.Facts.push_back(std::move(*Fact));
    }
  return R;
}

namespace {

/// The result file's JSON: the side's result, and what the worker process
/// recorded for --fix (analysedContentHashes).
json::Value resultToJSON(const SideResult &R) {
  json::Value Out = sideResultToJSON(R);
  json::Array Analysed;
  for (const AnalysedContentHash &H : analysedContentHashes())
    Analysed.push_back(json::Object{
        {"path", H.RealPath}, {"hash", std::to_string(H.Hash)}, {"changed", H.Changed}});
  (*Out.getAsObject())["analysed"] = std::move(Analysed);
  return Out;
}

/// Reads the result file; adds its side channels (the --fix record, the
/// uniformity statistics) to this process.
llvm::Expected<SideResult> resultFromJSON(const json::Value &V) {
  auto R = sideResultFromJSON(V);
  if (!R)
    return R.takeError();
  if (const json::Array *Analysed = V.getAsObject()->getArray("analysed"))
    for (const json::Value &A : *Analysed)
      if (const json::Object *AO = A.getAsObject()) {
        AnalysedContentHash H;
        H.RealPath = AO->getString("path").value_or("").str();
        llvm::to_integer(AO->getString("hash").value_or("0"), H.Hash);
        H.Changed = AO->getBoolean("changed").value_or(false);
        recordAnalysedHash(H);
      }
  addProcessUniformityStats(R->Uniformity);
  return R;
}

/// A temporary file's path, removed when the process is interrupted and when
/// the guard goes.
struct TempPath {
  llvm::SmallString<128> Path;
  explicit TempPath(llvm::StringRef Suffix) {
    int FD;
    if (!llvm::sys::fs::createTemporaryFile("cuda-lint-side", Suffix, FD, Path)) {
      ::close(FD);
      llvm::sys::RemoveFileOnSignal(Path);
    } else {
      Path.clear();
    }
  }
  ~TempPath() {
    if (Path.empty())
      return;
    llvm::sys::fs::remove(Path);
    llvm::sys::DontRemoveFileOnSignal(Path);
  }
};

std::string describeSignal(int Sig) {
  const char *Name = ::strsignal(Sig);
  std::string S = "signal " + std::to_string(Sig);
  if (Name)
    S += std::string(", ") + Name;
  if (Sig == SIGSEGV || Sig == SIGBUS)
    S += "; deeply nested code can overflow the stack";
  return S;
}

} // namespace

json::Value diagnosticToJSON(const ClangTidyError &E) {
  json::Array Notes;
  for (const tooling::DiagnosticMessage &N : E.Notes)
    Notes.push_back(messageToJSON(N));
  json::Array Aliases;
  for (const std::string &A : E.EnabledDiagnosticAliases)
    Aliases.push_back(A);
  return json::Object{{"name", E.DiagnosticName},
                      {"level", static_cast<int>(E.DiagLevel)},
                      {"buildDirectory", E.BuildDirectory},
                      {"warningAsError", E.IsWarningAsError},
                      {"aliases", std::move(Aliases)},
                      {"message", messageToJSON(E.Message)},
                      {"notes", std::move(Notes)}};
}

llvm::Expected<ClangTidyError> diagnosticFromJSON(const json::Value &V) {
  const json::Object *O = V.getAsObject();
  if (!O)
    return malformed("a diagnostic is not an object");
  int64_t Level = O->getInteger("level").value_or(tooling::Diagnostic::Warning);
  if (Level < tooling::Diagnostic::Remark || Level > tooling::Diagnostic::Error)
    return malformed("a diagnostic's level is out of range");
  ClangTidyError E(O->getString("name").value_or(""),
                   static_cast<tooling::Diagnostic::Level>(Level),
                   O->getString("buildDirectory").value_or(""),
                   O->getBoolean("warningAsError").value_or(false));
  if (const json::Array *A = O->getArray("aliases"))
    for (const json::Value &S : *A)
      E.EnabledDiagnosticAliases.push_back(S.getAsString().value_or("").str());
  const json::Value *M = O->get("message");
  if (!M)
    return malformed("a diagnostic has no message");
  auto Msg = messageFromJSON(*M);
  if (!Msg)
    return Msg.takeError();
  E.Message = std::move(*Msg);
  if (const json::Array *Notes = O->getArray("notes"))
    for (const json::Value &N : *Notes) {
      auto Note = messageFromJSON(N);
      if (!Note)
        return Note.takeError();
      E.Notes.push_back(std::move(*Note));
    }
  return E;
}

json::Value requestToJSON(const std::string &File, const std::string &Directory,
                          const AnalysisSide &Side, const LintSettings &Settings,
                          const ClangTidyOptions::OptionMap &FactOptions) {
  json::Array Command;
  for (const std::string &A : Side.CommandLine)
    Command.push_back(A);
  json::Object Facts;
  for (const auto &KV : FactOptions)
    Facts[KV.getKey()] = KV.getValue().Value;
  json::Object Out{{"file", File},
                   {"directory", Directory},
                   {"side", json::Object{{"name", Side.Name},
                                         {"device", Side.IsDevice},
                                         {"nvcc", Side.Nvcc},
                                         {"skipsDeviceBodies", Side.SkipsDeviceBodies},
                                         {"command", std::move(Command)}}},
                   {"defaults", optionsToJSON(Settings.Defaults)},
                   {"overrides", optionsToJSON(Settings.Overrides)},
                   {"configFileName", Settings.ConfigFileName},
                   {"profile", Settings.ProfileChecks},
                   {"facts", std::move(Facts)}};
  if (Settings.ExplicitConfig)
    Out["explicitConfig"] = optionsToJSON(*Settings.ExplicitConfig);
  if (!Settings.PreambleDir.empty())
    Out["preambleDir"] = Settings.PreambleDir;
  if (Settings.PreambleOnFirstSide)
    Out["preambleOnFirstSide"] = true;
  return Out;
}

llvm::Expected<SideRequest> requestFromJSON(const json::Value &V) {
  const json::Object *O = V.getAsObject();
  const json::Object *S = O ? O->getObject("side") : nullptr;
  if (!S)
    return malformed("the request has no side");
  SideRequest R;
  R.File = O->getString("file").value_or("").str();
  R.Directory = O->getString("directory").value_or("").str();
  R.Side.Name = S->getString("name").value_or("").str();
  R.Side.IsDevice = S->getBoolean("device").value_or(false);
  R.Side.Nvcc = S->getBoolean("nvcc").value_or(false);
  R.Side.SkipsDeviceBodies = S->getBoolean("skipsDeviceBodies").value_or(false);
  if (const json::Array *C = S->getArray("command"))
    for (const json::Value &A : *C)
      R.Side.CommandLine.push_back(A.getAsString().value_or("").str());
  auto Defaults = optionsFromJSON(O->get("defaults"));
  if (!Defaults)
    return Defaults.takeError();
  R.Settings.Defaults = std::move(*Defaults);
  auto Overrides = optionsFromJSON(O->get("overrides"));
  if (!Overrides)
    return Overrides.takeError();
  R.Settings.Overrides = std::move(*Overrides);
  if (const json::Value *E = O->get("explicitConfig")) {
    auto Explicit = optionsFromJSON(E);
    if (!Explicit)
      return Explicit.takeError();
    R.Settings.ExplicitConfig = std::move(*Explicit);
  }
  R.Settings.ConfigFileName = O->getString("configFileName").value_or(".cuda-lint.yaml").str();
  R.Settings.ProfileChecks = O->getBoolean("profile").value_or(false);
  R.Settings.PreambleDir = O->getString("preambleDir").value_or("").str();
  R.Settings.PreambleOnFirstSide = O->getBoolean("preambleOnFirstSide").value_or(false);
  if (const json::Object *F = O->getObject("facts"))
    for (const auto &KV : *F)
      R.Facts.insert_or_assign(KV.first.str(), ClangTidyOptions::ClangTidyValue(
                                                   KV.second.getAsString().value_or("")));
  return R;
}

namespace {

/// What every worker process does first. Always true.
bool initWorkerProcess() {
#ifdef __linux__
  // A worker never outlives cuda-lint: killed with it (SIGINT, SIGTERM,
  // SIGKILL of the parent). One whose parent went before this call reads the
  // end of its input at once (the socket's other end is closed). Not
  // getppid() == 1: cuda-lint itself may be process 1 (a container's
  // entry point).
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
  // An allocation past --max-memory (RLIMIT_DATA) ends the worker with a
  // status the parent recognises, instead of LLVM's abort and stack dump.
  llvm::install_bad_alloc_error_handler([](void *, const char *, bool) {
    static const char Msg[] = "cuda-lint side worker: out of memory\n";
    (void)!::write(2, Msg, sizeof(Msg) - 1);
    ::_exit(WorkerOutOfMemoryExit);
  });
  llvm::CrashRecoveryContext::Enable(); // lintSide recovers from crashes
  return true;
}

/// Analyses the side requested at \p RequestPath and writes its result (with
/// this side's --fix record, which is then emptied) to \p ResultPath: 0, or 2
/// with the reason on stderr.
int handleSideRequest(llvm::StringRef RequestPath, llvm::StringRef ResultPath) {
  auto Buf = llvm::MemoryBuffer::getFile(RequestPath);
  if (!Buf) {
    llvm::errs() << "cuda-lint side worker: cannot read " << RequestPath << ": "
                 << Buf.getError().message() << "\n";
    return 2;
  }
  auto V = parseBoundedJson((*Buf)->getBuffer());
  if (!V) {
    llvm::errs() << "cuda-lint side worker: " << llvm::toString(V.takeError()) << "\n";
    return 2;
  }
  auto Req = requestFromJSON(*V);
  if (!Req) {
    llvm::errs() << "cuda-lint side worker: " << llvm::toString(Req.takeError()) << "\n";
    return 2;
  }
  SideResult Result;
  {
    llvm::thread T(std::optional<unsigned>(sideStackBytes()), [&] {
      Result = lintSide(Req->File, Req->Directory, Req->Side, Req->Settings, Req->Facts);
    });
    T.join();
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << resultToJSON(Result);
  clearAnalysedContentHashes(); // sent: the next side's result carries its own
  std::error_code EC;
  llvm::raw_fd_ostream Out(ResultPath, EC);
  if (EC) {
    llvm::errs() << "cuda-lint side worker: cannot write " << ResultPath << ": "
                 << EC.message() << "\n";
    return 2;
  }
  Out << Text;
  Out.close();
  return Out.has_error() ? 2 : 0;
}

/// Writes all of \p Data to \p FD (a pipe or socket); false on an error.
bool writeAll(int FD, llvm::StringRef Data) {
  while (!Data.empty()) {
    ssize_t N = ::send(FD, Data.data(), Data.size(), MSG_NOSIGNAL);
    if (N < 0 && errno == ENOTSOCK)
      N = ::write(FD, Data.data(), Data.size());
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    Data = Data.drop_front(N);
  }
  return true;
}

} // namespace

unsigned sideStackBytes(unsigned Threads) {
  constexpr rlim_t DefaultThreadStack = 8u << 20;
  rlim_t Stack = SideStackBytes;
  struct rlimit RL;
  if (::getrlimit(RLIMIT_DATA, &RL) == 0 && RL.rlim_cur != RLIM_INFINITY)
    Stack = std::max(DefaultThreadStack,
                     std::min(Stack, RL.rlim_cur / 4 / std::max(1u, Threads)));
  return static_cast<unsigned>(Stack);
}

int serveSideWorker() {
  if (!initWorkerProcess())
    return 2;
  // Started: a side's --timeout counts from its request, not from here.
  if (!writeAll(WorkerRequestFD, "ready\n"))
    return 2;
  // A request is two NUL-terminated paths (a path holds any byte but NUL: a
  // TMPDIR may have a tab or a newline in it).
  std::string Message;
  while (true) {
    Message.clear();
    unsigned Nuls = 0;
    char C;
    while (Nuls < 2) {
      ssize_t N = ::read(WorkerRequestFD, &C, 1);
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        return N == 0 && Message.empty() ? 0 : 2; // the end of the input, or cut off
      Message += C;
      Nuls += C == '\0';
      if (Message.size() > 65536) {
        llvm::errs() << "cuda-lint side worker: a request is too long\n";
        return 2;
      }
    }
    llvm::StringRef RequestPath(Message.c_str());
    llvm::StringRef ResultPath(Message.c_str() + RequestPath.size() + 1);
    if (int S = handleSideRequest(RequestPath, ResultPath))
      return S;
    llvm::errs().flush();
    if (!writeAll(WorkerRequestFD, "done\n"))
      return 2;
  }
}

namespace {

/// A worker process of this process (serveSideWorker), with this end of the
/// socket that is its WorkerRequestFD and the unlinked file of its stderr.
struct WorkerProcess {
  std::string Executable;
  unsigned MaxMemoryMiB = 0;
  /// What an out-of-memory exit of this worker is reported with: the data
  /// limit it runs under and where the limit comes from (--max-memory, or a
  /// lower or only limit the user set with `ulimit -d`); empty without one.
  std::string MemoryLimit;
  pid_t Pid = -1;
  int Socket = -1;
  int Stderr = -1;
  uint64_t StderrSeen = 0; ///< bytes of stderr that earlier sides wrote
  unsigned Sides = 0;      ///< sides it has analysed
  bool Ready = false;      ///< it said `ready` (it has started)
  bool Reaped = false;

  WorkerProcess() = default;
  WorkerProcess(const WorkerProcess &) = delete;
  WorkerProcess &operator=(const WorkerProcess &) = delete;
  ~WorkerProcess() {
    if (Socket >= 0)
      ::close(Socket);
    if (Pid > 0 && !Reaped) {
      ::kill(Pid, SIGKILL);
      while (::waitpid(Pid, nullptr, 0) < 0 && errno == EINTR)
        ;
    }
    if (Stderr >= 0)
      ::close(Stderr);
  }

  /// What the worker wrote on stderr since the last call.
  std::string newStderr() {
    std::string Out;
    char Buf[4096];
    while (true) {
      ssize_t N = ::pread(Stderr, Buf, sizeof(Buf), static_cast<off_t>(StderrSeen));
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        break;
      Out.append(Buf, static_cast<size_t>(N));
      StderrSeen += static_cast<uint64_t>(N);
    }
    return Out;
  }

  /// Waits for the worker to end (its socket is closed), at most \p Seconds,
  /// then kills it. Returns its wait status.
  int reap(double Seconds) {
    int Status = 0;
    auto Start = std::chrono::steady_clock::now();
    while (true) {
      pid_t R = ::waitpid(Pid, &Status, WNOHANG);
      if (R == Pid || (R < 0 && errno != EINTR))
        break;
      if (std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count() >
          Seconds) {
        ::kill(Pid, SIGKILL);
        while (::waitpid(Pid, &Status, 0) < 0 && errno == EINTR)
          ;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    Reaped = true;
    return Status;
  }
};

std::atomic<unsigned> WorkersStarted{0}, WorkerRequests{0};

/// Exit statuses of a forked child whose exec failed (as a shell's 127) and
/// whose descriptors could not be set up.
constexpr int WorkerExecFailedExit = 127, WorkerSetupFailedExit = 126;

/// Runs \p F on a thread that lives as long as the process. A worker dies
/// when the thread that forked it ends (PR_SET_PDEATHSIG follows the parent
/// thread, not the process), and a worker outlives the analysis thread that
/// needed it first: an idle worker is taken by whichever thread comes next.
void onSpawnerThread(llvm::function_ref<void()> F) {
  // Not an llvm::StdThreadPool: its threads are not kept while idle (the
  // unit test of this failed with one).
  struct Spawner {
    std::mutex M;
    std::condition_variable CV;
    std::deque<std::function<void()>> Tasks;
  };
  static Spawner *S = [] {
    auto *S = new Spawner; // never destroyed: its thread runs until the process ends
    std::thread([S] {
      while (true) {
        std::function<void()> Task;
        {
          std::unique_lock<std::mutex> L(S->M);
          S->CV.wait(L, [S] { return !S->Tasks.empty(); });
          Task = std::move(S->Tasks.front());
          S->Tasks.pop_front();
        }
        Task();
      }
    }).detach();
    return S;
  }();
  std::promise<void> Done;
  {
    std::lock_guard<std::mutex> L(S->M);
    S->Tasks.push_back([&] {
      F();
      Done.set_value();
    });
  }
  S->CV.notify_one();
  Done.get_future().wait();
}

/// Starts `Executable --side-worker-serve=NAME` with RLIMIT_DATA at
/// \p W.MaxMemoryMiB (at most the hard limit); null with \p Err on failure.
std::unique_ptr<WorkerProcess> startWorker(const WorkerOptions &W, std::string &Err) {
  auto P = std::make_unique<WorkerProcess>();
  P->Executable = W.Executable;
  P->MaxMemoryMiB = W.MaxMemoryMiB;
  int SV[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, SV) != 0) {
    Err = std::string("socketpair: ") + std::strerror(errno);
    return nullptr;
  }
  // Above the descriptors the child sets up (0 to WorkerRequestFD), which a
  // cuda-lint started with a standard stream closed would otherwise hand out.
  auto Lift = [](int &FD) {
    int High = ::fcntl(FD, F_DUPFD_CLOEXEC, 10);
    ::close(FD);
    FD = High;
    return High >= 0;
  };
  P->Socket = SV[0];
  bool Lifted = Lift(P->Socket) & Lift(SV[1]);
  llvm::SmallString<128> ErrPath;
  std::error_code EC =
      llvm::sys::fs::createTemporaryFile("cuda-lint-worker", "stderr.txt", P->Stderr, ErrPath);
  if (!EC)
    llvm::sys::RemoveFileOnSignal(ErrPath); // until it is removed below
  if (!EC && !Lift(P->Stderr))
    EC = std::error_code(errno, std::generic_category());
  if (EC || !Lifted) {
    if (SV[1] >= 0)
      ::close(SV[1]);
    Err = EC ? "cannot create a temporary file: " + EC.message()
             : std::string("fcntl: ") + std::strerror(errno);
    if (!ErrPath.empty()) {
      llvm::sys::fs::remove(ErrPath);
      llvm::sys::DontRemoveFileOnSignal(ErrPath);
    }
    return nullptr;
  }
  llvm::sys::fs::remove(ErrPath); // open until the worker goes; nothing to clean up
  llvm::sys::DontRemoveFileOnSignal(ErrPath);
  // The removed file's path names the worker on its command line (ps, pgrep).
  std::string Exe = W.Executable, Serve = ("--side-worker-serve=" + ErrPath).str();
  char *Argv[] = {Exe.data(), Serve.data(), nullptr};
  struct rlimit Limit;
  bool HaveLimit = ::getrlimit(RLIMIT_DATA, &Limit) == 0;
  bool SetLimit = W.MaxMemoryMiB && HaveLimit;
  if (SetLimit) // never above a hard limit the user set (ulimit -d), which stays
    Limit.rlim_cur = std::min<rlim_t>(static_cast<rlim_t>(W.MaxMemoryMiB) << 20, Limit.rlim_max);
  // What an out-of-memory exit is reported with: the limit the worker gets,
  // and where it comes from (the user's limit may be ulimit's, systemd's
  // LimitDATA=, a container's: named by the resource, not by the tool).
  auto Size = [](rlim_t Bytes) {
    return Bytes % (1u << 20) == 0 ? std::to_string(Bytes >> 20) + " MiB"
                                   : std::to_string(Bytes >> 10) + " KiB";
  };
  if (HaveLimit && Limit.rlim_cur != RLIM_INFINITY)
    P->MemoryLimit = SetLimit && Limit.rlim_cur == static_cast<rlim_t>(W.MaxMemoryMiB) << 20
                         ? "--max-memory=" + Size(Limit.rlim_cur)
                         : "the data-size limit (RLIMIT_DATA) of " + Size(Limit.rlim_cur) +
                               (W.MaxMemoryMiB ? ", below --max-memory" : "");
  struct rlimit AddressSpace;
  if (::getrlimit(RLIMIT_AS, &AddressSpace) == 0 && AddressSpace.rlim_cur != RLIM_INFINITY)
    P->MemoryLimit += (P->MemoryLimit.empty() ? "" : ", or ") +
                      std::string("the address-space limit (RLIMIT_AS) of ") +
                      Size(AddressSpace.rlim_cur);
  pid_t Pid = -1;
  int ForkErrno = 0;
  onSpawnerThread([&] {
    Pid = ::fork();
    if (Pid == 0) { // only async-signal-safe calls until exec
      int Null = ::open("/dev/null", O_RDWR);
      if (Null < 0 || ::dup2(Null, 0) < 0 || ::dup2(Null, 1) < 0 || ::dup2(P->Stderr, 2) < 0 ||
          ::dup2(SV[1], WorkerRequestFD) < 0)
        ::_exit(WorkerSetupFailedExit);
      if (SetLimit) // as LLVM's ExecuteNoWait did: a limit that cannot be set is not
        (void)::setrlimit(RLIMIT_DATA, &Limit);
      ::execv(Argv[0], Argv);
      ::_exit(WorkerExecFailedExit);
    }
    ForkErrno = errno;
  });
  ::close(SV[1]);
  errno = ForkErrno;
  if (Pid < 0) {
    Err = std::string("fork: ") + std::strerror(errno);
    return nullptr;
  }
  P->Pid = Pid;
  ++WorkersStarted;
  return P;
}

/// The idle worker processes of this process.
struct WorkerPool {
  std::mutex M;
  std::vector<std::unique_ptr<WorkerProcess>> Idle;
};
WorkerPool &workerPool() {
  static WorkerPool Pool;
  return Pool;
}

std::unique_ptr<WorkerProcess> takeIdleWorker(const WorkerOptions &W) {
  WorkerPool &Pool = workerPool();
  std::lock_guard<std::mutex> L(Pool.M);
  for (auto It = Pool.Idle.begin(); It != Pool.Idle.end(); ++It)
    if ((*It)->Executable == W.Executable && (*It)->MaxMemoryMiB == W.MaxMemoryMiB) {
      std::unique_ptr<WorkerProcess> P = std::move(*It);
      Pool.Idle.erase(It);
      return P;
    }
  return nullptr;
}

void returnIdleWorker(std::unique_ptr<WorkerProcess> P) {
  WorkerPool &Pool = workerPool();
  std::lock_guard<std::mutex> L(Pool.M);
  Pool.Idle.push_back(std::move(P));
}

/// How one request to a worker ended.
enum class Answer { Done, Ended, TimedOut };

/// Waits for the line \p Expected from \p P, until \p Deadline (none: no
/// limit). Ended: the worker closed its end or said something else.
Answer awaitLine(WorkerProcess &P, llvm::StringRef Expected,
                 std::optional<std::chrono::steady_clock::time_point> Deadline) {
  std::string Reply;
  while (true) {
    int Wait = 1000;
    if (Deadline) {
      auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                      *Deadline - std::chrono::steady_clock::now())
                      .count();
      if (Left <= 0)
        return Answer::TimedOut;
      Wait = static_cast<int>(std::min<long long>(Left, 1000));
    }
    struct pollfd PFD = {P.Socket, POLLIN, 0};
    int R = ::poll(&PFD, 1, Wait);
    if (R < 0 && errno != EINTR)
      return Answer::Ended;
    if (R <= 0)
      continue;
    // One byte at a time: nothing after the line may be consumed.
    char C;
    ssize_t N = ::read(P.Socket, &C, 1);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return Answer::Ended;
    Reply += C;
    if (C == '\n')
      return Reply == Expected ? Answer::Done : Answer::Ended;
    if (Reply.size() > 64)
      return Answer::Ended;
  }
}

/// How long a new worker may take to start (load clang's libraries) before
/// it is given up: it is not counted in its first side's --timeout.
constexpr std::chrono::seconds WorkerStartLimit(120);

} // namespace

unsigned sideWorkersStarted() { return WorkersStarted; }
unsigned sideWorkerRequests() { return WorkerRequests; }

void shutdownSideWorkers() {
  WorkerPool &Pool = workerPool();
  std::vector<std::unique_ptr<WorkerProcess>> Idle;
  {
    std::lock_guard<std::mutex> L(Pool.M);
    Idle.swap(Pool.Idle);
  }
  for (auto &P : Idle) { // the end of its input ends it
    ::close(P->Socket);
    P->Socket = -1;
  }
  for (auto &P : Idle)
    P->reap(5);
}

SideResult lintSideInWorker(const WorkerOptions &W, const std::string &File,
                            const std::string &Directory, const AnalysisSide &Side,
                            const LintSettings &Settings,
                            const ClangTidyOptions::OptionMap &FactOptions) {
  SideResult Failed;
  auto Fail = [&](std::string Why) {
    Failed.ToolFailure = std::move(Why);
    return Failed;
  };
  TempPath Request("request.json"), Result("result.json");
  if (Request.Path.empty() || Result.Path.empty())
    return Fail("cannot create the worker process's temporary files");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Request.Path, EC);
    if (EC)
      return Fail("cannot write the worker process's request: " + EC.message());
    OS << requestToJSON(File, Directory, Side, Settings, FactOptions);
  }
  std::string Line = std::string(Request.Path) + '\0' + std::string(Result.Path) + '\0';

  ++WorkerRequests; // once per side, however many tries
  for (bool Retry : {false, true}) {
    std::unique_ptr<WorkerProcess> P = Retry ? nullptr : takeIdleWorker(W);
    if (!P) {
      std::string Err;
      P = startWorker(W, Err);
      if (!P)
        return Fail("cannot start a worker process: " + Err);
    }
    bool Reused = P->Sides > 0;
    Answer A = Answer::Done;
    if (!P->Ready) {
      A = awaitLine(*P, "ready\n", std::chrono::steady_clock::now() + WorkerStartLimit);
      if (A == Answer::TimedOut)
        return Fail("cannot start a worker process: it did not start within " +
                    std::to_string(WorkerStartLimit.count()) + " s");
      P->Ready = A == Answer::Done;
    }
    std::optional<std::chrono::steady_clock::time_point> Deadline;
    if (W.TimeoutSeconds > 0)
      Deadline = std::chrono::steady_clock::now() +
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(W.TimeoutSeconds));
    if (A == Answer::Done)
      A = writeAll(P->Socket, Line) ? awaitLine(*P, "done\n", Deadline) : Answer::Ended;
    if (A == Answer::TimedOut) {
      std::string Secs;
      llvm::raw_string_ostream(Secs) << llvm::format("%g", W.TimeoutSeconds); // 20, 0.5
      return Fail("timed out after " + Secs + " s (--timeout)"); // ~WorkerProcess kills it
    }
    if (A == Answer::Ended) {
      int Status = P->reap(5);
      std::string Err = llvm::StringRef(P->newStderr()).trim().str();
      // A failure of a worker that analysed other sides before is tried once
      // more alone: the side's outcome must not depend on them.
      if (Reused)
        continue;
      if (WIFSIGNALED(Status))
        return Fail("the checker crashed (" + describeSignal(WTERMSIG(Status)) + ")");
      if (WIFEXITED(Status) && WEXITSTATUS(Status) == WorkerOutOfMemoryExit)
        return Fail("ran out of memory" +
                    (P->MemoryLimit.empty() ? std::string() : " (" + P->MemoryLimit + ")"));
      if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
        return Fail("its worker process ended without a result" +
                    (Err.empty() ? "" : ": " + Err));
      if (WIFEXITED(Status) && WEXITSTATUS(Status) == WorkerExecFailedExit && Err.empty())
        return Fail("cannot start a worker process: " + W.Executable +
                    " cannot be run (not found or not executable)");
      return Fail("its worker process failed (exit status " +
                  std::to_string(WIFEXITED(Status) ? WEXITSTATUS(Status) : -1) + ")" +
                  (Err.empty() ? "" : ": " + Err));
    }
    auto Buf = llvm::MemoryBuffer::getFile(Result.Path);
    if (!Buf)
      return Fail("its worker process wrote no result");
    auto V = parseBoundedJson((*Buf)->getBuffer());
    if (!V)
      return Fail("its worker process wrote an unreadable result: " +
                  llvm::toString(V.takeError()));
    // A side that the checker could not finish (a crash it recovered from)
    // may leave the worker's state inconsistent: its worker goes, and the
    // side is tried alone once more (before its --fix record and statistics
    // are counted) if the worker had analysed others.
    if (Reused && V->getAsObject() && V->getAsObject()->get("toolFailure"))
      continue;
    auto R = resultFromJSON(*V);
    if (!R)
      return Fail(llvm::toString(R.takeError()));
    std::string Err = P->newStderr();
    if (W.ForwardStderr && !Err.empty())
      llvm::errs() << Err;
    if (!R->ToolFailure && ++P->Sides < std::max(1u, W.MaxSidesPerWorker))
      returnIdleWorker(std::move(P));
    return std::move(*R);
  }
  return Fail("its worker process ended without a result"); // not reached
}

} // namespace cuda_lint
