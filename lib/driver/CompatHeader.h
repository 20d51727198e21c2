//===- CompatHeader.h - What nvcc provides and clang does not ---*- C++ -*-===//
//
// Some code that nvcc accepts fails in clang 22 only because nvcc's headers
// declare more than clang's CUDA wrapper lets through. Such files must still be
// analysed, without asking users to change code, so every CUDA side gets
// `-include <compatHeaderPath()>`, a header that lives in a virtual file
// system layered over the real one (no file on disk, nothing to install).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_COMPATHEADER_H
#define CUDA_LINT_DRIVER_COMPATHEADER_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <optional>
#include <string>

namespace clang {
class SourceManager;
} // namespace clang

namespace cuda_lint {

/// The path the compatibility header has in the virtual file system.
llvm::StringRef compatHeaderPath();

/// Its text. Currently: the host overloads of `min`/`max` that nvcc's
/// crt/math_functions.hpp declares `__host__ __device__` (clang's wrapper
/// includes that file with `__host__` defined away, so host calls such as
/// `min(a, b)` in cuda-samples fail with "no matching function"), and
/// `_CG_CLUSTER_INTRINSICS_AVAILABLE`, without which cooperative_groups hides
/// `cluster_group` / `this_cluster()` from every compiler but nvcc.
llvm::StringRef compatHeaderText();

/// The path of the nvcc compatibility header in the virtual file system:
/// included (after compatHeaderPath()) on the sides of nvcc commands only.
llvm::StringRef nvccCompatHeaderPath();

/// Its text: the C library headers nvcc's cuda_runtime.h includes and clang's
/// wrapper does not (<math.h>, <stdio.h>, <time.h>, <assert.h>: host
/// `isfinite(float)`, `clock()`), `__managed__` as a `__device__` variable
/// annotated "cuda-lint.managed", and the cache-hinted load/store overloads
/// (`__stcs(int4 *, int4)` ...) that clang 22's wrapper lacks.
llvm::StringRef nvccCompatHeaderText();

/// The path of an empty source file in the virtual file system: the main
/// file a shared preamble (Preamble.h) is built from, which clang looks for
/// again whenever the preamble is loaded.
llvm::StringRef preambleMainFilePath();

/// The in-memory directory of both compatibility headers (they are part of
/// cuda-lint itself, not inputs of a side).
inline constexpr llvm::StringLiteral CompatHeaderDirectory = "/__cuda_lint__/";

/// Real paths (every link and `..` resolved by the file system) of absolute
/// paths, resolved a directory at a time: a translation unit's inputs are
/// hundreds of files in a few dozen directories, and `realpath` reads the
/// link of every path component. A file that is itself a link is resolved on
/// its own. One per thread.
class RealPathResolver {
public:
  /// The real path of the absolute path \p Path, or none when it does not
  /// resolve (a file that no longer exists, a relative path).
  std::optional<std::string> resolve(llvm::StringRef Path);

private:
  /// Per directory: its real path, "" where it does not resolve.
  llvm::StringMap<std::string> Dirs;
};

/// Calls \p Each with the real path (RealPathResolver; the absolute name
/// where it does not resolve), the name the side opened the file by when that
/// differs from the real path (absolute against the command's directory, its
/// links and `..` as written: a link that is later re-pointed, or removed,
/// changes what that name reaches; "" otherwise) and the content of every file
/// whose content \p SM loaded, except the compatibility headers (the inputs
/// of a side, or of a shared preamble, as the result cache and the preamble's
/// manifest record them).
void forEachLoadedInput(
    const clang::SourceManager &SM,
    llvm::function_ref<void(llvm::StringRef Path, llvm::StringRef Opened, llvm::StringRef Data)>
        Each);

/// An in-memory file system holding both compatibility headers (and the
/// preamble's empty main file), to overlay on the real one.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> compatHeaderFileSystem();

} // namespace cuda_lint

#endif
