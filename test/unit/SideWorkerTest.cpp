//===- SideWorkerTest.cpp - What travels to and from a side worker ------===//
#include "driver/SideWorker.h"
#include "driver/Baseline.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <chrono>
#include <thread>

using namespace cuda_lint;
using namespace clang;

namespace {

/// A diagnostic with every field set: notes, ranges, fix-its in two files.
tidy::ClangTidyError fullDiagnostic() {
  tidy::ClangTidyError E("cuda-grid-constant-mismatch", tooling::Diagnostic::Error, "/build",
                         /*IsWarningAsError=*/true);
  E.EnabledDiagnosticAliases = {"cuda-alias"};
  E.Message.Message = "parameter 'p' is \"odd\"\n\xc3\xa9";
  E.Message.FilePath = "/src/k.cu";
  E.Message.FileOffset = 201;
  E.Message.Ranges.push_back(tooling::FileByteRange());
  E.Message.Ranges.back().FilePath = "/src/k.cu";
  E.Message.Ranges.back().FileOffset = 200;
  E.Message.Ranges.back().Length = 7;
  llvm::consumeError(E.Message.Fix["/src/k.cu"].add(
      tooling::Replacement("/src/k.cu", 201, 0, "__grid_constant__ ")));
  llvm::consumeError(
      E.Message.Fix["/src/k.cu"].add(tooling::Replacement("/src/k.cu", 300, 4, "")));
  llvm::consumeError(
      E.Message.Fix["/src/k.cuh"].add(tooling::Replacement("/src/k.cuh", 5, 1, "x")));
  tooling::DiagnosticMessage Note;
  Note.Message = "first declared here";
  Note.FilePath = "/src/k.cuh";
  Note.FileOffset = 48;
  E.Notes.push_back(Note);
  return E;
}

TEST(SideWorkerTest, DiagnosticRoundTrip) {
  tidy::ClangTidyError E = fullDiagnostic();
  // Through text, as the result file carries it.
  std::string Text;
  llvm::raw_string_ostream(Text) << diagnosticToJSON(E);
  auto V = llvm::json::parse(Text);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  auto Back = diagnosticFromJSON(*V);
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->DiagnosticName, E.DiagnosticName);
  EXPECT_EQ(Back->DiagLevel, E.DiagLevel);
  EXPECT_EQ(Back->BuildDirectory, E.BuildDirectory);
  EXPECT_TRUE(Back->IsWarningAsError);
  EXPECT_EQ(Back->EnabledDiagnosticAliases, E.EnabledDiagnosticAliases);
  EXPECT_EQ(Back->Message.Message, E.Message.Message);
  EXPECT_EQ(Back->Message.FilePath, E.Message.FilePath);
  EXPECT_EQ(Back->Message.FileOffset, E.Message.FileOffset);
  ASSERT_EQ(Back->Message.Ranges.size(), 1u);
  EXPECT_EQ(Back->Message.Ranges[0].FileOffset, 200u);
  EXPECT_EQ(Back->Message.Ranges[0].Length, 7u);
  ASSERT_EQ(Back->Message.Fix.size(), 2u);
  const tooling::Replacements &R = Back->Message.Fix["/src/k.cu"];
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R.begin()->getReplacementText(), "__grid_constant__ ");
  EXPECT_EQ(std::next(R.begin())->getOffset(), 300u);
  EXPECT_EQ(std::next(R.begin())->getLength(), 4u);
  EXPECT_EQ(Back->Message.Fix["/src/k.cuh"].begin()->getReplacementText(), "x");
  ASSERT_EQ(Back->Notes.size(), 1u);
  EXPECT_EQ(Back->Notes[0].Message, "first declared here");
  EXPECT_EQ(Back->Notes[0].FileOffset, 48u);
}

TEST(SideWorkerTest, MalformedDiagnosticsAreErrors) {
  for (llvm::StringRef Bad : {R"(7)", R"({"name": "x"})", R"({"level": 9, "message": {}})",
                              R"({"message": {"fix": {"a.cu": 3}}})"}) {
    auto V = llvm::json::parse(Bad);
    ASSERT_TRUE(bool(V));
    auto D = diagnosticFromJSON(*V);
    EXPECT_FALSE(bool(D)) << Bad.str();
    llvm::consumeError(D.takeError());
  }
}

TEST(SideWorkerTest, RequestRoundTrip) {
  AnalysisSide Side;
  Side.Name = "sm_90";
  Side.IsDevice = true;
  Side.Nvcc = true;
  Side.CommandLine = {"clang++", "-x", "cuda", "--cuda-device-only", "a b.cu"};
  LintSettings S;
  S.Defaults.Checks = "-*,cuda-*";
  S.Defaults.SystemHeaders = false;
  S.Defaults.HeaderFilterRegex = ".*";
  S.Overrides.Checks = "-*,cuda-wmma-*";
  S.Overrides.WarningsAsErrors = "cuda-wmma-divergent";
  S.Overrides.CheckOptions["cuda-x.Opt"] = tidy::ClangTidyOptions::ClangTidyValue("1");
  S.ConfigFileName = ".cuda-lint.yaml";
  S.ProfileChecks = true;
  S.PreambleDir = "/cache/pch";
  tidy::ClangTidyOptions::OptionMap Facts;
  Facts["CudaLint.GpuArchs"] = tidy::ClangTidyOptions::ClangTidyValue("sm_80,sm_90");

  std::string Text;
  llvm::raw_string_ostream(Text) << requestToJSON("/src/a b.cu", "/build", Side, S, Facts);
  auto V = llvm::json::parse(Text);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  auto R = requestFromJSON(*V);
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  EXPECT_EQ(R->File, "/src/a b.cu");
  EXPECT_EQ(R->Directory, "/build");
  EXPECT_EQ(R->Side.Name, "sm_90");
  EXPECT_TRUE(R->Side.IsDevice);
  EXPECT_TRUE(R->Side.Nvcc);
  EXPECT_EQ(R->Side.CommandLine, Side.CommandLine);
  EXPECT_EQ(R->Settings.Defaults.Checks.value_or(""), "-*,cuda-*");
  EXPECT_EQ(R->Settings.Defaults.SystemHeaders, std::optional<bool>(false));
  EXPECT_EQ(R->Settings.Overrides.Checks.value_or(""), "-*,cuda-wmma-*");
  EXPECT_EQ(R->Settings.Overrides.WarningsAsErrors.value_or(""), "cuda-wmma-divergent");
  EXPECT_EQ(R->Settings.Overrides.CheckOptions.lookup("cuda-x.Opt").Value, "1");
  EXPECT_FALSE(R->Settings.ExplicitConfig.has_value());
  EXPECT_TRUE(R->Settings.ProfileChecks);
  EXPECT_EQ(R->Settings.PreambleDir, "/cache/pch");
  EXPECT_EQ(R->Facts.lookup("CudaLint.GpuArchs").Value, "sm_80,sm_90");
}

TEST(SideWorkerTest, HostSideOfACudaUnitSkipsDeviceBodies) {
  // The host side of a CUDA unit leaves device bodies to its device sides;
  // the device sides and a plain C++ unit's only side parse every body. The
  // worker process gets the decision with the side.
  ClangCommand Cmd;
  Cmd.File = "/src/k.cu";
  Cmd.Directory = "/build";
  Cmd.IsCuda = true;
  Cmd.GpuArchs = {"sm_80", "sm_90"};
  SidePlanOptions Opts;
  Opts.CudaPath = "/usr/local/cuda";
  Opts.ResourceDir = "/resource";
  std::vector<AnalysisSide> Sides = planSides(Cmd, Opts);
  ASSERT_EQ(Sides.size(), 3u);
  EXPECT_EQ(Sides[0].Name, "host");
  EXPECT_TRUE(Sides[0].SkipsDeviceBodies);
  EXPECT_FALSE(Sides[1].SkipsDeviceBodies);
  EXPECT_FALSE(Sides[2].SkipsDeviceBodies);

  Cmd.IsCuda = false;
  Cmd.File = "/src/main.cpp";
  std::vector<AnalysisSide> Plain = planSides(Cmd, Opts);
  ASSERT_EQ(Plain.size(), 1u);
  EXPECT_FALSE(Plain[0].SkipsDeviceBodies);

  for (bool Skips : {true, false}) {
    AnalysisSide Host = Sides[0];
    Host.SkipsDeviceBodies = Skips;
    std::string Text;
    llvm::raw_string_ostream(Text) << requestToJSON("/src/k.cu", "/build", Host, LintSettings(), {});
    auto V = llvm::json::parse(Text);
    ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
    auto R = requestFromJSON(*V);
    ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
    EXPECT_EQ(R->Side.SkipsDeviceBodies, Skips);
  }
}

TEST(SideWorkerTest, ATimedOutWorkerIsKilled) {
  // A worker that never finishes (a script that sleeps) is killed at the
  // timeout, and the side is a tool failure that says so.
  llvm::SmallString<128> Script;
  int FD;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("cuda-lint-sleeper", "sh", FD, Script));
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << "#!/bin/sh\nprintf 'ready\\n' >&3\nexec sleep 60\n";
  }
  llvm::sys::fs::setPermissions(Script, llvm::sys::fs::perms(0700));
  WorkerOptions W;
  W.Executable = std::string(Script);
  W.TimeoutSeconds = 0.5;
  AnalysisSide Side;
  Side.Name = "host";
  LintSettings S;
  auto Start = std::chrono::steady_clock::now();
  SideResult R = lintSideInWorker(W, "/nonexistent.cu", "/", Side, S, {});
  double Secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  llvm::sys::fs::remove(Script);
  ASSERT_TRUE(R.ToolFailure.has_value());
  EXPECT_EQ(*R.ToolFailure, "timed out after 0.5 s (--timeout)");
  EXPECT_LT(Secs, 30.0); // not the script's 60 s
}

/// The tool failure of one host side run by \p Executable as its worker.
std::string toolFailureWith(const std::string &Executable) {
  WorkerOptions W;
  W.Executable = Executable;
  AnalysisSide Side;
  Side.Name = "host";
  LintSettings S;
  SideResult R = lintSideInWorker(W, "/nonexistent.cu", "/", Side, S, {});
  return R.ToolFailure.value_or("(none)");
}

TEST(SideWorkerTest, AWorkerThatEndsWithoutAnAnswerIsAToolFailure) {
  EXPECT_EQ(toolFailureWith("/bin/true"), "its worker process ended without a result");
}

TEST(SideWorkerTest, AWorkerThatCannotBeRunIsAToolFailure) {
  EXPECT_EQ(toolFailureWith("/nonexistent/cuda-lint"),
            "cannot start a worker process: /nonexistent/cuda-lint cannot be run (not found or "
            "not executable)");
}

/// A stand-in for `cuda-lint --side-worker-serve` (requests `REQUEST\0RESULT\0`
/// and answers on descriptor 3): answers each request with a result whose
/// effective checks name its process, and kills itself with SIGSEGV at its
/// request number \p CrashAt (0: never). With \p DeathSignal it sets
/// PR_SET_PDEATHSIG as the real worker does; it says `ready` after
/// \p StartSeconds.
std::string fakeWorker(unsigned CrashAt, bool DeathSignal = false, double StartSeconds = 0) {
  llvm::SmallString<128> Script;
  int FD;
  if (llvm::sys::fs::createTemporaryFile("cuda-lint-fake-worker", "py", FD, Script))
    return "";
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << "#!/usr/bin/env python3\n"
          "import ctypes, os, signal, sys\n";
    if (DeathSignal)
      OS << "ctypes.CDLL(None).prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL\n";
    OS << "import time\n"
          "time.sleep(" << StartSeconds << ")\n"
          "os.write(3, b'ready\\n')\n"
          "n, buf = 0, b''\n"
          "while True:\n"
          "    while buf.count(b'\\0') < 2:\n"
          "        data = os.read(3, 4096)\n"
          "        if not data:\n"
          "            sys.exit(0)\n"
          "        buf += data\n"
          "    req, res, buf = buf.split(b'\\0', 2)\n"
          "    n += 1\n"
          "    if n == " << CrashAt << ":\n"
          "        os.kill(os.getpid(), signal.SIGSEGV)\n"
          "    open(res, 'w').write('{\"effectiveChecks\":\"worker %d\"}' % os.getpid())\n"
          "    os.write(3, b'done\\n')\n";
  }
  llvm::sys::fs::setPermissions(Script, llvm::sys::fs::perms(0700));
  return std::string(Script);
}

std::vector<SideResult> runSides(const WorkerOptions &W, unsigned N) {
  AnalysisSide Side;
  Side.Name = "host";
  LintSettings S;
  std::vector<SideResult> Out;
  for (unsigned I = 0; I < N; ++I)
    Out.push_back(lintSideInWorker(W, "/nonexistent.cu", "/", Side, S, {}));
  shutdownSideWorkers();
  llvm::sys::fs::remove(W.Executable);
  return Out;
}

TEST(SideWorkerTest, AWorkersStartIsNotCountedInTheTimeout) {
  // A worker that takes a second to start (a loaded machine loading clang's
  // libraries) and then answers at once: a 0.5 s timeout is not reached, as
  // it is not for the sides that a started worker analyses next.
  WorkerOptions W;
  W.Executable = fakeWorker(0, false, /*StartSeconds=*/1.0);
  ASSERT_FALSE(W.Executable.empty());
  W.TimeoutSeconds = 0.5;
  std::vector<SideResult> R = runSides(W, 2);
  for (const SideResult &S : R)
    ASSERT_FALSE(S.ToolFailure.has_value()) << *S.ToolFailure;
}

TEST(SideWorkerTest, AWorkerAnalysesSeveralSides) {
  WorkerOptions W;
  W.Executable = fakeWorker(0);
  ASSERT_FALSE(W.Executable.empty());
  W.MaxSidesPerWorker = 2;
  std::vector<SideResult> R = runSides(W, 3);
  for (const SideResult &S : R)
    ASSERT_FALSE(S.ToolFailure.has_value()) << *S.ToolFailure;
  EXPECT_EQ(R[0].EffectiveChecks, R[1].EffectiveChecks); // the same process
  EXPECT_NE(R[1].EffectiveChecks, R[2].EffectiveChecks); // replaced after two sides
}

TEST(SideWorkerTest, ACrashAfterOtherSidesIsTriedAgainAlone) {
  // The worker crashes at its second request: the side is analysed again in
  // a new worker, whose first request succeeds; only a worker's first side
  // can be reported as a crash.
  WorkerOptions W;
  W.Executable = fakeWorker(2);
  ASSERT_FALSE(W.Executable.empty());
  std::vector<SideResult> R = runSides(W, 3);
  for (const SideResult &S : R)
    ASSERT_FALSE(S.ToolFailure.has_value()) << *S.ToolFailure;
  EXPECT_NE(R[0].EffectiveChecks, R[1].EffectiveChecks);
  EXPECT_NE(R[1].EffectiveChecks, R[2].EffectiveChecks);

  WorkerOptions First;
  First.Executable = fakeWorker(1);
  ASSERT_FALSE(First.Executable.empty());
  std::vector<SideResult> C = runSides(First, 1);
  ASSERT_TRUE(C[0].ToolFailure.has_value());
  EXPECT_NE(C[0].ToolFailure->find("the checker crashed (signal 11"), std::string::npos)
      << *C[0].ToolFailure;
}

TEST(SideWorkerTest, AWorkerOutlivesTheThreadThatStartedIt) {
  // A worker dies with the thread that forked it (PR_SET_PDEATHSIG, which
  // the real worker sets, as this stand-in does): an idle worker that a
  // finished analysis thread started must still serve the next thread.
  std::string Script = fakeWorker(0, /*DeathSignal=*/true);
  ASSERT_FALSE(Script.empty());
  WorkerOptions W;
  W.Executable = Script;
  AnalysisSide Side;
  Side.Name = "host";
  LintSettings S;
  SideResult First;
  std::thread([&] { First = lintSideInWorker(W, "/nonexistent.cu", "/", Side, S, {}); }).join();
  std::this_thread::sleep_for(std::chrono::milliseconds(300)); // a signal would have landed
  SideResult Second = lintSideInWorker(W, "/nonexistent.cu", "/", Side, S, {});
  shutdownSideWorkers();
  llvm::sys::fs::remove(Script);
  ASSERT_FALSE(First.ToolFailure.has_value()) << *First.ToolFailure;
  ASSERT_FALSE(Second.ToolFailure.has_value()) << *Second.ToolFailure;
  EXPECT_EQ(First.EffectiveChecks, Second.EffectiveChecks); // the same process
}

} // namespace
