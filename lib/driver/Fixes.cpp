#include "driver/Fixes.h"
#include "driver/Baseline.h"
#include "driver/Output.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/xxhash.h"
#include <chrono>
#include <map>
#include <mutex>

namespace cuda_lint {
namespace {

/// The file behind \p Path (symbolic links resolved), or \p Path.
std::string realPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path.str();
  return std::string(Real);
}

/// Hashes of analysed contents, by real path; Changed: seen with two contents.
struct AnalysedContents {
  std::mutex M;
  llvm::StringMap<uint64_t> Hash;
  llvm::StringMap<bool> Changed;
};
AnalysedContents &analysed() {
  static AnalysedContents A;
  return A;
}

/// How long a --fix run waits for another one holding a file's lock.
constexpr std::chrono::milliseconds FixLockTimeout(10000);

/// Writes \p Text over \p Real: a temporary file beside it with its mode and
/// owner, renamed over it; the temporary file is removed on SIGINT/SIGTERM.
llvm::Error replaceFile(llvm::StringRef Real, const llvm::sys::fs::file_status &St,
                        llvm::StringRef Text) {
  llvm::SmallString<256> Temp;
  int FD;
  llvm::SmallString<256> Model(Real);
  Model += ".cuda-lint-%%%%%%.tmp";
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp))
    return llvm::createStringError(Real + ": cannot create a temporary file: " + EC.message());
  llvm::sys::RemoveFileOnSignal(Temp);
  auto Fail = [&](const llvm::Twine &Why) {
    llvm::sys::fs::remove(Temp);
    llvm::sys::DontRemoveFileOnSignal(Temp);
    return llvm::createStringError((Real + ": " + Why).str());
  };
  // The owner first (it may clear set-id bits), then the mode.
  (void)llvm::sys::fs::changeFileOwnership(FD, St.getUser(), St.getGroup());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error())
      return Fail("cannot write: " + OS.error().message());
  }
  if (std::error_code EC = llvm::sys::fs::setPermissions(Temp, St.permissions()))
    return Fail("cannot set the permissions of the new text: " + EC.message());
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Real))
    return Fail("cannot replace: " + EC.message());
  llvm::sys::DontRemoveFileOnSignal(Temp);
  return llvm::Error::success();
}

/// Applies \p Replacements to the file \p Path; an error says why it was left.
llvm::Error fixOneFile(const std::string &Path, const clang::tooling::Replacements &Replacements,
                       const FixOptions &Opts, bool &Changed) {
  Changed = false;
  std::string Real = realPath(Path);
  llvm::sys::fs::file_status St;
  if (std::error_code EC = llvm::sys::fs::status(Real, St))
    return llvm::createStringError(Path + ": cannot read to apply fixes: " + EC.message());
  if (!llvm::sys::fs::is_regular_file(St))
    return llvm::createStringError(Path + ": not a regular file; its fixes were not applied");
  if (St.getLinkCount() > 1)
    return llvm::createStringError(
        Path + ": has " + std::to_string(St.getLinkCount()) +
        " hard links; replacing it would separate them, so its fixes were not applied");
  bool Writable = !llvm::sys::fs::access(Real, llvm::sys::fs::AccessMode::Write) &&
                  (St.permissions() & (llvm::sys::fs::owner_write | llvm::sys::fs::group_write |
                                       llvm::sys::fs::others_write));
  if (!Writable && !Opts.Force)
    return llvm::createStringError(
        Path + ": is read-only; its fixes were not applied (--force writes it)");

  // Held while the file is read, checked and replaced.
  int LockFD = -1;
  bool Locked = false;
  if (!llvm::sys::fs::openFileForReadWrite(Real, LockFD, llvm::sys::fs::CD_OpenExisting,
                                           llvm::sys::fs::OF_None)) {
    if (std::error_code EC = llvm::sys::fs::tryLockFile(LockFD, FixLockTimeout)) {
      llvm::sys::Process::SafelyCloseFileDescriptor(LockFD);
      return llvm::createStringError(Path + ": another process holds it (" + EC.message() +
                                     "); its fixes were not applied");
    }
    Locked = true;
  }
  llvm::scope_exit Unlock([&] {
    if (LockFD >= 0) {
      if (Locked)
        llvm::sys::fs::unlockFile(LockFD);
      llvm::sys::Process::SafelyCloseFileDescriptor(LockFD);
    }
  });

  auto Buf = llvm::MemoryBuffer::getFile(Real, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return llvm::createStringError(Path + ": cannot read to apply fixes: " +
                                   Buf.getError().message());
  llvm::StringRef Text = (*Buf)->getBuffer();
  {
    AnalysedContents &A = analysed();
    std::lock_guard<std::mutex> L(A.M);
    if (A.Changed.lookup(Real))
      return llvm::createStringError(
          Path + ": changed while it was analysed (the sides saw different contents); its "
                 "fixes were not applied: run cuda-lint --fix again");
    auto It = A.Hash.find(Real);
    if (It != A.Hash.end() && It->second != llvm::xxh3_64bits(Text))
      return llvm::createStringError(
          Path + ": changed since it was analysed; its fixes were not applied: run cuda-lint "
                 "--fix again");
  }
  auto NewText = clang::tooling::applyAllReplacements(Text, Replacements);
  if (!NewText)
    return llvm::createStringError(Path + ": cannot apply fixes: " +
                                   llvm::toString(NewText.takeError()));
  if (*NewText == Text)
    return llvm::Error::success();
  if (llvm::Error E = replaceFile(Real, St, *NewText))
    return E;
  Changed = true;
  return llvm::Error::success();
}

} // namespace

void recordAnalysedContent(llvm::StringRef Path, llvm::StringRef Content) {
  std::string Real = realPath(Path);
  uint64_t H = llvm::xxh3_64bits(Content);
  AnalysedContents &A = analysed();
  std::lock_guard<std::mutex> L(A.M);
  auto [It, New] = A.Hash.try_emplace(Real, H);
  if (!New && It->second != H)
    A.Changed[Real] = true;
}

std::vector<AnalysedContentHash> analysedContentHashes() {
  AnalysedContents &A = analysed();
  std::lock_guard<std::mutex> L(A.M);
  std::vector<AnalysedContentHash> Out;
  for (const auto &E : A.Hash)
    Out.push_back({E.getKey().str(), E.getValue(), A.Changed.lookup(E.getKey())});
  return Out;
}

void clearAnalysedContentHashes() {
  AnalysedContents &A = analysed();
  std::lock_guard<std::mutex> L(A.M);
  A.Hash.clear();
  A.Changed.clear();
}

void recordAnalysedHash(const AnalysedContentHash &H) {
  AnalysedContents &A = analysed();
  std::lock_guard<std::mutex> L(A.M);
  auto [It, New] = A.Hash.try_emplace(H.RealPath, H.Hash);
  if (H.Changed || (!New && It->second != H.Hash))
    A.Changed[H.RealPath] = true;
}

FixReport applyFixes(const std::vector<Finding> &Findings, const FixOptions &Opts) {
  FixReport Report;
  // Keyed by the real file: a header reached through a link and directly is
  // one file, edited once.
  std::map<std::string, std::pair<std::string, clang::tooling::Replacements>> PerFile;
  for (const Finding &F : Findings) {
    if (!Opts.IncludeUnsafe && isUnsafeFix(F)) {
      ++Report.SkippedUnsafe;
      continue;
    }
    for (const auto &FileFix : F.Error.Message.Fix)
      for (const clang::tooling::Replacement &R : FileFix.second) {
        std::string Real = realPath(R.getFilePath());
        auto &Entry = PerFile[Real];
        if (Entry.first.empty())
          Entry.first = R.getFilePath().str();
        clang::tooling::Replacement Same(Real, R.getOffset(), R.getLength(),
                                         R.getReplacementText());
        // The same edit from two findings (two units sharing a header, two
        // sides): applied once. Replacements would merge two identical
        // insertions into a doubled one.
        if (llvm::is_contained(Entry.second, Same))
          continue;
        if (llvm::Error E = Entry.second.add(Same)) {
          // The same replacement seen twice (two findings, one fix) is fine.
          llvm::consumeError(std::move(E));
          bool Duplicate = false;
          for (const auto &Existing : Entry.second)
            Duplicate |= Existing == Same;
          if (!Duplicate)
            ++Report.Conflicting;
        }
      }
  }
  for (auto &[Real, Entry] : PerFile) {
    if (Entry.second.empty())
      continue;
    bool Changed = false;
    if (llvm::Error E = fixOneFile(Entry.first, Entry.second, Opts, Changed)) {
      Report.Failures.push_back(llvm::toString(std::move(E)));
      continue;
    }
    if (Changed) {
      Report.Applied += Entry.second.size();
      Report.FilesChanged.push_back(Entry.first);
    }
  }
  return Report;
}

llvm::Error exportFixes(llvm::StringRef Path, const std::vector<Finding> &Findings) {
  clang::tooling::TranslationUnitDiagnostics TUD;
  for (const Finding &F : Findings) {
    if (F.Error.Message.Fix.empty())
      continue;
    clang::tooling::Diagnostic D = F.Error;
    // Error rules travel as warnings made errors (WarningsAsErrors): export
    // the level the user sees.
    if (F.isError())
      D.DiagLevel = clang::tooling::Diagnostic::Error;
    if (isUnsafeFix(F))
      D.Message.Message += " (fix may change behaviour)";
    TUD.Diagnostics.push_back(std::move(D));
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::yaml::Output YAML(OS);
  YAML << TUD;
  OS.flush();
  return writeFileAtomically(Path, Text);
}

} // namespace cuda_lint
