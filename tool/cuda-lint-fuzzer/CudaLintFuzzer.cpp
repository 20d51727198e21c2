//===- CudaLintFuzzer.cpp - libFuzzer target: one CUDA unit, all rules ----===//
//
// cuda-lint-fuzzer [libFuzzer flags] [CORPUS-DIR... | INPUT...]
//
// Built with -DCUDA_LINT_FUZZER=ON (clang, libclang-rt-22-dev; docs/development.md).
// Each input is analysed as the .cu file /cuda-lint-fuzzer/input.cu, which exists
// only in memory, with the command cuda-lint uses for a file outside any compile
// database (an nvcc command, sm_90), on the host side and the sm_90 device side,
// with every rule enabled: the library entry points the command-line tool uses
// (fromCommandLineFlags, planSides, lintSide through lintSideWithOverlay, mergeSides),
// in this process, and nothing is written. A crash, an ASan or UBSan report, or a hang (libFuzzer's
// -timeout) is a bug; test/fuzz/ keeps the inputs that found one.
//
// Environment: CUDA_PATH (the toolkit, as for cuda-lint); CUDA_LINT_FUZZER_PRINT=1
// prints each input's findings on stderr.
//
//===----------------------------------------------------------------------===//
#include "driver/CompileCommands.h"
#include "driver/LintOverlay.h"
#include "driver/LintRunner.h"
#include "driver/SidePlan.h"
#include "driver/Toolchain.h"
#include "ClangTidyOptions.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <cstdlib>

using namespace cuda_lint;

extern volatile int CudaLintModuleAnchorSource;
static int LLVM_ATTRIBUTE_UNUSED CudaLintModuleAnchorDestination =
    CudaLintModuleAnchorSource;

namespace {
constexpr const char *InputFile = "/cuda-lint-fuzzer/input.cu";

struct FuzzSetup {
  SidePlanOptions Plan;
  LintSettings Settings;
};

FuzzSetup *Setup = nullptr;
} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  Setup = new FuzzSetup;
  auto Toolkit = findCudaToolkit("");
  if (!Toolkit) {
    llvm::errs() << "cuda-lint-fuzzer: " << llvm::toString(Toolkit.takeError()) << "\n";
    std::exit(2);
  }
  auto Resources = findClangResourceDir("");
  if (!Resources) {
    llvm::errs() << "cuda-lint-fuzzer: " << llvm::toString(Resources.takeError()) << "\n";
    std::exit(2);
  }
  Setup->Plan.CudaPath = *Toolkit;
  Setup->Plan.ResourceDir = *Resources;
  Setup->Plan.Devices.Mode = DeviceArchSelection::List;
  Setup->Plan.Devices.Archs = {"sm_90"};
  // cuda-lint's defaults (CudaLintMain.cpp), every rule.
  clang::tidy::ClangTidyOptions &D = Setup->Settings.Defaults;
  D = clang::tidy::ClangTidyOptions::getDefaults();
  D.Checks = "-*,cuda-*";
  D.HeaderFilterRegex = ".*";
  D.SystemHeaders = false;
  D.HeaderFileExtensions = {"h", "hh", "hpp", "hxx", "cuh", "inl"};
  D.ImplementationFileExtensions = {"c", "cc", "cpp", "cxx", "cu"};
  // No .cuda-lint.yaml is looked up above the in-memory file: the
  // configuration is this one.
  Setup->Settings.ExplicitConfig = clang::tidy::ClangTidyOptions();
  Setup->Settings.ExplicitConfig->Checks = "-*,cuda-*";
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  // clang's debugging pragmas (`#pragma clang __debug crash`, `__debug
  // llvm_fatal_error`, `__debug overflow_stack`) crash the front end on purpose;
  // cuda-lint survives them through its worker processes and crash recovery,
  // which the fuzzer leaves off (test/driver/tool-failures.test covers them).
  if (Text.contains("__debug"))
    return -1;
  auto Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Mem->addFile(InputFile, 0,
               llvm::MemoryBuffer::getMemBufferCopy(
                   Text, InputFile));
  TranslationUnitCommand TU = fromCommandLineFlags(InputFile, {});
  // The working directory must exist for the real file system under the overlay.
  TU.Command.Directory = "/";
  std::vector<AnalysisSide> Sides = planSides(TU.Command, Setup->Plan);
  clang::tidy::ClangTidyOptions::OptionMap Facts = TU.Facts;
  Facts.insert_or_assign("CudaLint.GpuArchs",
                         clang::tidy::ClangTidyOptions::ClangTidyValue("sm_90"));
  std::vector<std::optional<SideResult>> Results;
  for (const AnalysisSide &Side : Sides)
    Results.push_back(lintSideWithOverlay(InputFile, TU.Command.Directory, Side,
                                          Setup->Settings, Facts, Mem));
  TranslationUnitResult R = mergeSides(InputFile, Sides, std::move(Results));
  // CUDA_LINT_FUZZER_PRINT=1: what the input produced, one line per finding.
  static const bool Print = std::getenv("CUDA_LINT_FUZZER_PRINT") != nullptr;
  size_t Chars = 0;
  for (const Finding &F : R.Findings) {
    Chars += F.Error.Message.Message.size() + F.Error.DiagnosticName.size();
    if (Print)
      llvm::errs() << F.Error.Message.FileOffset << ": " << F.Error.Message.Message << " ["
                   << F.Error.DiagnosticName << "]\n";
  }
  for (const std::string &T : R.ToolFailures)
    llvm::errs() << "cuda-lint-fuzzer: tool failure: " << T << "\n";
  return Chars == SIZE_MAX ? 1 : 0;
}
