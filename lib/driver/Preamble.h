//===- Preamble.h - A precompiled CUDA preamble shared by units -*- C++ -*-===//
//
// Most of a CUDA side's parse is the headers every unit gets before its own
// code: clang's CUDA runtime wrapper (`-include __clang_cuda_runtime_wrapper.h`,
// added by the clang driver, which pulls in the toolkit's cuda_runtime.h and
// the C++ library) and cuda-lint's compatibility headers (CompatHeader.h).
// The shared preamble builds those forced includes once per side and flag set
// into a precompiled header (clang's `-emit-pch`) under
// `<cache-dir>/pch/`, and every side whose flags match loads it with
// `-include-pch` instead of parsing them again.
//
// Correctness first:
// - The key hashes the clang version, cuda-lint's compatibility headers and
//   the side's whole cc1 command (language, target, architecture, every
//   -D/-U, -isystem, warning flag) except the main file, the output and the
//   project's own -I/-iquote/-idirafter directories; the PCH is built without
//   those directories.
// - A project directory could still shadow a header of the preamble: the
//   preamble records every name its headers include or test with
//   `__has_include`, and a side with a project directory holding a file of
//   such a name parses cold.
// - Every file the PCH read is recorded with its size and modification time;
//   a change to any of them (a touched toolkit header) rebuilds it (clang
//   itself does not check system headers of a PCH).
// - clang checks the options of the PCH once more before it is used
//   (ASTReader::isAcceptableASTFile); a rejection parses cold.
// - A preamble whose headers produce any warning or error is never used.
//
// The manifest also records what the checks may take from the preamble
// without loading its declarations: on a device side, whether its headers
// declare constant memory (cuda-constant-size, recordConstantFreePreamble),
// with the PCH's identity (analysis/PreambleIdentity.h).
//
// One build per key, even with -j N and concurrent cuda-lint processes: a
// lock file (llvm::LockFileManager) and files renamed into place; a side
// that waits longer than two minutes for another's build parses cold.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_PREAMBLE_H
#define CUDA_LINT_DRIVER_PREAMBLE_H

#include "driver/LintRunner.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>
#include <string>
#include <vector>

namespace cuda_lint {

/// What the shared preamble did for one side.
struct PreambleOutcome {
  enum Kind {
    Off,   ///< not asked for (no --preamble)
    Used,  ///< an existing preamble was loaded
    Built, ///< this side built the preamble, then loaded it
    Cold,  ///< the side parsed its headers itself; Why says why
  } K = Off;
  std::string Why;

  /// "used", "built", "cold: <why>", or "" for Off (SideResult::Preamble).
  std::string str() const;
};

/// The directory preambles live in under a cache directory: `<dir>/pch`.
std::string preambleDirectory(llvm::StringRef CacheDir);

/// Makes \p CI (a side's cc1 invocation, its side effects already cleared by
/// withoutSideEffects) load the shared preamble of its forced CUDA includes
/// from \p PreambleDir, building it first if no valid one exists. \p FS is
/// the side's file system (with cuda-lint's in-memory headers and the
/// command's working directory), \p PCHOps the side's PCH readers.
///
/// On Used or Built, `ImplicitPCHInclude` of \p CI names the preamble and the
/// files the preamble read are appended to \p Inputs with their content
/// hashes, as a cold parse would record them; otherwise \p CI is unchanged
/// and the side parses cold. Never fails the side. Thread-safe.
///
/// Unless \p OnFirstSide, a flag set's first side (no manifest, no
/// `<key>.seen` mark of an earlier side) only leaves the mark and parses
/// cold: a flag set no other side shares (every unit with its own -D) costs
/// no PCH. The second side builds it.
PreambleOutcome applySharedPreamble(clang::CompilerInvocation &CI,
                                    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                                    llvm::StringRef PreambleDir,
                                    std::shared_ptr<clang::PCHContainerOperations> PCHOps,
                                    std::vector<InputDigest> &Inputs, bool OnFirstSide = true);

/// Prunes \p PreambleDir: removes the files no manifest names any longer (a
/// PCH a rebuild superseded, the temporary files of an interrupted build)
/// once they are an hour old (a first side's `.seen` mark once it is 30 days
/// old), and, while the current PCH files hold more
/// than \p MaxBytes, the least recently used preambles (manifest, key and
/// PCH) until they hold at most 80% of it, sparing those used in the last
/// hour (another run may be loading them). Returns how many files it removed.
unsigned prunePreambles(llvm::StringRef PreambleDir, uint64_t MaxBytes);

} // namespace cuda_lint

#endif
