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
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
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

/// A unit's leading `#include` lines, for a preamble of its own on top of
/// the shared one (applySharedPreamble). The shared preamble holds only what
/// every side gets; a cuda-samples or Thrust unit spends most of the rest of
/// its parse in the system headers it includes first (`<cooperative_groups.h>`,
/// `<thrust/sort.h>`, the C++ library). Those lines are compiled once into a
/// PCH chained on the shared one, read as clang's precompiled preamble of the
/// main file (`PreprocessorOptions::PrecompiledPreambleBytes`, as clangd
/// does), so the side skips their bytes.
///
/// Exactness: only a leading run of `#include` lines (comments and blank
/// lines between them) whose files, and every file they include, are system
/// headers, with no `__managed__` in them: nothing there is the project's,
/// so the checks' traversal scope, their preprocessor events (read in project
/// files only) and the findings are those of the shared preamble, whose
/// headers are system headers too. A unit's first analysis records which of
/// its lines qualify and what they cost (recordLeadingIncludes); a later one
/// builds the preamble when they cost more than a PCH load, and any warning
/// or error while building it makes it unusable, as for the shared one.
struct LeadingIncludes {
  /// One `#include` line: the byte offset of its `#` in the main file, and
  /// of the first byte after its line.
  struct Line {
    unsigned Hash = 0, End = 0;
  };
  /// Set by the caller: the side skips device bodies on the host
  /// (SystemBodySkippingConsumer's DeviceBodies), and the text the checks
  /// append to its predefines (installCudaAttributeCompat; empty if none).
  /// A preamble is built the same way, and the key names both.
  bool SkipsDeviceBodies = false;
  std::string CheckPredefines;
  /// Set when a preamble is used: its headers had device bodies skipped
  /// (the side's consumer is told: SystemBodySkippingConsumer).
  bool DeviceBodiesSkipped = false;
  /// Where the side writes its record (`<key>.lead`); empty: nothing to record.
  std::string RecordTo;
  /// The main file's leading `#include` lines (leadingIncludeLines).
  std::vector<Line> Lines;
  /// "used", "built", "cold: <why>", or "" when not tried.
  std::string Outcome;
};

/// The leading `#include` lines of \p Text (a main file), read with a raw
/// lexer: only `#include <...>` and `#include "..."` lines, each ending its
/// line (a `//` comment after it allowed), with comments and blank lines
/// between them. Stops at the first other token or directive.
std::vector<LeadingIncludes::Line> leadingIncludeLines(llvm::StringRef Text,
                                                       const clang::LangOptions &LO);

/// Preprocessor callbacks (for \p PP, the side's) that record, at the end of
/// the main file, how many of \p L's lines include only system headers (and
/// every header they include), and the thread CPU time they took, into
/// \p L.RecordTo, for the next analysis of the unit. Written through a temporary file renamed into
/// place; a failure to write is ignored (the next run records again).
std::unique_ptr<clang::PPCallbacks> recordLeadingIncludes(clang::Preprocessor &PP,
                                                          const LeadingIncludes &L);

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
///
/// With \p Leading, a side that uses the shared preamble also tries the
/// preamble of its leading includes (LeadingIncludes): \p Leading->Outcome
/// says what happened, and \p Leading->RecordTo is set when the side is to
/// record them (recordLeadingIncludes). CUDA_LINT_NO_LEADING_PREAMBLE set in
/// the environment (any value) turns that off.
PreambleOutcome applySharedPreamble(clang::CompilerInvocation &CI,
                                    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                                    llvm::StringRef PreambleDir,
                                    std::shared_ptr<clang::PCHContainerOperations> PCHOps,
                                    std::vector<InputDigest> &Inputs, bool OnFirstSide = true,
                                    LeadingIncludes *Leading = nullptr);

/// Prunes \p PreambleDir: removes the files no manifest names any longer (a
/// PCH a rebuild superseded, the temporary files of an interrupted build)
/// once they are an hour old (a first side's `.seen` mark and a unit's
/// `.lead` record once they are 30 days old), and, while the current PCH files hold more
/// than \p MaxBytes, the least recently used preambles (manifest, key and
/// PCH) until they hold at most 80% of it, sparing those used in the last
/// hour (another run may be loading them). Returns how many files it removed.
unsigned prunePreambles(llvm::StringRef PreambleDir, uint64_t MaxBytes);

} // namespace cuda_lint

#endif
