//===- ResultCache.h - Side results reused across runs ---------*- C++ -*-===//
//
// A side of a translation unit whose command, configuration, cuda-lint
// binary and every file it read are unchanged since an earlier run gives the
// same diagnostics: cuda-lint reuses them instead of parsing the unit again.
// The design is ccache's direct mode: the key hashes what is known before the
// side runs (the side's command and directory, the configuration in effect
// for the file, the facts of its compile command, the cuda-lint executable,
// the include-path environment variables); the entry records the files the
// side read (InputDigest) and is reused only while each still has the
// recorded content.
//
// Limits, as for ccache's direct mode: a header that did not exist when the
// side ran and now shadows one it read (a new file earlier on the include
// path), or that a `__has_include` now finds, is not seen; a side whose
// compiler error is a missing or unreadable file is therefore never stored.
// `--no-cache` turns the cache off.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_RESULTCACHE_H
#define CUDA_LINT_DRIVER_RESULTCACHE_H

#include "driver/LintRunner.h"
#include "llvm/Support/Error.h"
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace cuda_lint {

/// What the cache did during a run.
struct ResultCacheStats {
  unsigned Reused = 0;      ///< sides whose result came from the cache
  unsigned Analysed = 0;    ///< sides looked up and not found (or stale)
  unsigned Stored = 0;      ///< results written
  unsigned NotStored = 0;   ///< results not cacheable (a missing file, a tool failure)
  unsigned Pruned = 0;      ///< entries removed by prune()
};

/// The result cache of one cuda-lint run: entries `<dir>/v1/<xx>/<key>.json`.
/// Thread-safe: the worker threads look up and store concurrently, and two
/// cuda-lint processes may share a directory (entries are written to a
/// temporary file and renamed into place, so a reader never sees half an
/// entry). A corrupt or unreadable entry is a miss, never an error.
class ResultCache {
public:
  /// Opens the cache under \p Directory, creating it (mode 0700) if needed.
  /// \p MaxBytes bounds its size (prune()). \p ToolIdentity names the
  /// cuda-lint build (toolIdentity()): a rebuilt binary never reuses the
  /// results of another. Fails, naming the directory, when it cannot be
  /// created or is not a directory.
  static llvm::Expected<std::unique_ptr<ResultCache>>
  open(llvm::StringRef Directory, uint64_t MaxBytes, std::string ToolIdentity);

  /// The key of a side (32 hex digits): a hash of everything that decides
  /// its result before it runs (see the file comment).
  std::string key(const std::string &File, const std::string &Directory,
                  const AnalysisSide &Side, const LintSettings &Settings,
                  const clang::tidy::ClangTidyOptions::OptionMap &FactOptions) const;

  /// The stored result of \p Key when every file it read still has the
  /// recorded content; nullopt otherwise. On a hit, the files that its
  /// fix-its edit are recorded as analysed (recordAnalysedContent), as the
  /// side itself would have, its uniformity statistics are added to the
  /// process's, and the entry counts as recently used.
  std::optional<SideResult> lookup(llvm::StringRef Key);

  /// Stores \p R under \p Key when it is cacheable: no tool failure, a
  /// record of inputs, and no compiler error about a missing or unreadable
  /// file (see the file comment).
  void store(llvm::StringRef Key, const SideResult &R);

  /// Removes the least recently used entries until the cache holds at most
  /// 80% of MaxBytes, if it holds more than MaxBytes; and temporary files
  /// older than an hour (left by an interrupted run).
  void prune();

  ResultCacheStats stats() const;
  llvm::StringRef directory() const { return Dir; }

private:
  ResultCache(std::string Dir, uint64_t MaxBytes, std::string ToolIdentity)
      : Dir(std::move(Dir)), MaxBytes(MaxBytes), ToolIdentity(std::move(ToolIdentity)) {}
  std::string entryPath(llvm::StringRef Key) const;

  std::string Dir; ///< <directory>/v1
  uint64_t MaxBytes;
  std::string ToolIdentity;
  std::atomic<unsigned> Reused{0}, Analysed{0}, Stored{0}, NotStored{0}, Pruned{0};
};

/// The default cache directory: $CUDA_LINT_CACHE_DIR, else
/// $XDG_CACHE_HOME/cuda-lint, else ~/.cache/cuda-lint; empty when none of
/// them can be determined.
std::string defaultResultCacheDirectory();

/// Identifies the cuda-lint build at \p Executable: the hash of its content,
/// the version of the clang libraries it runs with, and the cache format's
/// version.
std::string toolIdentity(llvm::StringRef Executable);

/// Whether \p R may be stored (see ResultCache::store).
bool isCacheableSideResult(const SideResult &R);

} // namespace cuda_lint

#endif
