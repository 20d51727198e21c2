#include "driver/Preamble.h"
#include "driver/InputFiles.h"
#include "driver/CompatHeader.h"
#include "driver/SystemBodySkipping.h"
#include "analysis/PreambleIdentity.h"
#include "checks/ConstantSizeCheck.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/ASTReader.h"
#include "clang/Serialization/ModuleCache.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/LockFileManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <ctime>
#include <sys/time.h>

using namespace clang;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace json = llvm::json;

namespace cuda_lint {

std::string PreambleOutcome::str() const {
  switch (K) {
  case Off:
    return "";
  case Used:
    return "used";
  case Built:
    return "built";
  case Cold:
    return "cold: " + Why;
  }
  return "";
}

std::string preambleDirectory(llvm::StringRef CacheDir) {
  llvm::SmallString<256> P(CacheDir);
  path::append(P, "pch");
  return std::string(P);
}

namespace {

/// Bump when the manifest or what goes into the key changes.
constexpr llvm::StringLiteral PreambleFormat = "cuda-lint preamble 4";

/// The record of a unit's leading includes (LeadingIncludes).
constexpr llvm::StringLiteral LeadingFormat = "cuda-lint leading includes 1";

/// What leading includes must cost (thread CPU) before a preamble of them is
/// built: 100 ms, some ten loads of the PCH chained on the shared one, whose
/// size (10-40 MB on cuda-samples) is the price. The environment's
/// CUDA_LINT_LEADING_PREAMBLE_MIN_MS replaces it (the tests use 0).
uint64_t leadingWorthNs() {
  if (const char *V = std::getenv("CUDA_LINT_LEADING_PREAMBLE_MIN_MS")) {
    unsigned Ms;
    if (!llvm::StringRef(V).getAsInteger(10, Ms))
      return uint64_t(Ms) * 1000000u;
  }
  return 100000000u;
}

/// The include clang's driver adds to every CUDA side.
constexpr llvm::StringLiteral RuntimeWrapper = "__clang_cuda_runtime_wrapper.h";

/// How long a side waits for another's build of the same preamble.
constexpr std::chrono::seconds LockWait(120);

/// A forced include the preamble may hold: clang's runtime wrapper and
/// cuda-lint's compatibility headers. User `-include` files never are.
bool isPreambleInclude(llvm::StringRef Include) {
  return Include == RuntimeWrapper || Include.starts_with(CompatHeaderDirectory);
}

/// The project's own search directories (-I, -iquote): not part of the key,
/// and checked against the preamble's include names instead.
bool isProjectSearchGroup(frontend::IncludeDirGroup G) {
  return G == frontend::Quoted || G == frontend::Angled;
}

struct ManifestInput {
  std::string Path; ///< absolute, as a cold side records it (InputDigest)
  uint64_t Size = 0;
  int64_t MTimeNs = 0;
  std::string Hash; ///< contentHash of what the PCH read
};

/// `<key>.json` beside the PCH: which PCH file is current for the key, the
/// files it read, and the names its headers looked up.
struct Manifest {
  std::string Pch;     ///< file name in the preamble directory; empty: unusable
  std::string Why;     ///< why it is unusable
  uint64_t PchSize = 0; ///< the PCH file's size and modification time once
  int64_t PchMTimeNs = 0; ///< written (a truncated copy passes clang's check)
  std::vector<ManifestInput> Inputs;
  /// The system search directories and the directories of the inputs, with
  /// their modification times (-1: absent): a header created in one later
  /// (one that would now be found first) changes it.
  std::vector<std::pair<std::string, int64_t>> Dirs;
  std::vector<std::string> Names;
  /// The PCH's identity (analysis/PreambleIdentity.h), as 16 hex digits.
  std::string Identity;
  /// A device side's headers declare no constant memory
  /// (preambleDeclaresConstantMemory): cuda-constant-size need not load the
  /// preamble's declarations.
  bool ConstantFree = false;
  /// A preamble of leading includes (LeadingIncludes): the shared
  /// preamble's PCH file it is chained on, how many bytes of the main file it
  /// stands for, and their hash.
  std::string SharedPch;
  uint64_t Bounds = 0;
  std::string BoundsHash;
  /// The files in the project's search directories and the main file's
  /// directory named like one of Names: the headers found there, and the
  /// ones a header of another directory would be shadowed by. Compared
  /// instead of those directories' times, which an editor's save changes.
  std::vector<std::string> ProjectFiles;
  /// The build skipped device bodies in the headers (a host side's).
  bool DeviceBodiesSkipped = false;
  /// The build found the headers against LeadingLinesRules (they changed
  /// since the side recorded its lines): the lines are to be recorded again.
  bool RulesRefused = false;
};

json::Value manifestToJSON(const Manifest &M) {
  json::Array Inputs, Names;
  for (const ManifestInput &I : M.Inputs)
    Inputs.push_back(json::Object{{"path", I.Path},
                                  {"size", static_cast<int64_t>(I.Size)},
                                  {"mtime", I.MTimeNs},
                                  {"hash", I.Hash}});
  for (const std::string &N : M.Names)
    Names.push_back(N);
  json::Array Dirs;
  for (const auto &[Path, MTime] : M.Dirs)
    Dirs.push_back(json::Object{{"path", Path}, {"mtime", MTime}});
  return json::Object{{"format", PreambleFormat},
                      {"pch", M.Pch},
                      {"why", M.Why},
                      {"pchSize", static_cast<int64_t>(M.PchSize)},
                      {"pchMtime", M.PchMTimeNs},
                      {"inputs", std::move(Inputs)},
                      {"dirs", std::move(Dirs)},
                      {"names", std::move(Names)},
                      {"identity", M.Identity},
                      {"constantFree", M.ConstantFree},
                      {"sharedPch", M.SharedPch},
                      {"bounds", static_cast<int64_t>(M.Bounds)},
                      {"boundsHash", M.BoundsHash},
                      {"projectFiles", json::Array(M.ProjectFiles)},
                      {"deviceBodiesSkipped", M.DeviceBodiesSkipped},
                      {"rulesRefused", M.RulesRefused}};
}

/// The JSON object in \p File when its "format" is \p Format; std::nullopt
/// when the file is missing, damaged or of another format.
std::optional<json::Object> readFormatFile(llvm::StringRef File, llvm::StringRef Format) {
  auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  auto V = parseBoundedJson((*Buf)->getBuffer());
  if (!V) {
    llvm::consumeError(V.takeError());
    return std::nullopt;
  }
  json::Object *O = V->getAsObject();
  if (!O || O->getString("format") != Format)
    return std::nullopt;
  return std::move(*O);
}

std::optional<Manifest> readManifest(llvm::StringRef File) {
  std::optional<json::Object> O = readFormatFile(File, PreambleFormat);
  if (!O)
    return std::nullopt;
  Manifest M;
  M.Pch = O->getString("pch").value_or("").str();
  M.Why = O->getString("why").value_or("").str();
  if (const json::Array *Inputs = O->getArray("inputs"))
    for (const json::Value &I : *Inputs) {
      const json::Object *IO = I.getAsObject();
      if (!IO)
        return std::nullopt;
      M.Inputs.push_back({IO->getString("path").value_or("").str(),
                          static_cast<uint64_t>(IO->getInteger("size").value_or(0)),
                          IO->getInteger("mtime").value_or(0),
                          IO->getString("hash").value_or("").str()});
    }
  if (const json::Array *Names = O->getArray("names"))
    for (const json::Value &N : *Names)
      M.Names.push_back(N.getAsString().value_or("").str());
  M.Identity = O->getString("identity").value_or("").str();
  M.ConstantFree = O->getBoolean("constantFree").value_or(false);
  M.SharedPch = O->getString("sharedPch").value_or("").str();
  M.Bounds = static_cast<uint64_t>(O->getInteger("bounds").value_or(0));
  M.BoundsHash = O->getString("boundsHash").value_or("").str();
  M.DeviceBodiesSkipped = O->getBoolean("deviceBodiesSkipped").value_or(false);
  M.RulesRefused = O->getBoolean("rulesRefused").value_or(false);
  if (const json::Array *Files = O->getArray("projectFiles"))
    for (const json::Value &F : *Files)
      M.ProjectFiles.push_back(F.getAsString().value_or("").str());
  M.PchSize = static_cast<uint64_t>(O->getInteger("pchSize").value_or(0));
  M.PchMTimeNs = O->getInteger("pchMtime").value_or(0);
  if (const json::Array *Dirs = O->getArray("dirs"))
    for (const json::Value &D : *Dirs) {
      const json::Object *DO = D.getAsObject();
      if (!DO)
        return std::nullopt;
      M.Dirs.push_back({DO->getString("path").value_or("").str(),
                        DO->getInteger("mtime").value_or(0)});
    }
  return M;
}

int64_t mtimeNs(const fs::file_status &St) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             St.getLastModificationTime().time_since_epoch())
      .count();
}

/// The modification time of directory \p Dir, -1 when it does not exist.
int64_t directoryMTime(llvm::StringRef Dir) {
  fs::file_status St;
  return fs::status(Dir, St) ? -1 : mtimeNs(St);
}

/// Whether every file the preamble read still has its recorded size and
/// modification time, no directory it searched has changed (a file created
/// or removed in it), and its PCH file (in \p PreambleDir) is the one written.
bool inputsUnchanged(const Manifest &M, llvm::StringRef PreambleDir) {
  for (const ManifestInput &I : M.Inputs) {
    fs::file_status St;
    if (fs::status(I.Path, St) || St.getSize() != I.Size || mtimeNs(St) != I.MTimeNs)
      return false;
  }
  for (const auto &[Dir, MTime] : M.Dirs)
    if (directoryMTime(Dir) != MTime)
      return false;
  if (!M.Pch.empty()) {
    llvm::SmallString<256> Pch(PreambleDir);
    path::append(Pch, M.Pch);
    fs::file_status St;
    if (fs::status(Pch, St) || St.getSize() != M.PchSize || mtimeNs(St) != M.PchMTimeNs)
      return false;
  }
  return true;
}

/// Writes \p Text to \p Dest through a temporary file renamed into place.
bool writeAtomically(llvm::StringRef Dest, llvm::StringRef Text) {
  llvm::SmallString<256> Tmp;
  int FD;
  if (fs::createUniqueFile(Dest + "-%%%%%%%%.tmp", FD, Tmp))
    return false;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      fs::remove(Tmp);
      return false;
    }
  }
  if (fs::rename(Tmp, Dest)) {
    fs::remove(Tmp);
    return false;
  }
  return true;
}

/// Counts the warnings and errors of a preamble build; keeps the first.
class CountingConsumer : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Warning || !First.empty())
      return;
    llvm::SmallString<128> Msg;
    Info.FormatDiagnostic(Msg);
    First = std::string(Msg);
  }
  std::string First;
};

/// Every name the preamble's headers include or test with __has_include.
class NameRecorder : public PPCallbacks {
public:
  explicit NameRecorder(llvm::StringSet<> &Names) : Names(Names) {}
  void InclusionDirective(SourceLocation, const Token &, llvm::StringRef FileName, bool,
                          CharSourceRange, OptionalFileEntryRef, llvm::StringRef,
                          llvm::StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    Names.insert(FileName);
  }
  void HasInclude(SourceLocation, llvm::StringRef FileName, bool, OptionalFileEntryRef,
                  SrcMgr::CharacteristicKind) override {
    Names.insert(FileName);
  }

private:
  llvm::StringSet<> &Names;
};

/// What keeps the headers of a unit's leading lines out of a preamble
/// (LeadingIncludes): reaching project code (entering a user file, or a line
/// marker that makes the rest of a header user code), expanding
/// `__managed__` (which ends the host side's skipping of device bodies), and
/// defining or undefining the two macros the checks define after the forced
/// includes (the side defines them again after a preamble:
/// installCudaAttributeCompat). The side's LeadingIncludeRecorder and the PCH
/// build's LeadingBuildGuard both apply these rules; disqualify() gets what
/// was found, as a phrase after "a header of ...".
class LeadingLinesRules : public PPCallbacks {
public:
  explicit LeadingLinesRules(Preprocessor &PP)
      : SM(PP.getSourceManager()), Managed(PP.getIdentifierInfo("__managed__")),
        LaunchBounds(PP.getIdentifierInfo("__launch_bounds__")),
        ClusterDims(PP.getIdentifierInfo("__cluster_dims__")) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind Kind,
                   FileID) override {
    if (!watching() || (Reason != EnterFile && Reason != RenameFile) || Kind != SrcMgr::C_User)
      return;
    FileID F = SM.getFileID(Loc);
    if (F == SM.getMainFileID())
      return;
    if (OptionalFileEntryRef E = SM.getFileEntryRefForID(F))
      disqualify("reaches project code in " + E->getName().str());
  }
  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    if (Name.getIdentifierInfo() == Managed && watching())
      disqualify("expands __managed__");
  }
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    macroChanged(Name, MD ? MD->getLocation() : SourceLocation());
  }
  void MacroUndefined(const Token &Name, const MacroDefinition &, const MacroDirective *) override {
    macroChanged(Name, Name.getLocation());
  }

protected:
  /// Whether the events are to be judged now.
  virtual bool watching() const = 0;
  virtual void disqualify(std::string What) = 0;

  const SourceManager &SM;

private:
  void macroChanged(const Token &Name, SourceLocation Loc) {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if ((II == LaunchBounds || II == ClusterDims) && watching() &&
        !SM.isWrittenInBuiltinFile(Loc))
      disqualify("defines or undefines " + II->getName().str());
  }

  const IdentifierInfo *Managed, *LaunchBounds, *ClusterDims;
};

/// The PCH build's check of the rules (the headers may have changed since
/// the side recorded its lines): the first violation, in \p Refusal.
class LeadingBuildGuard : public LeadingLinesRules {
public:
  LeadingBuildGuard(Preprocessor &PP, std::string &Refusal)
      : LeadingLinesRules(PP), Refusal(Refusal) {}

private:
  bool watching() const override { return Refusal.empty(); }
  void disqualify(std::string What) override {
    Refusal = "a header of the leading lines " + What;
  }
  std::string &Refusal;
};

/// clang's PCH generation, recording what the manifest needs.
class RecordingPCHAction : public GeneratePCHAction {
public:
  /// \p LeadingOf: the main file of a preamble of leading includes, whose
  /// own bytes are in the key and not an input; empty for the shared one.
  /// \p Leading: how the side parses (its device bodies, its predefines).
  RecordingPCHAction(Manifest &M, std::string LeadingOf = "",
                     const LeadingIncludes *Leading = nullptr)
      : M(M), LeadingOf(std::move(LeadingOf)), Leading(Leading) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    Preprocessor &PP = CI.getPreprocessor();
    PP.addPPCallbacks(std::make_unique<NameRecorder>(Names));
    if (!LeadingOf.empty())
      PP.addPPCallbacks(std::make_unique<LeadingBuildGuard>(PP, Refusal));
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }

  /// The checks' predefines, after what the shared preamble left of them,
  /// as the side has them before its lines (LintRunner's Action).
  void ExecuteAction() override {
    Preprocessor &PP = getCompilerInstance().getPreprocessor();
    if (Leading && !Leading->CheckPredefines.empty() &&
        !llvm::StringRef(PP.getPredefines()).ends_with(Leading->CheckPredefines))
      PP.setPredefines(PP.getPredefines() + Leading->CheckPredefines);
    GeneratePCHAction::ExecuteAction();
  }

  /// The PCH holds the headers as a side would have parsed them: the bodies
  /// SystemBodies.h names are skipped here as they are in a side.
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    auto Inner = GeneratePCHAction::CreateASTConsumer(CI, InFile);
    if (!Inner || !CI.getFrontendOpts().SkipFunctionBodies)
      return Inner;
    // A host side's device bodies too, where the side skips them.
    return std::make_unique<SystemBodySkippingConsumer>(
        std::move(Inner), CI.getSourceManager(), Leading && Leading->SkipsDeviceBodies,
        /*SystemBodies=*/true, &Bodies);
  }

  void EndSourceFileAction() override {
    // The compatibility headers are part of cuda-lint, in the key.
    forEachLoadedInput(getCompilerInstance().getSourceManager(),
                       [&](llvm::StringRef P, llvm::StringRef, llvm::StringRef Data) {
                         if (!LeadingOf.empty() && P == LeadingOf)
                           return;
                         fs::file_status St;
                         if (fs::status(P, St)) {
                           Unstatable = P.str();
                           return;
                         }
                         M.Inputs.push_back(
                             {P.str(), St.getSize(), mtimeNs(St), contentHash(Data)});
                       });
    llvm::sort(M.Inputs, [](const ManifestInput &A, const ManifestInput &B) {
      return A.Path < B.Path;
    });
    for (const auto &N : Names)
      M.Names.push_back(N.getKey().str());
    llvm::sort(M.Names);
    CompilerInstance &CI = getCompilerInstance();
    M.ConstantFree = CI.getLangOpts().CUDAIsDevice && CI.hasASTContext() &&
                     !preambleDeclaresConstantMemory(CI.getASTContext());
    M.DeviceBodiesSkipped = Bodies.Skipped;
    GeneratePCHAction::EndSourceFileAction();
  }

  std::string Unstatable; ///< a file read that cannot be checked later
  std::string Refusal;    ///< why a preamble of leading includes cannot be used

private:
  Manifest &M;
  std::string LeadingOf;
  const LeadingIncludes *Leading;
  SystemBodySkippingConsumer::DeviceBodyOutcome Bodies;
  llvm::StringSet<> Names;
};

/// The invocation a preamble is built from (and whose command is its key):
/// \p CI with an empty main file, only the preamble's forced includes, no
/// project search directories and nothing that names the unit.
std::shared_ptr<CompilerInvocation> preambleInvocation(const CompilerInvocation &CI,
                                                       std::vector<std::string> Includes) {
  auto P = std::make_shared<CompilerInvocation>(CI);
  FrontendOptions &FE = P->getFrontendOpts();
  InputKind Kind = FE.Inputs.front().getKind();
  FE.Inputs = {FrontendInputFile(preambleMainFilePath(), Kind)};
  FE.OutputFile.clear();
  FE.ProgramAction = frontend::GeneratePCH;
  PreprocessorOptions &PP = P->getPreprocessorOpts();
  PP.Includes = std::move(Includes);
  PP.ImplicitPCHInclude.clear();
  HeaderSearchOptions &HS = P->getHeaderSearchOpts();
  llvm::erase_if(HS.UserEntries, [](const HeaderSearchOptions::Entry &E) {
    return isProjectSearchGroup(E.Group);
  });
  // The unit's CUDA id (-cuid, from its path) names its device statics in
  // code generation; the headers' declarations do not depend on it.
  P->getLangOpts().CUID.clear();
  CodeGenOptions &CG = P->getCodeGenOpts();
  CG.MainFileName.clear();
  CG.DwarfDebugFlags.clear();
  CG.DebugCompilationDir.clear();
  CG.CoverageCompilationDir.clear();
  // Not on the cc1 command line, so named in the key (preambleKeyMaterial).
  FE.SkipFunctionBodies = systemBodySkipping();
  return P;
}

/// What the key of a preamble hashes (written beside it as `<key>.key`,
/// for a user wondering why two units do not share one).
std::string preambleKeyMaterial(const CompilerInvocation &KeyCI, llvm::vfs::FileSystem &FS) {
  std::string Material;
  llvm::raw_string_ostream OS(Material);
  OS << PreambleFormat << "\n" << getClangFullVersion() << "\n"
     << contentHash(compatHeaderText()) << contentHash(nvccCompatHeaderText()) << "\n";
  for (const std::string &A : KeyCI.getCC1CommandLine())
    OS << A << "\n";
  if (KeyCI.getFrontendOpts().SkipFunctionBodies)
    OS << "system bodies skipped (SystemBodies.h)\n";
  // Relative system directories are found from the working directory.
  for (const HeaderSearchOptions::Entry &E : KeyCI.getHeaderSearchOpts().UserEntries)
    if (!path::is_absolute(E.Path)) {
      if (auto Cwd = FS.getCurrentWorkingDirectory())
        OS << "cwd " << *Cwd << "\n";
      break;
    }
  return Material;
}

/// The project's own search directories of \p CI (-I, -iquote), as real
/// paths, in search order, without those clang drops as system ones.
std::vector<std::string> projectDirectories(const CompilerInvocation &CI,
                                            llvm::vfs::FileSystem &FS) {
  const HeaderSearchOptions &HS = CI.getHeaderSearchOpts();
  // clang drops a project directory that is also a system one, under any
  // path: it compares directory entries, so `-I/usr/local/cuda/include`
  // (a link) goes when the driver adds `-internal-isystem
  // /usr/local/cuda-13.0/include` (cuda-samples' CMake does this).
  auto RealDir = [&](llvm::StringRef Path) {
    llvm::SmallString<256> D(Path);
    FS.makeAbsolute(D);
    // Resolved on disk as clang does (`link/..` is the link target's
    // parent), then by text only if the directory does not exist.
    llvm::SmallString<256> Real;
    if (!FS.getRealPath(D, Real))
      return std::string(Real);
    path::remove_dots(D, true);
    return std::string(D);
  };
  llvm::StringSet<> SystemDirs;
  for (const HeaderSearchOptions::Entry &E : HS.UserEntries)
    if (!isProjectSearchGroup(E.Group))
      SystemDirs.insert(RealDir(E.Path));
  std::vector<std::string> Dirs;
  for (const HeaderSearchOptions::Entry &E : HS.UserEntries) {
    if (!isProjectSearchGroup(E.Group))
      continue;
    std::string D = RealDir(E.Path);
    // (-iquote directories are not compared with the system ones.)
    if (E.Group == frontend::Angled && SystemDirs.contains(D))
      continue;
    if (!llvm::is_contained(Dirs, D))
      Dirs.push_back(std::move(D));
  }
  return Dirs;
}

/// The files named like one of \p Names (what a preamble's headers included
/// or tested with __has_include) in the directories \p Dirs, as "dir/name",
/// in the order of \p Dirs and \p Names.
std::vector<std::string> filesNamed(llvm::ArrayRef<std::string> Dirs,
                                    llvm::ArrayRef<std::string> Names, llvm::vfs::FileSystem &FS,
                                    bool FirstOnly = false) {
  std::vector<std::string> Found;
  for (const std::string &D : Dirs)
    for (const std::string &N : Names) {
      llvm::SmallString<256> P(D);
      path::append(P, N);
      if (FS.exists(P)) {
        Found.push_back(std::string(P));
        if (FirstOnly)
          return Found;
      }
    }
  return Found;
}

/// A project directory of \p CI that holds a file one of \p M's names could
/// find instead of the preamble's header, as "dir/name"; empty if none.
std::string shadowingFile(const CompilerInvocation &CI, const Manifest &M,
                          llvm::vfs::FileSystem &FS) {
  std::vector<std::string> Found =
      filesNamed(projectDirectories(CI, FS), M.Names, FS, /*FirstOnly=*/true);
  return Found.empty() ? "" : Found.front();
}

/// A file in the main file's directory or the working directory (where clang
/// looks for a forced include first) that the side's
/// `-include __clang_cuda_runtime_wrapper.h` would find instead of clang's,
/// as its path; empty if none. Checked before a preamble is built too: the
/// key does not name those directories.
std::string shadowingRuntimeWrapper(const CompilerInvocation &CI, llvm::vfs::FileSystem &FS) {
  llvm::SmallString<256> Main(CI.getFrontendOpts().Inputs.front().getFile());
  FS.makeAbsolute(Main);
  path::remove_filename(Main);
  llvm::SmallString<256> Cwd;
  if (auto Dir = FS.getCurrentWorkingDirectory())
    Cwd = *Dir;
  for (llvm::SmallString<256> P : {Main, Cwd}) {
    if (P.empty())
      continue;
    path::append(P, RuntimeWrapper);
    if (FS.exists(P))
      return std::string(P);
  }
  return "";
}

/// Builds the preamble of \p BuildCI into \p Dir as `<Key>-XXXXXXXX.pch`
/// and returns its manifest (unusable, with the reason, when the headers do
/// not build cleanly).
///
/// \p LeadingOf: the real path of the main file of a preamble of its leading
/// includes, empty for the shared preamble; \p ProjectDirs: the directories
/// whose times are not watched (the manifest's ProjectFiles stand for them).
Manifest buildPreamble(std::shared_ptr<CompilerInvocation> BuildCI, llvm::StringRef Dir,
                       llvm::StringRef Key, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                       std::shared_ptr<PCHContainerOperations> PCHOps,
                       llvm::StringRef LeadingOf = "",
                       llvm::ArrayRef<std::string> ProjectDirs = {},
                       const LeadingIncludes *Leading = nullptr) {
  Manifest M;
  llvm::SmallString<256> Out;
  path::append(Out, Dir, Key + "-%%%%%%%%.pch");
  fs::createUniquePath(Out, Out, /*MakeAbsolute=*/false);
  BuildCI->getFrontendOpts().OutputFile = std::string(Out);
  CompilerInstance Clang(BuildCI, std::move(PCHOps));
  Clang.setVirtualFileSystem(FS);
  CountingConsumer Diags;
  Clang.createDiagnostics(&Diags, /*ShouldOwnClient=*/false);
  Clang.createFileManager();
  RecordingPCHAction Action(M, LeadingOf.str(), Leading);
  bool OK = Clang.ExecuteAction(Action);
  // The directories a header created later could appear in first: the
  // system search directories, and those of the files read.
  llvm::StringSet<> Dirs;
  for (const HeaderSearchOptions::Entry &E : BuildCI->getHeaderSearchOpts().UserEntries) {
    if (isProjectSearchGroup(E.Group))
      continue;
    llvm::SmallString<256> D(E.Path);
    FS->makeAbsolute(D);
    Dirs.insert(D);
  }
  for (const ManifestInput &I : M.Inputs)
    if (!llvm::is_contained(ProjectDirs, path::parent_path(I.Path)))
      Dirs.insert(path::parent_path(I.Path));
  if (!LeadingOf.empty())
    M.ProjectFiles = filesNamed(ProjectDirs, M.Names, *FS);
  for (const auto &D : Dirs)
    M.Dirs.push_back({D.getKey().str(), directoryMTime(D.getKey())});
  llvm::sort(M.Dirs);
  if (!OK || Diags.getNumWarnings() || Diags.getNumErrors()) {
    // The inputs stay: an edit of the header that warned builds again.
    fs::remove(Out);
    M.Why = Diags.First.empty() ? std::string("the preamble's headers did not build")
                                : "the preamble's headers warn: " + Diags.First;
    return M;
  }
  if (!Action.Refusal.empty()) {
    fs::remove(Out);
    M.Why = Action.Refusal;
    M.RulesRefused = true;
    return M;
  }
  if (!Action.Unstatable.empty()) {
    fs::remove(Out);
    M.Why = "cannot check " + Action.Unstatable + " for changes";
    return M;
  }
  fs::file_status St;
  if (fs::status(Out, St)) {
    M.Why = "cannot check " + Out.str().str();
    return M;
  }
  if (auto Bytes = llvm::MemoryBuffer::getFile(Out, /*IsText=*/false,
                                               /*RequiresNullTerminator=*/false))
    M.Identity = llvm::utohexstr(preambleBytesIdentity((*Bytes)->getBuffer()), false, 16);
  M.Pch = std::string(path::filename(Out));
  M.PchSize = St.getSize();
  M.PchMTimeNs = mtimeNs(St);
  return M;
}

/// Writes \p M as the manifest \p ManifestPath, with the key material
/// beside it (`<key>.key`, for a user wondering why two units do not share
/// one). False when the manifest could not be written.
bool saveManifest(const Manifest &M, llvm::StringRef ManifestPath, llvm::StringRef Base,
                  llvm::StringRef KeyMaterial) {
  std::string Json;
  llvm::raw_string_ostream(Json) << manifestToJSON(M);
  writeAtomically((Base + ".key").str(), KeyMaterial);
  return writeAtomically(ManifestPath, Json);
}

/// What a side takes from the manifest \p M of the preamble it loads: the
/// files the preamble read (into \p Inputs, as a cold parse records them),
/// what cuda-constant-size may skip, and a use (the manifest's time, for
/// prunePreambles).
void adoptManifest(const Manifest &M, const std::string &ManifestPath,
                   std::vector<InputDigest> &Inputs) {
  for (const ManifestInput &I : M.Inputs)
    Inputs.push_back({I.Path, I.Hash});
  uint64_t Identity;
  if (M.ConstantFree && !llvm::StringRef(M.Identity).getAsInteger(16, Identity))
    recordConstantFreePreamble(Identity);
  ::utimes(ManifestPath.c_str(), nullptr);
}

/// The manifest \p ManifestPath once it is current (\p Current): built with
/// \p Build and saved by this side, under the lock of \p Base
/// (LockFileManager), unless another process's build made it current since
/// the first look; or the one another side is building, waited for up to
/// LockWait. \p Result becomes Built when \p Build ran. std::nullopt, with
/// \p Why, when there is none to use.
std::optional<Manifest>
currentManifestUnderLock(llvm::StringRef Base, const std::string &ManifestPath,
                         llvm::StringRef KeyMaterial,
                         llvm::function_ref<bool(const std::optional<Manifest> &)> Current,
                         llvm::function_ref<Manifest()> Build, PreambleOutcome::Kind &Result,
                         std::string &Why) {
  llvm::LockFileManager Lock(Base);
  llvm::Expected<bool> Owned = Lock.tryLock();
  if (!Owned) {
    Why = "cannot lock " + Base.str() + ": " + llvm::toString(Owned.takeError());
    return std::nullopt;
  }
  if (*Owned) {
    std::optional<Manifest> M = readManifest(ManifestPath);
    if (Current(M))
      return M;
    M = Build();
    if (!saveManifest(*M, ManifestPath, Base, KeyMaterial)) {
      Why = "cannot write " + ManifestPath;
      return std::nullopt;
    }
    Result = PreambleOutcome::Built;
    return M;
  }
  if (Lock.waitForUnlockFor(LockWait) == llvm::WaitForUnlockResult::Timeout) {
    Why = "timed out waiting for another build of the preamble";
    return std::nullopt;
  }
  std::optional<Manifest> M = readManifest(ManifestPath);
  if (!Current(M)) {
    Why = "another build of the preamble did not finish";
    return std::nullopt;
  }
  return M;
}

/// Thread CPU time, in nanoseconds.
uint64_t threadCpuNs() {
  timespec T;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T))
    return 0;
  return uint64_t(T.tv_sec) * 1000000000u + uint64_t(T.tv_nsec);
}

/// A unit's record of its leading includes (`<key>.lead`), written by the
/// side that parsed them (LeadingIncludeRecorder).
struct LeadingRecord {
  uint64_t LinesEnd = 0; ///< where the leading #include lines end (leadingIncludeLines)
  std::string Hash;      ///< contentHash of the main file's bytes up to LinesEnd
  uint64_t Bounds = 0;   ///< where the lines that include only system headers end
  uint64_t CostNs = 0;   ///< the thread CPU time those lines took to parse
  std::string Why;       ///< why the lines after Bounds do not qualify
};

std::optional<LeadingRecord> readLeadingRecord(llvm::StringRef File) {
  std::optional<json::Object> O = readFormatFile(File, LeadingFormat);
  if (!O)
    return std::nullopt;
  LeadingRecord R;
  R.LinesEnd = static_cast<uint64_t>(O->getInteger("linesEnd").value_or(0));
  R.Hash = O->getString("hash").value_or("").str();
  R.Bounds = static_cast<uint64_t>(O->getInteger("bounds").value_or(0));
  R.CostNs = static_cast<uint64_t>(O->getInteger("costNs").value_or(0));
  R.Why = O->getString("why").value_or("").str();
  if (R.Bounds > R.LinesEnd)
    return std::nullopt;
  return R;
}

/// Follows the side's preprocessor through the main file's leading #include
/// lines (recordLeadingIncludes).
class LeadingIncludeRecorder : public LeadingLinesRules {
public:
  LeadingIncludeRecorder(Preprocessor &PP, const LeadingIncludes &L)
      : LeadingLinesRules(PP), Lines(L.Lines), RecordTo(L.RecordTo) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, llvm::StringRef, bool,
                          CharSourceRange, OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind Kind) override {
    if (Finished() || !HashLoc.isFileID() || SM.getFileID(HashLoc) != SM.getMainFileID())
      return;
    // The previous line's header was read (or skipped, already included).
    if (Current >= 0)
      done();
    if (Next >= Lines.size() || Lines[Next].Hash != SM.getFileOffset(HashLoc))
      return stop("an #include after the leading lines");
    Current = static_cast<int>(Next++);
    if (Current == 0)
      StartNs = threadCpuNs();
    if (!File)
      return stop("the header of line %0 was not found");
    if (Kind == SrcMgr::C_User)
      return stop("line %0 includes a project header");
  }
  void FileChanged(SourceLocation Loc, FileChangeReason Reason, SrcMgr::CharacteristicKind Kind,
                   FileID Prev) override {
    LeadingLinesRules::FileChanged(Loc, Reason, Kind, Prev);
    if (watching() && Reason == ExitFile && SM.getFileID(Loc) == SM.getMainFileID())
      done();
  }
  /// A line's header was included before: nothing to read.
  void FileSkipped(const FileEntryRef &, const Token &FilenameTok,
                   SrcMgr::CharacteristicKind) override {
    if (watching() && FilenameTok.getLocation().isFileID() &&
        SM.getFileID(FilenameTok.getLocation()) == SM.getMainFileID())
      done();
  }
  void EndOfMainFile() override {
    if (Lines.empty())
      return;
    if (watching())
      done();
    llvm::StringRef Text = SM.getBufferData(SM.getMainFileID());
    uint64_t LinesEnd = Lines.back().End;
    if (LinesEnd > Text.size())
      return;
    std::string Out;
    llvm::raw_string_ostream(Out) << json::Value(json::Object{
        {"format", LeadingFormat},
        {"linesEnd", static_cast<int64_t>(LinesEnd)},
        {"hash", contentHash(Text.take_front(LinesEnd))},
        {"bounds", static_cast<int64_t>(Usable ? Lines[Usable - 1].End : 0)},
        {"costNs", static_cast<int64_t>(CostNs)},
        {"why", Why}});
    writeAtomically(RecordTo, Out);
  }

private:
  /// Whether nothing more is to be learnt: a line did not qualify, or the
  /// last one did.
  bool Finished() const { return !Why.empty() || Usable == Lines.size(); }
  /// While a line's header (and what it includes) is read.
  bool watching() const override { return Current >= 0 && !Finished(); }
  void disqualify(std::string What) override { stop("a header of line %0 " + What); }
  /// Line Current is done: its header and what it included are system ones.
  void done() {
    Usable = Current + 1;
    CostNs = threadCpuNs() - StartNs;
  }
  /// The lines from Current on do not qualify; %0 in \p Reason is Current's
  /// line number.
  void stop(std::string Reason) {
    unsigned Line = 0;
    if (Current >= 0)
      Line = 1 + SM.getBufferData(SM.getMainFileID())
                     .take_front(Lines[Current].Hash)
                     .count('\n');
    size_t At = Reason.find("%0");
    if (At != std::string::npos)
      Reason.replace(At, 2, std::to_string(Line));
    Why = std::move(Reason);
  }

  std::vector<LeadingIncludes::Line> Lines;
  std::string RecordTo;
  size_t Next = 0;
  int Current = -1;
  size_t Usable = 0;
  std::string Why;
  uint64_t StartNs = 0, CostNs = 0;
};

/// The preamble of \p CI's leading includes (LeadingIncludes), on top of
/// the shared preamble \p Shared (whose key material is \p SharedKey) that
/// \p CI already loads: uses it, builds it, or asks the side to record its
/// lines. On Used or Built, \p CI reads it as the main file's precompiled
/// preamble and \p Inputs gets its files.
PreambleOutcome applyLeadingPreamble(CompilerInvocation &CI,
                                     llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                                     llvm::StringRef PreambleDir,
                                     std::shared_ptr<PCHContainerOperations> PCHOps,
                                     std::vector<InputDigest> &Inputs, llvm::StringRef SharedKey,
                                     const Manifest &Shared, LeadingIncludes &Leading) {
  auto Cold = [](std::string Why) { return PreambleOutcome{PreambleOutcome::Cold, std::move(Why)}; };
  // A forced include of the unit's own comes before the main file's lines:
  // the preamble would hold it, and the side would read it again.
  if (!CI.getPreprocessorOpts().Includes.empty())
    return Cold("the command has -include files of its own");
  const FrontendOptions &FE = CI.getFrontendOpts();
  llvm::SmallString<256> Main(FE.Inputs.front().getFile());
  FS->makeAbsolute(Main);
  auto Read = FS->getBufferForFile(Main, /*FileSize=*/-1, /*RequiresNullTerminator=*/true);
  if (!Read)
    return Cold("cannot read the main file");
  // A copy (not a mapping of the file), which the side then parses: the
  // bytes the preamble stands for are the ones checked here, even if the
  // file is saved again meanwhile.
  std::unique_ptr<llvm::MemoryBuffer> Text =
      llvm::MemoryBuffer::getMemBufferCopy((*Read)->getBuffer(), Main);
  Read->reset();
  llvm::StringRef Bytes = Text->getBuffer();
  std::vector<LeadingIncludes::Line> Lines = leadingIncludeLines(Bytes, CI.getLangOpts());
  if (Lines.empty())
    return Cold("the file does not start with #include lines (comments between them, a // "
                "comment after one)");
  // The unit: the shared key, the main file, where its includes are searched.
  std::string KeyMaterial;
  llvm::raw_string_ostream OS(KeyMaterial);
  OS << SharedKey << "leading includes of " << Main << "\n";
  for (const HeaderSearchOptions::Entry &E : CI.getHeaderSearchOpts().UserEntries)
    OS << "search " << unsigned(E.Group) << " " << E.Path << "\n";
  OS << "device bodies skipped: " << Leading.SkipsDeviceBodies << "\n"
     << "check predefines: " << contentHash(Leading.CheckPredefines) << "\n";
  if (auto Cwd = FS->getCurrentWorkingDirectory())
    OS << "cwd " << *Cwd << "\n";
  std::string Key = contentHash(KeyMaterial);
  llvm::SmallString<256> Base(PreambleDir);
  path::append(Base, Key);
  std::string RecordPath = (Base + ".lead").str();
  // The record of the lines as they are now (their bytes unchanged), or a
  // new one.
  auto Record = [&](llvm::StringRef Why) {
    Leading.RecordTo = RecordPath;
    Leading.Lines = std::move(Lines);
    return Cold(Why.str());
  };
  std::optional<LeadingRecord> R = readLeadingRecord(RecordPath);
  if (!R || R->LinesEnd != Lines.back().End ||
      R->Hash != contentHash(Bytes.take_front(R->LinesEnd)) ||
      (R->Bounds && !llvm::any_of(Lines, [&](const LeadingIncludes::Line &L) {
        return L.End == R->Bounds;
      })))
    return Record("leading includes recorded for the next analysis");
  if (R->Bounds == 0)
    return Cold(R->Why);
  if (R->CostNs < leadingWorthNs())
    return Cold("leading includes parse in " + std::to_string(R->CostNs / 1000000) +
                " ms: cheaper than a preamble");
  std::string ManifestPath = (Base + ".json").str();
  std::string BoundsHash = R->Hash;
  llvm::SmallString<256> Real;
  if (FS->getRealPath(Main, Real))
    Real = Main;
  // The project's directories and the main file's (`#include "..."` looks
  // there first), watched by the files named like the preamble's headers.
  std::vector<std::string> ProjectDirs = projectDirectories(CI, *FS);
  // (clang looks in the directory of the name it opened the file by.)
  for (llvm::StringRef P : {llvm::StringRef(Real), llvm::StringRef(Main)}) {
    llvm::SmallString<256> Dir(path::parent_path(P));
    path::remove_dots(Dir, /*remove_dot_dot=*/false);
    if (!llvm::is_contained(ProjectDirs, Dir.str()))
      ProjectDirs.insert(ProjectDirs.begin(), Dir.str().str());
  }
  auto Current = [&](const std::optional<Manifest> &M) {
    return M && M->SharedPch == Shared.Pch && M->Bounds == R->Bounds &&
           M->BoundsHash == BoundsHash && inputsUnchanged(*M, PreambleDir) &&
           filesNamed(ProjectDirs, M->Names, *FS) == M->ProjectFiles;
  };
  PreambleOutcome::Kind Result = PreambleOutcome::Used;
  std::optional<Manifest> M = readManifest(ManifestPath);
  if (!Current(M)) {
    auto Build = [&] {
      auto BuildCI = std::make_shared<CompilerInvocation>(CI);
      FrontendOptions &BFE = BuildCI->getFrontendOpts();
      BFE.ProgramAction = frontend::GeneratePCH;
      BFE.SkipFunctionBodies = systemBodySkipping();
      PreprocessorOptions &BPP = BuildCI->getPreprocessorOpts();
      BPP.GeneratePreamble = true;
      BPP.PrecompiledPreambleBytes = {0, false};
      BPP.RetainRemappedFileBuffers = false;
      BPP.addRemappedFile(FE.Inputs.front().getFile(),
                          llvm::MemoryBuffer::getMemBufferCopy(Bytes.take_front(R->Bounds),
                                                               Main)
                              .release());
      Manifest B =
          buildPreamble(BuildCI, PreambleDir, Key, FS, PCHOps, Real, ProjectDirs, &Leading);
      B.SharedPch = Shared.Pch;
      B.Bounds = R->Bounds;
      B.BoundsHash = BoundsHash;
      if (!B.Pch.empty()) {
        // One identity for the chain (PreambleIdentity.h).
        uint64_t Ids[2] = {0, 0};
        llvm::StringRef(Shared.Identity).getAsInteger(16, Ids[0]);
        llvm::StringRef(B.Identity).getAsInteger(16, Ids[1]);
        B.Identity = llvm::utohexstr(chainedPreambleIdentity(Ids), false, 16);
      }
      return B;
    };
    std::string Why;
    M = currentManifestUnderLock(Base, ManifestPath, KeyMaterial, Current, Build, Result, Why);
    if (!M)
      return Cold(Why);
  }
  // Headers that changed since the lines were recorded (a project header
  // that now shadows a system one): recorded again, by this side.
  if (M->Pch.empty())
    return M->RulesRefused ? Record(M->Why + "; leading includes recorded again") : Cold(M->Why);
  llvm::SmallString<256> Pch(PreambleDir);
  path::append(Pch, M->Pch);
  adoptManifest(*M, ManifestPath, Inputs);
  PreprocessorOptions &UsePP = CI.getPreprocessorOpts();
  UsePP.ImplicitPCHInclude = std::string(Pch);
  UsePP.PrecompiledPreambleBytes = {static_cast<unsigned>(R->Bounds), true};
  // Checked here (the manifest's inputs); clang would compare the main
  // file with the preamble's copy of its first bytes.
  UsePP.DisablePCHOrModuleValidation = DisableValidationForModuleKind::PCH;
  UsePP.RetainRemappedFileBuffers = false;
  UsePP.addRemappedFile(FE.Inputs.front().getFile(), Text.release());
  Leading.DeviceBodiesSkipped = M->DeviceBodiesSkipped;
  return {Result, ""};
}

} // namespace

std::vector<LeadingIncludes::Line> leadingIncludeLines(llvm::StringRef Text,
                                                       const LangOptions &LO) {
  std::vector<LeadingIncludes::Line> Out;
  Lexer L(SourceLocation(), LO, Text.begin(), Text.begin(), Text.end());
  auto Offset = [&](const Token &T) {
    return static_cast<unsigned>(L.getBufferLocation() - Text.begin()) - T.getLength();
  };
  Token T;
  L.LexFromRawLexer(T);
  while (T.is(tok::hash) && T.isAtStartOfLine()) {
    unsigned Hash = Offset(T);
    L.LexFromRawLexer(T);
    if (!T.is(tok::raw_identifier) || T.getRawIdentifier() != "include" || T.isAtStartOfLine())
      break;
    L.LexFromRawLexer(T);
    if (T.isAtStartOfLine())
      break;
    if (T.is(tok::less)) {
      while (!T.is(tok::greater) && !T.is(tok::eof) && !T.isAtStartOfLine())
        L.LexFromRawLexer(T);
      if (!T.is(tok::greater) || T.isAtStartOfLine())
        break;
    } else if (!T.is(tok::string_literal)) {
      break;
    }
    size_t NameEnd = Offset(T) + T.getLength();
    size_t NewLine = Text.find('\n', NameEnd);
    if (NewLine == llvm::StringRef::npos)
      break;
    // Only a `//` comment may follow on the line: a `/*` comment could run
    // past it, and a backslash (or the trigraph `??/`) would continue it. A
    // lone carriage return ends a line for clang, not for this scan.
    llvm::StringRef Rest = Text.slice(NameEnd, NewLine);
    if (Rest.ends_with("\r"))
      Rest = Rest.drop_back();
    if (Text.slice(Hash, NameEnd).contains('\\') || Rest.contains('\r') ||
        Rest.contains("??/"))
      break;
    Rest = Rest.trim();
    if (!Rest.empty() && (!Rest.starts_with("//") || Rest.ends_with("\\")))
      break;
    // Nothing else may start on the line.
    L.LexFromRawLexer(T);
    if (!T.is(tok::eof) && Offset(T) < NewLine + 1)
      break;
    Out.push_back({Hash, static_cast<unsigned>(NewLine + 1)});
  }
  return Out;
}

std::unique_ptr<PPCallbacks> recordLeadingIncludes(Preprocessor &PP, const LeadingIncludes &L) {
  return std::make_unique<LeadingIncludeRecorder>(PP, L);
}

PreambleOutcome applySharedPreamble(CompilerInvocation &CI,
                                    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                                    llvm::StringRef PreambleDir,
                                    std::shared_ptr<PCHContainerOperations> PCHOps,
                                    std::vector<InputDigest> &Inputs, bool OnFirstSide,
                                    LeadingIncludes *Leading) {
  auto Cold = [](std::string Why) { return PreambleOutcome{PreambleOutcome::Cold, std::move(Why)}; };
  if (!CI.getLangOpts().CUDA)
    return Cold("not a CUDA side");
  const PreprocessorOptions &PP = CI.getPreprocessorOpts();
  const FrontendOptions &FE = CI.getFrontendOpts();
  if (FE.Inputs.size() != 1 || !FE.Inputs.front().isFile())
    return Cold("not one source file");
  if (!PP.ImplicitPCHInclude.empty() || !PP.RemappedFiles.empty() ||
      !PP.RemappedFileBuffers.empty())
    return Cold("the command has a PCH or remapped files");
  if (!PP.MacroIncludes.empty())
    return Cold("the command has -imacros"); // read before any -include
  // The leading forced includes that are clang's and cuda-lint's: the PCH
  // stands for exactly those, and the unit's own -include files follow it.
  std::vector<std::string> Prefix;
  for (const std::string &I : PP.Includes) {
    if (!isPreambleInclude(I))
      break;
    Prefix.push_back(I);
  }
  if (Prefix.empty() || Prefix.front() != RuntimeWrapper)
    return Cold("no CUDA runtime wrapper include");

  std::string Wrapper = shadowingRuntimeWrapper(CI, *FS);
  if (!Wrapper.empty())
    return Cold(Wrapper + " could shadow a header of the preamble");

  std::shared_ptr<CompilerInvocation> KeyCI = preambleInvocation(CI, Prefix);
  std::string KeyMaterial = preambleKeyMaterial(*KeyCI, *FS);
  std::string Key = contentHash(KeyMaterial);
  llvm::SmallString<256> Base(PreambleDir);
  path::append(Base, Key);
  std::string ManifestPath = (Base + ".json").str();

  PreambleOutcome::Kind Result = PreambleOutcome::Used;
  llvm::SmallString<256> Pch;
  Manifest Shared;
  // A manifest is current while its inputs are unchanged and clang has not
  // refused its PCH (a damaged file): a refused one is rebuilt once.
  std::string Refused;
  for (unsigned Attempt = 0;; ++Attempt) {
    auto Current = [&](const std::optional<Manifest> &M) {
      return M && inputsUnchanged(*M, PreambleDir) && (Refused.empty() || M->Pch != Refused);
    };
    std::optional<Manifest> M = readManifest(ManifestPath);
    if (!Current(M)) {
      if (std::error_code EC = fs::create_directories(PreambleDir))
        return Cold("cannot create " + PreambleDir.str() + ": " + EC.message());
      // The first side of a flag set without a preamble leaves a mark and
      // parses cold; the side that finds the mark builds (a stale manifest
      // was shared before: rebuilt at once).
      if (!OnFirstSide && !M) {
        fs::file_t FD;
        std::error_code EC = fs::openFileForWrite(Base + ".seen", FD, fs::CD_CreateNew);
        if (!EC) {
          fs::closeFile(FD);
          return Cold("the first side with these flags (built when a second needs it)");
        }
        if (EC != std::errc::file_exists)
          return Cold("cannot create " + (Base + ".seen").str() + ": " + EC.message());
      }
      std::string Why;
      M = currentManifestUnderLock(
          Base, ManifestPath, KeyMaterial, Current,
          [&] {
            return buildPreamble(std::make_shared<CompilerInvocation>(*KeyCI), PreambleDir, Key,
                                 FS, PCHOps);
          },
          Result, Why);
      if (!M)
        return Cold(Why);
    }
    if (M->Pch.empty())
      return Cold(M->Why);
    std::string Shadow = shadowingFile(CI, *M, *FS);
    if (!Shadow.empty())
      return Cold(Shadow + " could shadow a header of the preamble");
    Pch = PreambleDir;
    path::append(Pch, M->Pch);
    // clang's own check of the PCH's options against the side's.
    FileManager FM(FileSystemOptions(), FS);
    std::shared_ptr<ModuleCache> MC = createCrossProcessModuleCache();
    if (ASTReader::isAcceptableASTFile(Pch, FM, *MC, PCHOps->getRawReader(), CI.getLangOpts(),
                                       CI.getCodeGenOpts(), CI.getTargetOpts(), PP,
                                       CI.getHeaderSearchOpts(), "",
                                       /*RequireStrictOptionMatches=*/false)) {
      adoptManifest(*M, ManifestPath, Inputs);
      Shared = std::move(*M);
      break;
    }
    if (Attempt == 1)
      return Cold("clang does not accept the preamble for this side's options");
    Refused = M->Pch;
  }
  // The PCH stands for the forced includes it was built from: the side
  // includes only the ones after them (its own -include files).
  PreprocessorOptions &UsePP = CI.getPreprocessorOpts();
  UsePP.ImplicitPCHInclude = std::string(Pch);
  UsePP.Includes.erase(UsePP.Includes.begin(), UsePP.Includes.begin() + Prefix.size());
  if (Leading && !std::getenv("CUDA_LINT_NO_LEADING_PREAMBLE"))
    Leading->Outcome =
        applyLeadingPreamble(CI, FS, PreambleDir, PCHOps, Inputs, KeyMaterial, Shared, *Leading)
            .str();
  return {Result, ""};
}

unsigned prunePreambles(llvm::StringRef PreambleDir, uint64_t MaxBytes) {
  struct Current {
    std::string Manifest, Pch;
    uint64_t Bytes = 0;
    std::chrono::system_clock::time_point Used; ///< the manifest's modification time
  };
  unsigned Removed = 0;
  std::error_code EC;
  std::vector<Current> Preambles;
  llvm::StringSet<> Named;
  std::vector<std::string> Others;
  for (fs::directory_iterator It(PreambleDir, EC), End; !EC && It != End; It.increment(EC)) {
    llvm::StringRef P = It->path();
    if (P.ends_with(".key") || P.ends_with(".lock"))
      continue; // a key goes with its manifest; a lock is LockFileManager's
    if (P.ends_with(".seen") || P.ends_with(".lead")) {
      // A first side's mark, or a unit's record of its leading includes:
      // kept for a month, so that a second side of a later run (a pre-commit
      // hook's one file) builds the preamble.
      fs::file_status St;
      if (!fs::status(P, St) && St.getLastModificationTime() <
                                    std::chrono::system_clock::now() - std::chrono::hours(24 * 30))
        Removed += !fs::remove(P);
      continue;
    }
    if (!P.ends_with(".json")) {
      Others.push_back(P.str());
      continue;
    }
    std::optional<Manifest> M = readManifest(P);
    fs::file_status St, PchSt;
    if (!M || M->Pch.empty() || fs::status(P, St))
      continue;
    llvm::SmallString<256> Pch(PreambleDir);
    path::append(Pch, M->Pch);
    Named.insert(M->Pch);
    Preambles.push_back({P.str(), std::string(Pch),
                         fs::status(Pch, PchSt) ? 0 : PchSt.getSize(),
                         St.getLastModificationTime()});
  }
  auto HourAgo = std::chrono::system_clock::now() - std::chrono::hours(1);
  for (const std::string &P : Others) {
    fs::file_status St;
    if (Named.contains(path::filename(P)) || fs::status(P, St) ||
        St.getLastModificationTime() > HourAgo)
      continue;
    if (!fs::remove(P))
      ++Removed;
  }
  uint64_t Total = 0;
  for (const Current &C : Preambles)
    Total += C.Bytes;
  if (Total <= MaxBytes)
    return Removed;
  llvm::sort(Preambles, [](const Current &A, const Current &B) { return A.Used < B.Used; });
  for (const Current &C : Preambles) {
    // One used in the last hour may be in use by another run now.
    if (Total <= MaxBytes / 5 * 4 || C.Used > HourAgo)
      break;
    // The manifest first: a side reading it then finds no preamble and builds one.
    llvm::StringRef Stem = llvm::StringRef(C.Manifest).drop_back(5);
    for (const std::string &F : {C.Manifest, (Stem + ".key").str(), C.Pch})
      if (!fs::remove(F, /*IgnoreNonExisting=*/false))
        ++Removed;
    Total -= C.Bytes;
  }
  return Removed;
}

} // namespace cuda_lint
