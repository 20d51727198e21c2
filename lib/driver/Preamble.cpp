#include "driver/Preamble.h"
#include "driver/InputFiles.h"
#include "driver/CompatHeader.h"
#include "driver/SystemBodySkipping.h"
#include "analysis/PreambleIdentity.h"
#include "checks/ConstantSizeCheck.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
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
constexpr llvm::StringLiteral PreambleFormat = "cuda-lint preamble 3";

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
                      {"constantFree", M.ConstantFree}};
}

std::optional<Manifest> readManifest(llvm::StringRef File) {
  auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  auto V = parseBoundedJson((*Buf)->getBuffer());
  if (!V) {
    llvm::consumeError(V.takeError());
    return std::nullopt;
  }
  const json::Object *O = V->getAsObject();
  if (!O || O->getString("format") != PreambleFormat)
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

/// clang's PCH generation, recording what the manifest needs.
class RecordingPCHAction : public GeneratePCHAction {
public:
  RecordingPCHAction(Manifest &M) : M(M) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<NameRecorder>(Names));
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }

  /// The PCH holds the headers as a side would have parsed them: the bodies
  /// SystemBodies.h names are skipped here as they are in a side.
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    auto Inner = GeneratePCHAction::CreateASTConsumer(CI, InFile);
    if (!Inner || !CI.getFrontendOpts().SkipFunctionBodies)
      return Inner;
    return std::make_unique<SystemBodySkippingConsumer>(std::move(Inner), CI.getSourceManager());
  }

  void EndSourceFileAction() override {
    // The compatibility headers are part of cuda-lint, in the key.
    forEachLoadedInput(getCompilerInstance().getSourceManager(),
                       [&](llvm::StringRef P, llvm::StringRef, llvm::StringRef Data) {
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
    GeneratePCHAction::EndSourceFileAction();
  }

  std::string Unstatable; ///< a file read that cannot be checked later

private:
  Manifest &M;
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

/// A project directory of \p CI that holds a file one of \p M's names could
/// find instead of the preamble's header, as "dir/name"; empty if none.
std::string shadowingFile(const CompilerInvocation &CI, const Manifest &M,
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
  for (const std::string &D : Dirs)
    for (const std::string &N : M.Names) {
      llvm::SmallString<256> P(D);
      path::append(P, N);
      if (FS.exists(P))
        return std::string(P);
    }
  return "";
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
Manifest buildPreamble(std::shared_ptr<CompilerInvocation> BuildCI, llvm::StringRef Dir,
                       llvm::StringRef Key, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                       std::shared_ptr<PCHContainerOperations> PCHOps) {
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
  RecordingPCHAction Action(M);
  bool OK = Clang.ExecuteAction(Action);
  // The directories a header created later could appear in first: the
  // system search directories, and those of the files read.
  llvm::StringSet<> Dirs;
  for (const HeaderSearchOptions::Entry &E : BuildCI->getHeaderSearchOpts().UserEntries) {
    llvm::SmallString<256> D(E.Path);
    FS->makeAbsolute(D);
    Dirs.insert(D);
  }
  for (const ManifestInput &I : M.Inputs)
    Dirs.insert(path::parent_path(I.Path));
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

} // namespace

PreambleOutcome applySharedPreamble(CompilerInvocation &CI,
                                    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                                    llvm::StringRef PreambleDir,
                                    std::shared_ptr<PCHContainerOperations> PCHOps,
                                    std::vector<InputDigest> &Inputs, bool OnFirstSide) {
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
      llvm::LockFileManager Lock(Base);
      llvm::Expected<bool> Owned = Lock.tryLock();
      if (!Owned)
        return Cold("cannot lock " + Base.str().str() + ": " + llvm::toString(Owned.takeError()));
      if (*Owned) {
        // Another process may have finished a build since the first look.
        M = readManifest(ManifestPath);
        if (!Current(M)) {
          M = buildPreamble(std::make_shared<CompilerInvocation>(*KeyCI), PreambleDir, Key, FS,
                            PCHOps);
          std::string Text;
          llvm::raw_string_ostream(Text) << manifestToJSON(*M);
          writeAtomically((Base + ".key").str(), KeyMaterial);
          if (!writeAtomically(ManifestPath, Text))
            return Cold("cannot write " + ManifestPath);
          Result = PreambleOutcome::Built;
        }
      } else {
        switch (Lock.waitForUnlockFor(LockWait)) {
        case llvm::WaitForUnlockResult::Success:
        case llvm::WaitForUnlockResult::OwnerDied:
          break;
        case llvm::WaitForUnlockResult::Timeout:
          return Cold("timed out waiting for another build of the preamble");
        }
        M = readManifest(ManifestPath);
        if (!Current(M))
          return Cold("another build of the preamble did not finish");
      }
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
      for (const ManifestInput &I : M->Inputs)
        Inputs.push_back({I.Path, I.Hash});
      uint64_t Identity;
      if (M->ConstantFree && !llvm::StringRef(M->Identity).getAsInteger(16, Identity))
        recordConstantFreePreamble(Identity);
      // Recently used, for prunePreambles.
      ::utimes(ManifestPath.c_str(), nullptr);
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
    if (P.ends_with(".seen")) {
      // A first side's mark: kept for a month, so that a second side of a
      // later run (a pre-commit hook's one file) builds the preamble.
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
