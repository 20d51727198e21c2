//===- CudaLintClangdMain.cpp - clangd 22 with the cuda-* checks inside ---===//
//
// cuda-lint-clangd is clangd 22 (clangdMain from Debian's libclangdMain.a)
// linked with the cuda-lint clang-tidy module. clangd cannot load plugins, so
// the module is linked whole into this program, and clangd's defaults are
// adjusted so that the checks work with no configuration at all (1 to 4) and
// so that a compile database cannot make it write files or load code (5):
//
//  1. the clang resource directory: clangd looks for it beside its own
//     executable (build/lib/clang/22 here, which does not exist), so unless
//     the user passes --resource-dir (on the command line or in
//     $CLANGD_FLAGS), `--resource-dir=<CUDA_LINT_RESOURCE_DIR>` is added;
//  2. the clang-tidy checks: clangd's provideDefaultChecks() (the last word
//     on `Checks` after .clang-tidy files and `.clangd` `Diagnostics:
//     ClangTidy:`) is wrapped so that `cuda-*` comes first in the glob list:
//     our checks are on for CUDA files without any `.clangd` file, and a user
//     who writes `Remove: [cuda-*]` (or `-cuda-*` in .clang-tidy) still turns
//     them off, because later globs win;
//  3. clangd's FastCheckFilter (default Strict: only checks that clangd's
//     built-in table calls fast run): isFastTidyCheck() is wrapped to answer
//     "fast" for cuda-* checks and clangd's own answer for the others;
//  4. the compile commands (CommandMangler, which clangd applies to every
//     command, from compile_commands.json, compile_flags.txt or its
//     fallback): an nvcc command line, which clang cannot read, is first
//     translated to clang's CUDA driver as the cuda-lint command line does
//     (cuda_lint::fromCompileCommand: -arch=sm_XX becomes --cuda-gpu-arch,
//     nvcc-only flags are dropped); then a CUDA file's command gets what nvcc
//     adds by itself and clang 22 does not:
//     `-isystem <cuda>/include/cccl` (CUDA 13 keeps CUB, Thrust and libcu++
//     there), and `--cuda-gpu-arch=sm_90` (cuda-lint's default) when the
//     command names no architecture; a `.cuh` file without `-x` is parsed as
//     CUDA.
//  5. the preamble: clangd parses the headers at the top of a file once, into
//     a precompiled preamble, and skips the bodies of the functions there
//     (Preamble.cpp sets FrontendOptions::SkipFunctionBodies; its callbacks'
//     shouldSkipFunctionBody() says "skip" for all but forwarding
//     templates). The analyses that follow `__device__` helpers into their
//     bodies (the uniformity analysis of cuda-wmma-divergent) then found no
//     body for a helper of a project header, and a finding that cuda-lint
//     reports was missing in the editor. clang::PrecompiledPreamble::Build is
//     wrapped so that the bodies of `__device__` and `__global__` functions
//     outside system headers are kept (parsed into the preamble, read back
//     from it on use); everything else is skipped as before, so the cost is
//     the parsing of the project's own device functions.
//
//  6. a compile database is untrusted input (docs/projects.md, Security):
//     clang commands lose the flags that could write files or load code
//     (cuda_lint::withoutUnsafeClangFlags; nvcc commands lose them in their
//     translation), and every compiler invocation clangd builds
//     (clang::clangd::buildCompilerInvocation) has its output, plugin and
//     module-cache options cleared (cuda_lint::withoutSideEffects).
//
//  8. the configuration files: clangd reads `.clang-tidy` files
//     (provideClangTidyFiles); cuda-lint-clangd reads `.clang-tidy` and
//     `.cuda-lint.yaml` instead, with the shared component the command line
//     uses (cuda_lint::configuredOptions, driver/Config.h), so that a rule
//     turned off in either file is off in the editor and on the command line
//     alike, with one precedence (docs/configuration.md). `.clangd`'s
//     `Diagnostics: ClangTidy:` still applies above both, as in clangd.
//
//  7. the compiler diagnostics a rule owns (front matter
//     `clang-diagnostics:` of docs/rules/*.md, e.g. "initialization is not
//     supported for __shared__ variables"): the rule reports them itself
//     under its id, so clangd's own copy ([shared_var_init]) is suppressed,
//     as cuda-lint relabels it (clangd's isDiagnosticSuppressed() is wrapped).
//     A rule disabled in clangd's configuration takes its error with it, as on
//     an nvcc command of cuda-lint.
//
//  9. `--check=FILE` prints every diagnostic an editor receives, not only
//     the errors clangd's own check mode prints: the program runs itself as
//     a language server and is its client (checkAsClient, below main's
//     helpers).
//
// (2) to (8) use the static linker's --wrap: every call from clangd's
// objects to clang::clangd::provideDefaultChecks(),
// clang::clangd::provideClangTidyFiles(ThreadsafeFS &),
// clang::clangd::isFastTidyCheck(llvm::StringRef),
// clang::clangd::CommandMangler::operator(), clang::PrecompiledPreamble::Build,
// clang::clangd::buildCompilerInvocation() and
// clang::clangd::isDiagnosticSuppressed() land in the __wrap_ functions below, which call the originals through
// __real_. The signatures are those of clangd 22's TidyProvider.h and
// CompileCommands.h (not installed by Debian) and of
// clang/Frontend/PrecompiledPreamble.h.
//
//===----------------------------------------------------------------------===//
#include "Attributes.h"
#include "driver/InputFiles.h"
#include "CudaCheck.h"
#include "ClangTidyOptions.h"
#include "RuleCatalog.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/LangOptions.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Regex.h"
#include "driver/CompileCommands.h"
#include "driver/Config.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "analysis/PreambleIdentity.h"
#include "checks/ConstantSizeCheck.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Lex/PPCallbacks.h"
#include "driver/CompatHeader.h"
#include "driver/LintRunner.h"
#include "driver/NvccTolerance.h"
#include "driver/NvccTranslation.h"
#include "driver/SidePlan.h"
#include "ClangTidyCheck.h"
#include "ClangTidyModule.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <algorithm>
#include <chrono>
#include <csignal>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang::clangd {
int clangdMain(int argc, char *argv[]);
} // namespace clang::clangd

/// Defined in CudaTidyModule.cpp; referencing it keeps the module.
extern volatile int CudaLintModuleAnchorSource;

namespace {
/// clangd's TidyProvider (TidyProvider.h): adjusts the clang-tidy options of
/// the file named by the second argument.
using TidyProvider = llvm::unique_function<void(
    clang::tidy::ClangTidyOptions &, llvm::StringRef) const>;

/// The glob put first in clangd's clang-tidy `Checks`.
constexpr const char *CudaChecksGlob = "cuda-*";

/// The compiler each file's compile command names (true: nvcc), recorded by
/// the command mangler and given to the checks as the fact
/// CudaLint.BuildCompiler by the tidy provider, as cuda-lint does: portability
/// findings follow the compiler the project builds with. A file without a
/// compile command (clangd's fallback) counts as nvcc's, as on the command
/// line.
std::mutex BuildCompilerMutex;
llvm::StringMap<bool> NvccBuiltFiles;

std::string absoluteFile(llvm::StringRef File, llvm::StringRef Directory) {
  llvm::SmallString<256> P(File);
  if (!llvm::sys::path::is_absolute(P)) {
    P = Directory;
    llvm::sys::path::append(P, File);
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

void recordBuildCompiler(llvm::StringRef File, bool Nvcc) {
  std::lock_guard<std::mutex> L(BuildCompilerMutex);
  NvccBuiltFiles[File] = Nvcc;
}

std::optional<bool> builtWithNvcc(llvm::StringRef File) {
  llvm::SmallString<256> P(File);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  std::lock_guard<std::mutex> L(BuildCompilerMutex);
  auto It = NvccBuiltFiles.find(P);
  if (It == NvccBuiltFiles.end())
    return std::nullopt;
  return It->second;
}

bool mentionsResourceDir(llvm::StringRef Args) {
  return Args.contains("-resource-dir");
}

/// The CUDA toolkit a command uses: its --cuda-path, else $CUDA_PATH, the
/// toolkit of the nvcc on the PATH, /usr/local/cuda (as cuda-lint looks).
std::string cudaPathOf(const std::vector<std::string> &Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A.consume_front("--cuda-path="))
      return A.str();
    if (A == "--cuda-path" && I + 1 < Args.size())
      return Args[I + 1];
  }
  if (const char *Env = std::getenv("CUDA_PATH"); Env && *Env)
    return Env;
  if (auto Nvcc = llvm::sys::findProgramByName("nvcc")) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(*Nvcc, Real))
      return llvm::sys::path::parent_path(llvm::sys::path::parent_path(Real))
          .str();
  }
  return "/usr/local/cuda";
}

/// Whether \p Compiler (argv[0] of a compile command) is nvcc.
bool isNvccCommand(llvm::StringRef Compiler) {
  llvm::StringRef Name = llvm::sys::path::stem(Compiler);
  return Name == "nvcc" || Name.ends_with("-nvcc");
}

/// Rewrites an nvcc compile command as the clang command cuda-lint would
/// analyse (its first device side is what clangd parses): the translated
/// flags, one --cuda-gpu-arch per real architecture, then the file.
/// Where the response files of \p File's command may be read from, as the
/// command-line tool allows (driver/NvccTranslation.h, ResponseFilePolicy):
/// the tree of the directory holding the compile database clang-tidy would
/// find for the file, else the file's own directory.
/// Plus the trees the user named when starting the server: clangd's
/// --compile-commands-dir (the database the user chose, wherever it is) and
/// cuda-lint-clangd's own --allow-response-files-in (as the command line's).
/// Set once in main, before clangd starts its threads; read-only afterwards.
std::vector<std::string> &userResponseFileTrees() {
  static std::vector<std::string> Trees;
  return Trees;
}

/// The real path of directory \p Dir (absolute, dots removed, links
/// resolved), or nothing when it does not exist.
std::optional<std::string> realDirectory(llvm::StringRef Dir) {
  llvm::SmallString<256> A(Dir);
  llvm::sys::fs::make_absolute(A);
  llvm::sys::path::remove_dots(A, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(A, Real) || !llvm::sys::fs::is_directory(Real))
    return std::nullopt;
  return std::string(Real);
}

cuda_lint::ResponseFilePolicy responseFilePolicyFor(llvm::StringRef File) {
  cuda_lint::ResponseFilePolicy Policy;
  Policy.RestrictToTrees = true;
  std::string Dir = cuda_lint::findCompilationDatabaseFor(File);
  if (Dir.empty())
    Dir = llvm::sys::path::parent_path(File).str();
  if (std::optional<std::string> Real = realDirectory(Dir))
    Policy.AllowedTrees.push_back(std::move(*Real));
  for (const std::string &T : userResponseFileTrees())
    Policy.AllowedTrees.push_back(T);
  return Policy;
}

void translateNvccCommand(clang::tooling::CompileCommand &Cmd, llvm::StringRef File) {
  cuda_lint::TranslationUnitCommand TU =
      cuda_lint::fromCompileCommand(Cmd, responseFilePolicyFor(File));
  std::vector<std::string> Args{"clang++"};
  bool HasLanguage = llvm::any_of(TU.Command.Flags, [](const std::string &F) {
    return llvm::StringRef(F).starts_with("-x");
  });
  if (TU.Command.IsCuda && !HasLanguage)
    Args.push_back("-xcuda");
  if (TU.Command.IsCuda) {
    // nvcc's predefined macros, before the command's own -D and -U (which
    // win, as over nvcc's), as on cuda-lint's sides (SidePlan.h): the
    // toolkit's version macros, and the architecture-specific ones of the
    // device side clangd parses (the first architecture).
    std::vector<std::string> Macros = cuda_lint::nvccMacroFlags(cudaPathOf(TU.Command.Flags));
    Args.insert(Args.end(), Macros.begin(), Macros.end());
    if (!TU.Command.GpuArchs.empty()) {
      const std::string &First = TU.Command.GpuArchs.front();
      std::vector<std::string> Arch = cuda_lint::nvccArchMacroFlags(
          First, llvm::is_contained(TU.Command.FamilyOnlyArchs, First));
      Args.insert(Args.end(), Arch.begin(), Arch.end());
    }
  }
  Args.insert(Args.end(), TU.Command.Flags.begin(), TU.Command.Flags.end());
  for (const std::string &Arch : TU.Command.GpuArchs)
    Args.push_back("--cuda-gpu-arch=" + Arch);
  Args.push_back(TU.Command.File);
  Cmd.CommandLine = std::move(Args);
}

/// The directory holding cuda-lint's two compatibility headers
/// (driver/CompatHeader.h) as files: cuda-lint keeps them in an in-memory file
/// system, which clangd's file system cannot be given, so they are written
/// once per process into a fresh directory of the temporary directory and
/// removed at exit. Empty when that fails (then no header is included).
const std::string &compatHeaderDirectory() {
  static const std::string Dir = [] {
    llvm::SmallString<128> D;
    if (llvm::sys::fs::createUniqueDirectory("cuda-lint-clangd", D))
      return std::string();
    for (auto [Path, Text] :
         {std::pair{cuda_lint::compatHeaderPath(), cuda_lint::compatHeaderText()},
          std::pair{cuda_lint::nvccCompatHeaderPath(), cuda_lint::nvccCompatHeaderText()}}) {
      llvm::SmallString<128> F(D);
      llvm::sys::path::append(F, llvm::sys::path::filename(Path));
      std::error_code EC;
      llvm::raw_fd_ostream OS(F, EC);
      if (EC)
        return std::string();
      OS << Text;
    }
    std::string Result(D);
    static std::string ToRemove = Result;
    std::atexit([] {
      for (llvm::StringRef Path :
           {cuda_lint::compatHeaderPath(), cuda_lint::nvccCompatHeaderPath()}) {
        llvm::SmallString<128> F(ToRemove);
        llvm::sys::path::append(F, llvm::sys::path::filename(Path));
        llvm::sys::fs::remove(F);
      }
      llvm::sys::fs::remove(ToRemove);
    });
    return Result;
  }();
  return Dir;
}

/// Removes from a clang command (of compile_commands.json, compile_flags.txt
/// or clangd's fallback) the flags that could write files or load code
/// (cuda_lint::withoutUnsafeClangFlags; nvcc commands get the same through
/// their translation). Each is logged once on stderr, clangd's log.
void dropUnsafeFlags(clang::tooling::CompileCommand &Cmd, llvm::StringRef File) {
  std::vector<cuda_lint::DroppedFlag> Dropped;
  // Response files as the command-line tool reads them (clangd's own
  // expansion is off: __wrap_ expandResponseFiles below).
  Cmd.CommandLine = cuda_lint::expandResponseFilesSafely(Cmd.CommandLine, Cmd.Directory,
                                                         responseFilePolicyFor(File), Dropped);
  Cmd.CommandLine = cuda_lint::withoutUnsafeClangFlags(Cmd.CommandLine, Dropped);
  static std::mutex M;
  static std::set<std::string> Logged;
  std::lock_guard<std::mutex> L(M);
  for (const cuda_lint::DroppedFlag &F : Dropped)
    if (Logged.insert(F.describe()).second)
      llvm::errs() << "cuda-lint-clangd: ignoring " << F.describe() << " (" << F.Reason
                   << ")\n";
}

/// Adds to a mangled clangd compile command of a CUDA file what nvcc would
/// use and clang does not (see the file comment, point 4). Arguments go
/// before the `--` that precedes the file name.
void adjustCudaCommand(clang::tooling::CompileCommand &Cmd,
                       llvm::StringRef File, bool Nvcc) {
  std::vector<std::string> &Args = Cmd.CommandLine;
  auto End = std::find(Args.begin(), Args.end(), "--");
  std::vector<std::string> Flags(Args.begin(), End);
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  bool HasLanguage = false, IsCuda = false, HasArch = false, HasCccl = false;
  for (size_t I = 0; I < Flags.size(); ++I) {
    llvm::StringRef A = Flags[I];
    if (A == "-x" && I + 1 < Flags.size()) {
      HasLanguage = true;
      IsCuda = llvm::StringRef(Flags[I + 1]).starts_with("cuda");
    } else if (A.consume_front("-x") && !A.empty()) {
      HasLanguage = true;
      IsCuda = A.starts_with("cuda");
    } else if (A.starts_with("--cuda-gpu-arch") ||
               A.starts_with("--offload-arch")) {
      HasArch = true;
    } else if (A.contains("include/cccl")) {
      HasCccl = true;
    }
  }
  if (!HasLanguage)
    IsCuda = cuda_lint::isCudaFileName(File);
  if (!IsCuda)
    return;
  std::vector<std::string> Extra;
  if (!HasLanguage && Ext == ".cuh")
    Extra.push_back("-xcuda");
  if (!HasArch)
    Extra.push_back("--cuda-gpu-arch=sm_90");
  std::string Cccl = cudaPathOf(Flags) + "/include/cccl";
  if (!HasCccl && llvm::sys::fs::is_directory(Cccl))
    Extra.push_back("-isystem" + Cccl);
  // The compatibility headers, as on cuda-lint's sides: the first on every
  // CUDA command, the second on nvcc's (host math and clock(), __managed__,
  // the cache-hinted load/store overloads, nvcc's atomic built-ins).
  if (const std::string &Dir = compatHeaderDirectory(); !Dir.empty()) {
    auto Include = [&](llvm::StringRef Header) {
      llvm::SmallString<128> F(Dir);
      llvm::sys::path::append(F, llvm::sys::path::filename(Header));
      Extra.push_back("-include");
      Extra.push_back(std::string(F));
    };
    Include(cuda_lint::compatHeaderPath());
    if (Nvcc)
      Include(cuda_lint::nvccCompatHeaderPath());
  }
  Args.insert(End, Extra.begin(), Extra.end());
}

/// clangd's preamble callbacks, except that the bodies of the device
/// functions of the project's own headers are not skipped (point 5).
class DeviceBodyKeepingCallbacks : public clang::PreambleCallbacks {
public:
  explicit DeviceBodyKeepingCallbacks(clang::PreambleCallbacks &Inner)
      : Inner(Inner) {}

  void BeforeExecute(clang::CompilerInstance &CI) override {
    SM = &CI.getSourceManager();
    Inner.BeforeExecute(CI);
  }
  void AfterExecute(clang::CompilerInstance &CI) override {
    // Only the device side counts constant memory (cuda-constant-size).
    ConstantFree = CI.getLangOpts().CUDAIsDevice &&
                   !cuda_lint::preambleDeclaresConstantMemory(CI.getASTContext());
    Inner.AfterExecute(CI);
  }
  void AfterPCHEmitted(clang::ASTWriter &Writer) override {
    Inner.AfterPCHEmitted(Writer);
  }
  void HandleTopLevelDecl(clang::DeclGroupRef DG) override {
    Inner.HandleTopLevelDecl(DG);
  }
  std::unique_ptr<clang::PPCallbacks> createPPCallbacks() override {
    return Inner.createPPCallbacks();
  }
  clang::CommentHandler *getCommentHandler() override {
    return Inner.getCommentHandler();
  }
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    if (keepsBody(D))
      return false;
    return Inner.shouldSkipFunctionBody(D);
  }

  /// The preamble's AST declared no constant memory (a device side).
  bool ConstantFree = false;

private:
  clang::PreambleCallbacks &Inner;
  const clang::SourceManager *SM = nullptr;

  /// A `__device__` or `__global__` function (or template) outside system
  /// headers.
  bool keepsBody(const clang::Decl *D) const {
    const clang::FunctionDecl *FD = D ? D->getAsFunction() : nullptr;
    if (!FD || !SM ||
        !(FD->hasAttr<clang::CUDADeviceAttr>() ||
          FD->hasAttr<clang::CUDAGlobalAttr>()))
      return false;
    clang::SourceLocation L = FD->getLocation();
    return L.isValid() && !SM->isInSystemHeader(SM->getExpansionLoc(L));
  }
};
/// The inline-asm tolerance of nvcc commands (driver/NvccTolerance.h) in
/// clangd: the diagnostics' level adjuster (isDiagnosticSuppressed, wrapped
/// below) holds back clang's "invalid % escape" error of a file built with
/// nvcc, and the check NvccAsmRecheck, which runs once the unit is parsed,
/// decides them again with the escapes nvcc passes on doubled (`%laneid`
/// becomes `%%laneid`) and reports what clang still finds. One parse at a
/// time runs on a thread: the state is the thread's, tied to the parse's
/// SourceManager. Not in the preamble (no check runs there): clang's error in
/// a header stays.
struct AsmToleranceState {
  cuda_lint::NvccTolerance Tolerance;
  const clang::SourceManager *SM = nullptr;
  std::string MainFile;
};
thread_local std::unique_ptr<AsmToleranceState> AsmState;
thread_local bool InPreambleBuild = false;
/// While NvccAsmRecheck reports what the re-check still finds: those errors
/// are final (the state they were held in is gone by then).
thread_local bool ReportingAsm = false;

std::string mainFileName(const clang::SourceManager &SM) {
  if (clang::OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getMainFileID()))
    return std::string(FE->getName());
  return "";
}

/// Whether \p Info is an asm error of an nvcc-built file to decide again
/// later (see AsmToleranceState).
bool holdBackAsmError(const clang::Diagnostic &Info) {
  unsigned ID = Info.getID();
  if (InPreambleBuild || ReportingAsm || !Info.hasSourceManager() ||
      (ID != clang::diag::err_asm_invalid_escape && ID != clang::diag::err_expected &&
       !cuda_lint::isAsmOperandStringError(ID)))
    return false;
  const clang::SourceManager &SM = Info.getSourceManager();
  std::string Main = mainFileName(SM);
  std::optional<bool> Nvcc = builtWithNvcc(Main);
  if (Main.empty() || !Nvcc || !*Nvcc)
    return false;
  if (!AsmState || AsmState->SM != &SM || AsmState->MainFile != Main) {
    AsmState = std::make_unique<AsmToleranceState>();
    AsmState->SM = &SM;
    AsmState->MainFile = Main;
  }
  return AsmState->Tolerance.holdBack(clang::DiagnosticsEngine::Error, Info);
}

/// Decides the asm errors held back in this unit (see AsmToleranceState). A
/// clangd-only check: `cuda-*` enables it with the rules; it reports nothing
/// under its own name.
class NvccAsmRecheck : public clang::tidy::ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;
  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override {
    return LO.CUDA;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override {
    Finder->addMatcher(clang::ast_matchers::translationUnitDecl().bind("tu"), this);
  }
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override {
    if (!AsmState || AsmState->SM != Result.SourceManager)
      return;
    std::unique_ptr<AsmToleranceState> State = std::move(AsmState);
    ReportingAsm = true;
    State->Tolerance.reanalyse(*Result.Context, Result.Context->getDiagnostics());
    ReportingAsm = false;
  }
};

class ClangdOnlyModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<NvccAsmRecheck>("cuda-lint-clangd-nvcc-asm");
  }
};
clang::tidy::ClangTidyModuleRegistry::Add<ClangdOnlyModule>
    ClangdOnlyModuleRegistration("cuda-lint-clangd",
                                 "cuda-lint-clangd's nvcc inline-asm tolerance");

/// Whether \p Info is a compiler diagnostic that a cuda-lint rule owns.
bool isOwnedDiagnostic(const clang::Diagnostic &Info) {
  static const auto *Patterns = [] {
    auto *P = new std::vector<llvm::Regex>();
    for (const cuda_lint::RuleInfo &R : cuda_lint::allRules())
      for (const std::string &D : R.ClangDiagnostics)
        P->emplace_back(D);
    return P;
  }();
  if (Patterns->empty() || Info.getID() >= clang::diag::DIAG_UPPER_LIMIT)
    return false; // a clang-tidy check's own diagnostic (custom ID)
  llvm::SmallString<128> Message;
  Info.FormatDiagnostic(Message);
  return llvm::any_of(*Patterns, [&](const llvm::Regex &R) { return R.match(Message); });
}
/// Hashes the PCH of \p P, a preamble just built, once for the checks'
/// preamble caches (analysis/PreambleIdentity.h): without it
/// cuda-constant-size hashed the whole PCH (12.6 M instructions on
/// cudaTensorCoreGemm.cu) on every edit. The PCH is found as the ASTs built on
/// the preamble find it, through the file system AddImplicitPreamble sets up.
/// A preamble in memory is registered by address only when that file system
/// hands out the preamble's own bytes (the same address on two reads), which
/// stay put while the preamble lives; one on disk (`--pch-storage=disk`) by
/// its file, a temporary file of its own that clangd removes with it.
///
/// Returns the preamble's identity (preambleBytesIdentity: what the ASTs
/// built on it compute) once registered; std::nullopt when it is not.
std::optional<uint64_t> registerPreamble(const clang::PrecompiledPreamble &P,
                                         const clang::CompilerInvocation &Invocation,
                                         llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                                         bool InMemory) {
  clang::CompilerInvocation CI(Invocation);
  std::unique_ptr<llvm::MemoryBuffer> Main = llvm::MemoryBuffer::getMemBuffer("");
  P.AddImplicitPreamble(CI, FS, Main.get());
  const std::string &PCH = CI.getPreprocessorOpts().ImplicitPCHInclude;
  if (PCH.empty() || !FS)
    return std::nullopt;
  auto First = FS->getBufferForFile(PCH, -1, /*RequiresNullTerminator=*/false);
  if (!First)
    return std::nullopt;
  if (!InMemory) {
    cuda_lint::registerPreambleBytes((*First)->getBuffer(), PCH);
    return cuda_lint::preambleBytesIdentity((*First)->getBuffer(), PCH);
  }
  auto Second = FS->getBufferForFile(PCH, -1, /*RequiresNullTerminator=*/false);
  if (!Second || (*First)->getBufferStart() != (*Second)->getBufferStart() ||
      (*First)->getBufferSize() != P.getSize())
    return std::nullopt;
  cuda_lint::registerPreambleBytes((*First)->getBuffer());
  return cuda_lint::preambleBytesIdentity((*First)->getBuffer());
}

} // namespace

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wreturn-type-c-linkage"
#endif
extern "C" {
// clang::clangd::provideDefaultChecks()
TidyProvider __real__ZN5clang6clangd20provideDefaultChecksEv();
TidyProvider __wrap__ZN5clang6clangd20provideDefaultChecksEv() {
  return [Default = __real__ZN5clang6clangd20provideDefaultChecksEv()](
             clang::tidy::ClangTidyOptions &Opts, llvm::StringRef File) {
    // clangd's defaults apply when nothing configured any check; ours go
    // first either way, so that any configuration can still remove them.
    Default(Opts, File);
    std::string Checks = CudaChecksGlob;
    if (Opts.Checks && !Opts.Checks->empty())
      Checks += "," + *Opts.Checks;
    Opts.Checks = std::move(Checks);
    if (std::optional<bool> Nvcc = builtWithNvcc(File))
      Opts.CheckOptions.insert_or_assign(
          cuda_lint::BuildCompilerFact,
          clang::tidy::ClangTidyOptions::ClangTidyValue(*Nvcc ? "nvcc" : "clang"));
  };
}

// clang::clangd::provideClangTidyFiles(clang::clangd::ThreadsafeFS &)
// (ThreadsafeFS is clangd's, not installed: the files are read from the real
// file system, as the command line reads them; point 8.)
TidyProvider __wrap__ZN5clang6clangd21provideClangTidyFilesERNS0_12ThreadsafeFSE(void *) {
  return [](clang::tidy::ClangTidyOptions &Opts, llvm::StringRef File) {
    Opts.mergeWith(cuda_lint::configuredOptions(File), 0);
  };
}

// clang::clangd::isFastTidyCheck(llvm::StringRef)
std::optional<bool>
__real__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE(llvm::StringRef);
std::optional<bool>
__wrap__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE(
    llvm::StringRef Check) {
  if (Check.starts_with("cuda-"))
    return true;
  return __real__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE(Check);
}

// std::unique_ptr<CompilerInvocation> clang::clangd::buildCompilerInvocation(
//     const ParseInputs &, DiagnosticConsumer &, std::vector<std::string> *)
// (ParseInputs is clangd's, not installed: passed through untouched.)
std::unique_ptr<clang::CompilerInvocation>
__real__ZN5clang6clangd23buildCompilerInvocationERKNS0_11ParseInputsERNS_18DiagnosticConsumerEPSt6vectorINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESaISC_EE(
    const void *Inputs, clang::DiagnosticConsumer &D, std::vector<std::string> *CC1Args);
std::unique_ptr<clang::CompilerInvocation>
__wrap__ZN5clang6clangd23buildCompilerInvocationERKNS0_11ParseInputsERNS_18DiagnosticConsumerEPSt6vectorINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESaISC_EE(
    const void *Inputs, clang::DiagnosticConsumer &D, std::vector<std::string> *CC1Args) {
  std::unique_ptr<clang::CompilerInvocation> CI =
      __real__ZN5clang6clangd23buildCompilerInvocationERKNS0_11ParseInputsERNS_18DiagnosticConsumerEPSt6vectorINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESaISC_EE(
          Inputs, D, CC1Args);
  if (CI)
    cuda_lint::withoutSideEffects(*CI);
  return CI;
}

// bool clang::clangd::isDiagnosticSuppressed(const clang::Diagnostic &,
//     const llvm::StringSet<> &Suppress, const LangOptions &)
bool __real__ZN5clang6clangd22isDiagnosticSuppressedERKNS_10DiagnosticERKN4llvm9StringSetINS4_15MallocAllocatorEEERKNS_11LangOptionsE(
    const clang::Diagnostic &, const llvm::StringSet<> &, const clang::LangOptions &);
bool __wrap__ZN5clang6clangd22isDiagnosticSuppressedERKNS_10DiagnosticERKN4llvm9StringSetINS4_15MallocAllocatorEEERKNS_11LangOptionsE(
    const clang::Diagnostic &Info, const llvm::StringSet<> &Suppress,
    const clang::LangOptions &LO) {
  return __real__ZN5clang6clangd22isDiagnosticSuppressedERKNS_10DiagnosticERKN4llvm9StringSetINS4_15MallocAllocatorEEERKNS_11LangOptionsE(
             Info, Suppress, LO) ||
         (LO.CUDA && (isOwnedDiagnostic(Info) || holdBackAsmError(Info)));
}

// void clang::clangd::CommandMangler::operator()(
//     tooling::CompileCommand &, llvm::StringRef TargetFile) const
void __real__ZNK5clang6clangd14CommandManglerclERNS_7tooling14CompileCommandEN4llvm9StringRefE(
    const void *This, clang::tooling::CompileCommand &Cmd,
    llvm::StringRef TargetFile);
void __wrap__ZNK5clang6clangd14CommandManglerclERNS_7tooling14CompileCommandEN4llvm9StringRefE(
    const void *This, clang::tooling::CompileCommand &Cmd,
    llvm::StringRef TargetFile) {
  bool Nvcc = !Cmd.CommandLine.empty() && isNvccCommand(Cmd.CommandLine.front());
  std::string File = absoluteFile(TargetFile.empty() ? llvm::StringRef(Cmd.Filename)
                                                     : TargetFile,
                                  Cmd.Directory);
  recordBuildCompiler(File, Nvcc || llvm::StringRef(Cmd.Heuristic).contains("fallback"));
  if (Nvcc)
    translateNvccCommand(Cmd, File);
  else
    dropUnsafeFlags(Cmd, File);
  __real__ZNK5clang6clangd14CommandManglerclERNS_7tooling14CompileCommandEN4llvm9StringRefE(
      This, Cmd, TargetFile);
  adjustCudaCommand(Cmd, TargetFile.empty() ? llvm::StringRef(Cmd.Filename)
                                            : TargetFile,
                    Nvcc || llvm::StringRef(Cmd.Heuristic).contains("fallback"));
}

// std::unique_ptr<CompilationDatabase> clang::tooling::expandResponseFiles(
//     std::unique_ptr<CompilationDatabase>, IntrusiveRefCntPtr<vfs::FileSystem>)
// clangd wraps every compilation database it loads in this expansion, which
// reads any `@file` a database names, whatever it is: `@/dev/zero` grows
// without end and a FIFO blocks the server. A compile database is untrusted
// input: the database is returned as it is, and the command mangler above
// expands response files under cuda-lint's policy (regular files of at most
// 1 MiB; translateCompileCommand for nvcc commands, expandResponseFilesSafely
// for the others).
std::unique_ptr<clang::tooling::CompilationDatabase>
__wrap__ZN5clang7tooling19expandResponseFilesESt10unique_ptrINS0_19CompilationDatabaseESt14default_deleteIS2_EEN4llvm18IntrusiveRefCntPtrINS6_3vfs10FileSystemEEE(
    std::unique_ptr<clang::tooling::CompilationDatabase> Base,
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>) {
  return Base;
}

// llvm::ErrorOr<clang::PrecompiledPreamble> clang::PrecompiledPreamble::Build(
//     const CompilerInvocation &, const llvm::MemoryBuffer *, PreambleBounds,
//     IntrusiveRefCntPtr<DiagnosticsEngine>,
//     IntrusiveRefCntPtr<llvm::vfs::FileSystem>,
//     std::shared_ptr<PCHContainerOperations>, bool StoreInMemory,
//     StringRef StoragePath, PreambleCallbacks &)
llvm::ErrorOr<clang::PrecompiledPreamble>
__real__ZN5clang19PrecompiledPreamble5BuildERKNS_18CompilerInvocationEPKN4llvm12MemoryBufferENS_14PreambleBoundsENS4_18IntrusiveRefCntPtrINS_17DiagnosticsEngineEEENS9_INS4_3vfs10FileSystemEEESt10shared_ptrINS_22PCHContainerOperationsEEbNS4_9StringRefERNS_17PreambleCallbacksE(
    const clang::CompilerInvocation &Invocation,
    const llvm::MemoryBuffer *MainFileBuffer, clang::PreambleBounds Bounds,
    llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diagnostics,
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> VFS,
    std::shared_ptr<clang::PCHContainerOperations> PCHContainerOps,
    bool StoreInMemory, llvm::StringRef StoragePath,
    clang::PreambleCallbacks &Callbacks);
llvm::ErrorOr<clang::PrecompiledPreamble>
__wrap__ZN5clang19PrecompiledPreamble5BuildERKNS_18CompilerInvocationEPKN4llvm12MemoryBufferENS_14PreambleBoundsENS4_18IntrusiveRefCntPtrINS_17DiagnosticsEngineEEENS9_INS4_3vfs10FileSystemEEESt10shared_ptrINS_22PCHContainerOperationsEEbNS4_9StringRefERNS_17PreambleCallbacksE(
    const clang::CompilerInvocation &Invocation,
    const llvm::MemoryBuffer *MainFileBuffer, clang::PreambleBounds Bounds,
    llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diagnostics,
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> VFS,
    std::shared_ptr<clang::PCHContainerOperations> PCHContainerOps,
    bool StoreInMemory, llvm::StringRef StoragePath,
    clang::PreambleCallbacks &Callbacks) {
  struct PreambleScope { // no asm error is held back in a preamble
    PreambleScope() { InPreambleBuild = true; }
    ~PreambleScope() { InPreambleBuild = false; }
  } Scope;
  if (std::getenv("CUDA_LINT_CLANGD_SKIP_DEVICE_BODIES")) // for measurements
    return __real__ZN5clang19PrecompiledPreamble5BuildERKNS_18CompilerInvocationEPKN4llvm12MemoryBufferENS_14PreambleBoundsENS4_18IntrusiveRefCntPtrINS_17DiagnosticsEngineEEENS9_INS4_3vfs10FileSystemEEESt10shared_ptrINS_22PCHContainerOperationsEEbNS4_9StringRefERNS_17PreambleCallbacksE(
        Invocation, MainFileBuffer, Bounds, std::move(Diagnostics),
        std::move(VFS), std::move(PCHContainerOps), StoreInMemory,
        StoragePath, Callbacks);
  DeviceBodyKeepingCallbacks Keeping(Callbacks);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> BaseFS = VFS;
  llvm::ErrorOr<clang::PrecompiledPreamble> Built =
      __real__ZN5clang19PrecompiledPreamble5BuildERKNS_18CompilerInvocationEPKN4llvm12MemoryBufferENS_14PreambleBoundsENS4_18IntrusiveRefCntPtrINS_17DiagnosticsEngineEEENS9_INS4_3vfs10FileSystemEEESt10shared_ptrINS_22PCHContainerOperationsEEbNS4_9StringRefERNS_17PreambleCallbacksE(
          Invocation, MainFileBuffer, Bounds, std::move(Diagnostics),
          std::move(VFS), std::move(PCHContainerOps), StoreInMemory, StoragePath,
          Keeping);
  if (Built) {
    std::optional<uint64_t> Identity =
        registerPreamble(*Built, Invocation, std::move(BaseFS), StoreInMemory);
    // cuda-constant-size then walks only the unit's own declarations, from
    // the first AST on (not every declaration of the preamble, loaded again).
    if (Identity && Keeping.ConstantFree)
      cuda_lint::recordConstantFreePreamble(*Identity);
  }
  return Built;
}
}
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

// ---------------------------------------------------------------------------
// `--check=FILE`: what an editor receives, on the terminal.
//
// clangd's own check mode (clangd --check) prints only the diagnostics of
// error severity, from a function of clangd that cannot be wrapped. Instead,
// cuda-lint-clangd --check=FILE starts itself as a language server (same
// arguments, without --check, with --background-index=false so that nothing
// is written into the project), opens FILE as an editor does (initialize,
// initialized, textDocument/didOpen), waits for the textDocument/
// publishDiagnostics of FILE and prints every diagnostic it carries, with
// its severity, code and source, and each related location as a note; then
// shutdown and exit. The server's log (clangd's, with the compile command
// it uses) goes to stderr as before. The exit status is 1 when a diagnostic
// of error severity was received (as clangd --check), 2 when the server
// failed or did not answer, else 0.
// ---------------------------------------------------------------------------
namespace {

/// How long --check waits for the server (initialize to diagnostics).
constexpr int CheckTimeoutSeconds = 600;

/// `file://` URI of an absolute path: the bytes outside RFC 3986's
/// unreserved set and '/' are percent-encoded.
std::string fileUri(llvm::StringRef Path) {
  std::string Out = "file://";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("-._~/").contains(C))
      Out += C;
    else
      Out += llvm::formatv("%{0:X-2}", unsigned(C)).str();
  }
  return Out;
}

/// The path of a `file://` URI (percent-decoded), or "" for another scheme.
std::string uriPath(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return "";
  std::string Out;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned V;
    if (Uri[I] == '%' && I + 2 < Uri.size() && !Uri.substr(I + 1, 2).getAsInteger(16, V)) {
      Out += char(V);
      I += 2;
    } else {
      Out += Uri[I];
    }
  }
  return Out;
}

/// The client end of a language server started as a child process, speaking
/// JSON-RPC with LSP's `Content-Length` framing over two pipes.
class LspChild {
public:
  bool start(const std::string &Program, const std::vector<std::string> &Args) {
    int In[2], Out[2];
    if (::pipe(In) != 0 || ::pipe(Out) != 0)
      return false;
    Pid = ::fork();
    if (Pid < 0)
      return false;
    if (Pid == 0) {
      ::dup2(In[0], 0);
      ::dup2(Out[1], 1);
      ::close(In[0]);
      ::close(In[1]);
      ::close(Out[0]);
      ::close(Out[1]);
      std::vector<char *> Argv;
      for (const std::string &A : Args)
        Argv.push_back(const_cast<char *>(A.c_str()));
      Argv.push_back(nullptr);
      ::execv(Program.c_str(), Argv.data());
      ::_exit(127);
    }
    ::close(In[0]);
    ::close(Out[1]);
    ToServer = In[1];
    FromServer = Out[0];
    return true;
  }

  void send(const llvm::json::Value &Message) {
    std::string Body = llvm::formatv("{0}", Message).str();
    std::string Frame = "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
    for (size_t Done = 0; Done < Frame.size();) {
      ssize_t N = ::write(ToServer, Frame.data() + Done, Frame.size() - Done);
      if (N <= 0)
        return;
      Done += N;
    }
  }
  void notify(llvm::StringRef Method, llvm::json::Value Params) {
    send(llvm::json::Object{{"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
  }
  int64_t request(llvm::StringRef Method, llvm::json::Value Params) {
    send(llvm::json::Object{
        {"jsonrpc", "2.0"}, {"id", ++LastId}, {"method", Method}, {"params", std::move(Params)}});
    return LastId;
  }

  /// The next message from the server; std::nullopt at end of stream, on a
  /// framing error or when \p Deadline passed. Requests from the server
  /// (registerCapability, ...) are answered with a null result here.
  std::optional<llvm::json::Value> next(std::chrono::steady_clock::time_point Deadline) {
    while (true) {
      size_t HeaderEnd = Buffer.find("\r\n\r\n");
      if (HeaderEnd != std::string::npos) {
        llvm::StringRef Headers = llvm::StringRef(Buffer).take_front(HeaderEnd);
        size_t Length = 0;
        bool HaveLength = false;
        llvm::SmallVector<llvm::StringRef, 4> Lines;
        Headers.split(Lines, "\r\n");
        for (llvm::StringRef L : Lines) {
          auto [Name, Value] = L.split(':');
          if (Name.trim().equals_insensitive("Content-Length"))
            HaveLength = !Value.trim().getAsInteger(10, Length);
        }
        if (!HaveLength)
          return std::nullopt;
        if (Buffer.size() >= HeaderEnd + 4 + Length) {
          std::string Body = Buffer.substr(HeaderEnd + 4, Length);
          Buffer.erase(0, HeaderEnd + 4 + Length);
          auto V = cuda_lint::parseBoundedJson(Body);
          if (!V) {
            llvm::consumeError(V.takeError());
            return std::nullopt;
          }
          if (auto *O = V->getAsObject(); O && O->get("id") && O->get("method"))
            send(llvm::json::Object{{"jsonrpc", "2.0"}, {"id", *O->get("id")}, {"result", nullptr}});
          return std::move(*V);
        }
      }
      auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
          Deadline - std::chrono::steady_clock::now());
      if (Left.count() <= 0)
        return std::nullopt;
      pollfd P{FromServer, POLLIN, 0};
      int R = ::poll(&P, 1, int(std::min<int64_t>(Left.count(), 1000)));
      if (R < 0 && errno != EINTR)
        return std::nullopt;
      if (R <= 0)
        continue;
      char Chunk[65536];
      ssize_t N = ::read(FromServer, Chunk, sizeof Chunk);
      if (N <= 0)
        return std::nullopt;
      Buffer.append(Chunk, N);
    }
  }

  /// Closes the pipes and waits for the server to end (killing it after
  /// \p GraceSeconds); its exit status, or -1.
  int finish(int GraceSeconds) {
    if (ToServer >= 0)
      ::close(ToServer);
    if (FromServer >= 0)
      ::close(FromServer);
    ToServer = FromServer = -1;
    if (Pid <= 0)
      return -1;
    int Status = 0;
    for (int I = 0; I < GraceSeconds * 10; ++I) {
      if (::waitpid(Pid, &Status, WNOHANG) == Pid)
        return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
      ::usleep(100000);
    }
    ::kill(Pid, SIGKILL);
    ::waitpid(Pid, &Status, 0);
    return -1;
  }

private:
  pid_t Pid = -1;
  int ToServer = -1, FromServer = -1;
  int64_t LastId = 0;
  std::string Buffer;
};

const char *severityWord(int64_t S) {
  switch (S) {
  case 1:
    return "error";
  case 2:
    return "warning";
  case 3:
    return "information";
  default:
    return "hint";
  }
}

/// Prints "FILE:LINE:COL: severity: message [code] (source)" for each
/// diagnostic of \p Diags, then its related information as notes, and a
/// summary line. \p Abs is the file's absolute path, \p Shown how it is
/// printed (as the user named it). Returns the number of error-severity
/// diagnostics.
unsigned printDiagnostics(const llvm::json::Array &Diags, llvm::StringRef Abs,
                          llvm::StringRef Shown) {
  unsigned Count[5] = {0, 0, 0, 0, 0};
  auto Where = [](llvm::StringRef File, const llvm::json::Object *Range) {
    int64_t Line = 0, Col = 0;
    if (const llvm::json::Object *Start = Range ? Range->getObject("start") : nullptr) {
      Line = Start->getInteger("line").value_or(0);
      Col = Start->getInteger("character").value_or(0);
    }
    return (File + ":" + llvm::Twine(Line + 1) + ":" + llvm::Twine(Col + 1)).str();
  };
  for (const llvm::json::Value &V : Diags) {
    const llvm::json::Object *D = V.getAsObject();
    if (!D)
      continue;
    int64_t Sev = std::clamp<int64_t>(D->getInteger("severity").value_or(1), 1, 4);
    ++Count[Sev];
    std::string Code;
    if (const llvm::json::Value *C = D->get("code"))
      Code = C->getAsString() ? C->getAsString()->str() : llvm::formatv("{0}", *C).str();
    llvm::outs() << Where(Shown, D->getObject("range")) << ": " << severityWord(Sev) << ": "
                 << D->getString("message").value_or("");
    if (!Code.empty())
      llvm::outs() << " [" << Code << "]";
    if (auto Source = D->getString("source"))
      llvm::outs() << " (" << *Source << ")";
    llvm::outs() << "\n";
    if (const llvm::json::Array *Related = D->getArray("relatedInformation"))
      for (const llvm::json::Value &R : *Related) {
        const llvm::json::Object *RO = R.getAsObject();
        const llvm::json::Object *Loc = RO ? RO->getObject("location") : nullptr;
        if (!Loc)
          continue;
        std::string Path = uriPath(Loc->getString("uri").value_or(""));
        if (Path == Abs)
          Path = Shown.str(); // the file as the user named it
        llvm::outs() << Where(Path, Loc->getObject("range"))
                     << ": note: " << RO->getString("message").value_or("") << "\n";
      }
  }
  llvm::outs() << "cuda-lint-clangd --check: " << Diags.size() << " diagnostic"
               << (Diags.size() == 1 ? "" : "s") << " (" << Count[1] << " errors, " << Count[2]
               << " warnings, " << Count[3] << " information, " << Count[4] << " hints)\n";
  return Count[1];
}

/// The --check=FILE driver (see above). \p ServerArgs: the program's
/// arguments without argv[0] and without --check=FILE.
int checkAsClient(const char *Argv0, llvm::StringRef File,
                  const std::vector<std::string> &ServerArgs) {
  std::string Self = llvm::sys::fs::getMainExecutable(Argv0, (void *)&checkAsClient);
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  auto Text = llvm::MemoryBuffer::getFile(Abs, /*IsText=*/true);
  if (!Text) {
    llvm::errs() << "cuda-lint-clangd: cannot read " << Abs << ": " << Text.getError().message()
                 << "\n";
    return 2;
  }
  std::vector<std::string> Args{Self};
  bool HasIndexFlag = llvm::any_of(ServerArgs, [](llvm::StringRef A) {
    return A.starts_with("--background-index") || A.starts_with("-background-index");
  });
  if (!HasIndexFlag)
    Args.push_back("--background-index=false");
  Args.insert(Args.end(), ServerArgs.begin(), ServerArgs.end());
  ::signal(SIGPIPE, SIG_IGN);
  LspChild Server;
  if (!Server.start(Self, Args)) {
    llvm::errs() << "cuda-lint-clangd: cannot start the server: " << std::strerror(errno) << "\n";
    return 2;
  }
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(CheckTimeoutSeconds);
  std::string Uri = fileUri(Abs);
  llvm::SmallString<256> Root(llvm::sys::path::parent_path(Abs));
  int64_t Init = Server.request(
      "initialize",
      llvm::json::Object{
          {"processId", int64_t(::getpid())},
          {"rootUri", fileUri(Root)},
          {"capabilities",
           llvm::json::Object{{"textDocument",
                               llvm::json::Object{{"publishDiagnostics",
                                                   llvm::json::Object{{"relatedInformation", true}}}}}}}});
  auto Fail = [&](llvm::StringRef Why) {
    llvm::errs() << "cuda-lint-clangd --check: " << Why << "\n";
    Server.finish(2);
    return 2;
  };
  bool Initialized = false;
  std::optional<llvm::json::Array> Diagnostics;
  while (!Diagnostics) {
    std::optional<llvm::json::Value> M = Server.next(Deadline);
    if (!M)
      return Fail(Initialized ? "the server ended or timed out before its diagnostics"
                              : "the server ended or timed out before initializing");
    const llvm::json::Object *O = M->getAsObject();
    if (!O)
      continue;
    if (!Initialized && O->getInteger("id") == Init) {
      if (!O->get("result"))
        return Fail("initialize failed");
      Initialized = true;
      Server.notify("initialized", llvm::json::Object{});
      Server.notify("textDocument/didOpen",
                    llvm::json::Object{{"textDocument",
                                        llvm::json::Object{
                                            {"uri", Uri},
                                            {"languageId", cuda_lint::isCudaFileName(Abs) ? "cuda" : "cpp"},
                                            {"version", 1},
                                            {"text", (*Text)->getBuffer()}}}});
      continue;
    }
    if (O->getString("method") != "textDocument/publishDiagnostics")
      continue;
    const llvm::json::Object *P = O->getObject("params");
    if (!P || uriPath(P->getString("uri").value_or("")) != Abs.str())
      continue;
    if (const llvm::json::Array *A = P->getArray("diagnostics"))
      Diagnostics = *A;
    else
      Diagnostics = llvm::json::Array();
  }
  unsigned Errors = printDiagnostics(*Diagnostics, Abs, File);
  llvm::outs().flush();
  int64_t Shutdown = Server.request("shutdown", nullptr);
  auto ShortDeadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::optional<llvm::json::Value> M = Server.next(ShortDeadline)) {
    const llvm::json::Object *O = M->getAsObject();
    if (O && O->getInteger("id") == Shutdown)
      break;
  }
  Server.notify("exit", nullptr);
  // clangd may finish indexing the standard library before it exits; that
  // is no work of this check, so it gets 2 seconds.
  Server.finish(2);
  return Errors ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  cuda_lint::linkCudaAttributes();
  (void)CudaLintModuleAnchorSource;

  // --check=FILE: as a client of this program's own server (see above).
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef A = argv[I];
    if ((A.consume_front("--check=") || A.consume_front("-check=")) && !A.empty()) {
      std::vector<std::string> ServerArgs;
      for (int J = 1; J < argc; ++J)
        if (J != I)
          ServerArgs.push_back(argv[J]);
      return checkAsClient(argv[0], A, ServerArgs);
    }
  }

  // The response-file trees the user names (responseFilePolicyFor):
  // --allow-response-files-in is ours and is taken out before clangd parses
  // its options; --compile-commands-dir is clangd's and stays.
  std::vector<char *> Args{argv[0]};
  std::vector<std::string> Trees;
  auto TakeCompileCommandsDir = [&](llvm::ArrayRef<const char *> Argv) {
    for (size_t I = 0; I < Argv.size(); ++I) {
      llvm::StringRef A = Argv[I];
      if (!A.consume_front("--") && !A.consume_front("-"))
        continue;
      if (A.consume_front("compile-commands-dir")) {
        if (A.consume_front("="))
          Trees.push_back(A.str());
        else if (A.empty() && I + 1 < Argv.size())
          Trees.push_back(Argv[++I]);
      }
    }
  };
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef A = argv[I];
    if (A.consume_front("--allow-response-files-in") ||
        A.consume_front("-allow-response-files-in")) {
      if (A.consume_front("=")) {
      } else if (A.empty() && I + 1 < argc) {
        A = argv[++I];
      } else {
        llvm::errs() << "cuda-lint-clangd: --allow-response-files-in needs a directory\n";
        return 2;
      }
      llvm::SmallVector<llvm::StringRef, 4> Dirs;
      A.split(Dirs, ',', -1, /*KeepEmpty=*/false);
      Trees.insert(Trees.end(), Dirs.begin(), Dirs.end());
      continue;
    }
    Args.push_back(argv[I]);
  }
  TakeCompileCommandsDir(std::vector<const char *>(Args.begin() + 1, Args.end()));
  llvm::BumpPtrAllocator EnvAlloc;
  llvm::StringSaver EnvSaver(EnvAlloc);
  if (const char *EnvFlags = std::getenv("CLANGD_FLAGS")) {
    llvm::SmallVector<const char *, 16> EnvArgs;
    llvm::cl::TokenizeGNUCommandLine(EnvFlags, EnvSaver, EnvArgs);
    TakeCompileCommandsDir(EnvArgs);
  }
  for (const std::string &T : Trees) {
    if (std::optional<std::string> Real = realDirectory(T))
      userResponseFileTrees().push_back(std::move(*Real));
    else
      llvm::errs() << "cuda-lint-clangd: response files are not read from '" << T
                   << "': not a directory\n";
  }

  bool HasResourceDir = false;
  for (size_t I = 1; I < Args.size(); ++I)
    HasResourceDir |= mentionsResourceDir(Args[I]);
  if (const char *EnvFlags = std::getenv("CLANGD_FLAGS"))
    HasResourceDir |= mentionsResourceDir(EnvFlags);
  static std::string ResourceDirFlag =
      std::string("--resource-dir=") + CUDA_LINT_RESOURCE_DIR;
  // Before the user's arguments, so that anything after `--` stays as is.
  if (!HasResourceDir)
    Args.insert(Args.begin() + 1, ResourceDirFlag.data());
  Args.push_back(nullptr);
  return clang::clangd::clangdMain(static_cast<int>(Args.size() - 1),
                                   Args.data());
}
