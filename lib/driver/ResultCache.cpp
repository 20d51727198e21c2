//===- ResultCache.cpp - Side results reused across runs ------------------===//
#include "driver/ResultCache.h"
#include "driver/CompatHeader.h"
#include "analysis/SystemBodies.h"
#include "driver/InputFiles.h"
#include "driver/Fixes.h"
#include "driver/SideWorker.h"
#include "ClangTidyOptions.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <cstdlib>
#include <set>
#include <unistd.h>

namespace json = llvm::json;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace cuda_lint {

namespace {

/// The format of entries: bumped when an entry's meaning changes.
constexpr llvm::StringLiteral FormatVersion = "cuda-lint result cache v2";

/// Environment variables that change a side's include search without
/// appearing on its command line.
constexpr const char *SearchPathVariables[] = {"CPATH", "C_INCLUDE_PATH",
                                               "CPLUS_INCLUDE_PATH"};

/// Whether \p E is a compiler error about a file that could not be found or
/// read: creating the file changes the result although no recorded input
/// changed (every other compiler error is decided by the inputs). A damaged
/// precompiled file (the shared preamble's) counts: it is no input either.
bool isMissingFileError(const clang::tidy::ClangTidyError &E) {
  if (!llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic-") ||
      E.DiagLevel != clang::tooling::Diagnostic::Error)
    return false;
  llvm::StringRef M = E.Message.Message;
  return M.contains("file not found") || M.contains("o such file or directory") ||
         M.contains("cannot open") || M.contains("could not") ||
         M.contains("not found") || M.contains("precompiled file") ||
         M.contains("PCH file");
}

} // namespace

bool isCacheableSideResult(const SideResult &R) {
  return !R.ToolFailure && !R.Inputs.empty() && llvm::none_of(R.Errors, isMissingFileError);
}

std::string defaultResultCacheDirectory() {
  if (std::optional<std::string> D = llvm::sys::Process::GetEnv("CUDA_LINT_CACHE_DIR"))
    if (!D->empty())
      return *D;
  llvm::SmallString<256> P;
  if (std::optional<std::string> X = llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      X && path::is_absolute(*X)) {
    P = *X;
  } else if (!path::home_directory(P)) {
    return "";
  } else {
    path::append(P, ".cache");
  }
  path::append(P, "cuda-lint");
  return std::string(P);
}

std::string toolIdentity(llvm::StringRef Executable) {
  // The executable's content, not its path or time: a cuda-lint installed
  // afresh in every CI job still reuses the results of the same build.
  std::string Id = (FormatVersion + "\n" + clang::getClangFullVersion() + "\n").str();
  auto Buf = llvm::MemoryBuffer::getFile(Executable, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  Id += Buf ? contentHash((*Buf)->getBuffer()) : ("unreadable " + Executable).str();
  return Id;
}

llvm::Expected<std::unique_ptr<ResultCache>>
ResultCache::open(llvm::StringRef Directory, uint64_t MaxBytes, std::string ToolIdentity) {
  llvm::SmallString<256> D(Directory);
  path::append(D, "v1");
  if (std::error_code EC = fs::create_directories(D, /*IgnoreExisting=*/true, fs::perms::owner_all))
    return llvm::createStringError(EC, "cannot create the result cache '%s': %s",
                                   D.c_str(), EC.message().c_str());
  if (!fs::is_directory(D))
    return llvm::createStringError(std::errc::not_a_directory,
                                   "the result cache '%s' is not a directory", D.c_str());
  return std::unique_ptr<ResultCache>(
      new ResultCache(std::string(D), MaxBytes, std::move(ToolIdentity)));
}

std::string ResultCache::key(const std::string &File, const std::string &Directory,
                             const AnalysisSide &Side, const LintSettings &Settings,
                             const clang::tidy::ClangTidyOptions::OptionMap &FactOptions) const {
  std::string Material = ToolIdentity;
  llvm::raw_string_ostream OS(Material);
  // The side as the worker process receives it (sorted JSON: deterministic).
  // Without the preamble's directory: a side's result is the same with and
  // without the shared preamble (Preamble.h).
  LintSettings Keyed = Settings;
  Keyed.PreambleDir.clear();
  OS << "\n" << requestToJSON(File, Directory, Side, Keyed, FactOptions) << "\n";
  // The configuration in effect for the file (its .cuda-lint.yaml files).
  OS << clang::tidy::configurationAsText(optionsForFile(Settings, File)) << "\n";
  for (const char *V : SearchPathVariables)
    OS << V << "=" << llvm::sys::Process::GetEnv(V).value_or("") << "\n";
  // Whether system bodies are skipped (SystemBodies.h): a compiler error in
  // such a body is reported only when they are not.
  OS << "system bodies skipped: " << systemBodySkipping() << "\n";
  return contentHash(Material);
}

std::string ResultCache::entryPath(llvm::StringRef Key) const {
  llvm::SmallString<256> P(Dir);
  path::append(P, Key.take_front(2), Key + ".json");
  return std::string(P);
}

std::optional<SideResult> ResultCache::lookup(llvm::StringRef Key) {
  auto Miss = [&]() -> std::optional<SideResult> {
    ++Analysed;
    return std::nullopt;
  };
  std::string P = entryPath(Key);
  auto Buf = llvm::MemoryBuffer::getFile(P, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return Miss();
  auto V = parseBoundedJson((*Buf)->getBuffer());
  if (!V) {
    llvm::consumeError(V.takeError());
    fs::remove(P); // corrupt: written again after this run's analysis
    return Miss();
  }
  const json::Object *O = V->getAsObject();
  const json::Value *Result = O ? O->get("result") : nullptr;
  if (!O || O->getString("key") != Key || !Result)
    return Miss();
  auto R = sideResultFromJSON(*Result);
  if (!R) {
    llvm::consumeError(R.takeError());
    return Miss();
  }
  if (R->Inputs.empty())
    return Miss();
  // The files the fix-its edit: their contents are recorded for --fix.
  std::set<std::string> Fixed;
  for (const clang::tidy::ClangTidyError &E : R->Errors)
    for (const auto &FileFix : E.Message.Fix)
      for (const clang::tooling::Replacement &Rep : FileFix.second) {
        llvm::SmallString<256> Real;
        if (!fs::real_path(Rep.getFilePath(), Real))
          Fixed.insert(std::string(Real));
      }
  std::vector<std::pair<std::string, std::unique_ptr<llvm::MemoryBuffer>>> FixedContents;
  RealPathResolver Real;
  for (const InputDigest &I : R->Inputs) {
    // Reached through a link or `..`: the name must still reach the same
    // file (a link re-pointed at another version of a library, whose old
    // files remain, is a change; so is a removed link).
    if (!I.Opened.empty()) {
      std::optional<std::string> Now = Real.resolve(I.Opened);
      if (!Now || *Now != I.Path)
        return Miss();
    }
    auto In = llvm::MemoryBuffer::getFile(I.Path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
    if (!In || contentHash((*In)->getBuffer()) != I.Hash)
      return Miss();
    if (Fixed.count(I.Path))
      FixedContents.emplace_back(I.Path, std::move(*In));
  }
  for (const auto &[Path, Content] : FixedContents)
    recordAnalysedContent(Path, Content->getBuffer());
  addProcessUniformityStats(R->Uniformity);
  int FD; // recently used: pruned last
  if (!fs::openFileForRead(P, FD)) {
    (void)fs::setLastAccessAndModificationTime(FD, std::chrono::system_clock::now());
    ::close(FD);
  }
  ++Reused;
  return std::move(*R);
}

void ResultCache::store(llvm::StringRef Key, const SideResult &R) {
  if (!isCacheableSideResult(R)) {
    ++NotStored;
    return;
  }
  std::string P = entryPath(Key);
  llvm::SmallString<256> Sub(path::parent_path(P));
  if (fs::create_directories(Sub, /*IgnoreExisting=*/true, fs::perms::owner_all))
    return;
  llvm::SmallString<256> Tmp(Sub);
  path::append(Tmp, "tmp-%%%%%%%%");
  int FD;
  if (fs::createUniqueFile(Tmp, FD, Tmp))
    return;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << json::Value(json::Object{{"key", Key}, {"result", sideResultToJSON(R)}});
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      fs::remove(Tmp);
      return;
    }
  }
  if (fs::rename(Tmp, P)) {
    fs::remove(Tmp);
    return;
  }
  ++Stored;
}

void ResultCache::prune() {
  struct Entry {
    std::string Path;
    uint64_t Size;
    llvm::sys::TimePoint<> Used;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  for (fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC)) {
    fs::file_status St;
    if (fs::status(It->path(), St) || St.type() != fs::file_type::regular_file)
      continue;
    llvm::StringRef Name = path::filename(It->path());
    if (Name.starts_with("tmp-")) {
      if (Now - St.getLastModificationTime() > std::chrono::hours(1))
        fs::remove(It->path());
      continue;
    }
    Entries.push_back({It->path(), St.getSize(), St.getLastModificationTime()});
    Total += St.getSize();
  }
  if (Total <= MaxBytes)
    return;
  llvm::sort(Entries, [](const Entry &A, const Entry &B) { return A.Used < B.Used; });
  uint64_t Target = MaxBytes / 5 * 4;
  for (const Entry &E : Entries) {
    if (Total <= Target)
      break;
    if (!fs::remove(E.Path)) {
      Total -= E.Size;
      ++Pruned;
    }
  }
}

ResultCacheStats ResultCache::stats() const {
  ResultCacheStats S;
  S.Reused = Reused;
  S.Analysed = Analysed;
  S.Stored = Stored;
  S.NotStored = NotStored;
  S.Pruned = Pruned;
  return S;
}

} // namespace cuda_lint
