//===- NvccTranslation.h - nvcc compile commands to clang's CUDA driver -*- C++ -*-===//
//
// Real CUDA projects put nvcc command lines in compile_commands.json; clang
// cannot read them (`-arch=sm_90`, `-gencode ...`, `-Xcompiler ...`,
// `--extended-lambda` ...). This component turns one compile command, whose
// compiler is nvcc or a GCC-compatible compiler, into a clang 22 driver command
// line plus the nvcc-only facts that rules need. Issue 3; DESIGN.md "Toolchain
// facts"; nvcc 13.0 `--help`.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_NVCCTRANSLATION_H
#define CUDA_LINT_DRIVER_NVCCTRANSLATION_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm::vfs {
class FileSystem;
}

namespace cuda_lint {

/// nvcc-only facts that checks need (RULES.md: cuda-maxrregcount-overridden,
/// cuda-extended-lambda, cuda-device-launch-without-rdc). For a command whose
/// compiler is not nvcc, FromNvcc is false and the fields hold what the clang
/// command says (`-fgpu-rdc`, `-Xcuda-ptxas --maxrregcount=N`).
struct NvccFacts {
  /// Registers per thread from `-maxrregcount N` (or `-Xptxas --maxrregcount N`);
  /// the last one given wins, as in nvcc.
  std::optional<unsigned> MaxRRegCount;
  /// `--extended-lambda` / `--expt-extended-lambda` was given.
  bool ExtendedLambda = false;
  /// Relocatable device code (separate compilation): `-rdc=true`, `-dc`,
  /// `--relocatable-device-code=true`, or clang's `-fgpu-rdc`.
  bool RelocatableDeviceCode = false;
  /// `--expt-relaxed-constexpr` was given.
  bool RelaxedConstexpr = false;
  /// The command's compiler is nvcc.
  bool FromNvcc = false;
};

/// A compile flag the translation did not pass on to clang, and why.
struct DroppedFlag {
  /// The flag as the command spells it (with its value, when it takes one);
  /// empty for a flag taken from a response file, whose text is never shown
  /// (it may be anything the file holds: see Origin).
  std::string Flag;
  /// For a flag read from a response file: where it is, e.g.
  /// "argument 3 of response file 'CMakeFiles/k.rsp'"; empty otherwise.
  std::string Origin;
  /// Why it was dropped, e.g. "no clang equivalent".
  std::string Reason = "no clang equivalent";
  /// What was dropped: "compile flag", or "response file" for a response
  /// file that was not read (Flag is then `@name`).
  std::string Kind = "compile flag";

  /// What a note names: "compile flag '-fconcepts'", "response file
  /// '@x.rsp'", or Origin.
  std::string describe() const {
    return Origin.empty() ? Kind + " '" + Flag + "'" : Origin;
  }
};

/// Where response files (`@file`, nvcc's `--options-file`) of a compile
/// command may be read from. A compile database is untrusted input (it comes
/// with a cloned repository): a response file may name any path, and its text
/// becomes compile flags.
struct ResponseFilePolicy {
  /// When set, only response files whose real path (symbolic links resolved)
  /// lies inside one of AllowedTrees are read; the others are dropped.
  bool RestrictToTrees = false;
  /// Absolute directories, each allowing its whole tree (cuda-lint: the
  /// directory of the compilation database, and --allow-response-files-in).
  std::vector<std::string> AllowedTrees;
  /// The largest response file read, in bytes; a larger one is dropped.
  uint64_t MaxFileBytes = 1 << 20;
  /// The most response-file text one command may read in all, in bytes
  /// (nested files included); the files after that are dropped.
  uint64_t MaxTotalBytes = 16 << 20;
};

/// One compile command translated for clang 22's CUDA driver.
struct TranslatedCommand {
  /// clang driver argv: Args[0] is the compiler (`clang++`, or `clang` for a C
  /// unit, for nvcc commands; the command's own compiler otherwise), then
  /// flags, then `-x cuda` when IsCuda, then the source file as the command
  /// spells it (relative paths are relative to the command's directory). No
  /// `--cuda-gpu-arch`, no `-o`, no `-c`, no dependency-file flags; the
  /// toolkit flags (`--cuda-path`, `<cuda>/include/cccl`, resource dir) are
  /// the caller's to add.
  std::vector<std::string> Args;
  /// Distinct device architectures the front end runs for, in clang's
  /// spelling ("sm_80", "sm_90a"), in command order. An nvcc front end runs
  /// once per virtual architecture (`-gencode arch=compute_80,code=sm_90`
  /// compiles with `__CUDA_ARCH__ == 800`), so each entry is named after one.
  /// Empty when the command names none (or `-arch=native`, which cannot be
  /// resolved without a GPU): the caller picks its default.
  std::vector<std::string> GpuArchs;
  /// The entries of GpuArchs that the command names only as family-specific
  /// targets (nvcc's `sm_100f`, which clang 22 does not know and which become
  /// clang's architecture-specific `sm_100a`): nvcc defines
  /// `__CUDA_ARCH_FAMILY_SPECIFIC__` for them, not `__CUDA_ARCH_SPECIFIC__` or
  /// `__CUDA_ARCH_FEAT_SM100_ALL` (see nvccArchMacroFlags, SidePlan.h).
  std::vector<std::string> FamilyOnlyArchs;
  /// The unit is compiled as CUDA (a `.cu` file, `-x cu` for nvcc, `-x cuda`
  /// for clang).
  bool IsCuda = false;
  NvccFacts Facts;
  /// Flags that were dropped, each once, in command order: flags with no clang
  /// meaning (an unknown nvcc option, a host-compiler flag clang does not
  /// know), flags that could write files or load code (see
  /// translateCompileCommand), and response files that were not read. The
  /// caller reports ONE note per distinct flag per run. Flags that clang does
  /// not need but that we understand (`-o`, `-ccbin`, `-Xptxas`, `-lineinfo`,
  /// `-MD`, a host `-Werror` ...) are consumed silently.
  std::vector<DroppedFlag> DroppedFlags;
};

/// Translates \p Cmd (one entry of a compile_commands.json) for clang's CUDA
/// driver.
///
/// nvcc commands (the compiler path ends in `nvcc`): every option of nvcc 13.0
/// is recognised in its long (`--opt`, `--opt=v`, `--opt v`) and short forms
/// (`-o v`, `-o=v`, and joined `-Ipath`, `-DX`, `-O3` where nvcc allows it);
/// response files (`@file`, `--options-file`/`-optf`) are expanded relative to
/// the command's directory. Include paths, defines, `-std`, `-x cu` and
/// `-Xcompiler` / forwarded host flags that clang's driver knows are kept;
/// `-rdc`/`-dc` become `-fgpu-rdc`, `--use_fast_math` becomes
/// `-fgpu-approx-transcendentals -fgpu-flush-denormals-to-zero`, and the macros
/// nvcc itself defines for a flag (`__CUDACC_RDC__`,
/// `__CUDACC_RELAXED_CONSTEXPR__`, `__CUDACC_DEBUG__` for `-G`,
/// `CUDA_API_PER_THREAD_DEFAULT_STREAM` for `--default-stream per-thread`) are
/// defined; not `__CUDACC_EXTENDED_LAMBDA__`, which breaks clang's CUDA
/// wrapper headers (device `new`).
///
/// Other commands (clang, gcc, g++, c++) are kept, minus output and
/// dependency-file flags and minus flags clang's driver does not know;
/// `--cuda-gpu-arch`/`--offload-arch` move to GpuArchs.
///
/// A compile database is untrusted input, so clang flags (of clang commands,
/// and nvcc's host-compiler flags) pass only through an allow-list built from
/// clang's option table (isSafeDatabaseOption): language, target, warning,
/// optimisation, debug-info and preprocessor options and read-only include
/// paths, minus every option whose name, value or help text concerns files,
/// directories, plugins, module caches, traces, records or reports; options
/// that forward text to another tool (`-Xclang`, `-mllvm`, `-Wp,`,
/// `-Xpreprocessor`, `-Xarch_*`, ...) are dropped, except `-Xclang` of a
/// cc1 switch that passes the same test. Such flags are dropped with the
/// reason "may write files or load code".
///
/// Response files are read through \p Policy: regular files only, up to its
/// size bounds, nested at most 8 deep, and only inside its trees when it
/// restricts them; a flag read from one is never reported by its text
/// (DroppedFlag::Origin names the file and the position instead).
///
/// Warnings are never turned into errors (`-Werror` is dropped,
/// `-Werror=X` becomes `-WX`): clang's warnings differ from nvcc's and gcc's,
/// and an analysis must not fail where the real build passes. Never fails: a
/// flag it cannot place is dropped and listed in DroppedFlags.
///
/// \p FS, when given, is where response files are read (tests use an
/// in-memory file system); otherwise the real file system.
TranslatedCommand translateCompileCommand(const clang::tooling::CompileCommand &Cmd,
                                          llvm::vfs::FileSystem *FS = nullptr,
                                          const ResponseFilePolicy &Policy = {});

/// \p Argv (argv[0] the compiler) with its response files expanded in place
/// under \p Policy, as translateCompileCommand reads them: `@file`, and for an
/// nvcc command `--options-file F` / `-optf F`; relative names are taken from
/// \p Directory. Only regular files up to Policy's sizes are read (a FIFO or
/// `/dev/zero` is refused before it is opened); each refused file is
/// appended to \p Dropped, by its place, never by its contents.
std::vector<std::string> expandResponseFilesSafely(llvm::ArrayRef<std::string> Argv,
                                                  llvm::StringRef Directory,
                                                  const ResponseFilePolicy &Policy,
                                                  std::vector<DroppedFlag> &Dropped);

/// \p Argv (a clang command line, argv[0] the compiler) without the options
/// that could write files or load code, for commands that are used as they
/// are rather than translated (cuda-lint-clangd's clang commands): those
/// isSafeDatabaseOption rejects, except switches (no value) whose names do
/// not concern files (`--cuda-host-only`, `-nocudalib`, `-c` pass) and the
/// options a clang command needs as they are (`-x`, `-o`, `--offload-arch` /
/// `--cuda-gpu-arch`, `--driver-mode`, `-resource-dir`); `-Xclang` as in
/// translateCompileCommand; unknown options and inputs pass. What is removed
/// is appended to \p Dropped.
std::vector<std::string> withoutUnsafeClangFlags(llvm::ArrayRef<std::string> Argv,
                                                 std::vector<DroppedFlag> &Dropped);

/// Whether \p Compiler (a path or program name) is nvcc: its file name, minus
/// a `.exe` suffix, ends in `nvcc`.
bool isNvccCompiler(llvm::StringRef Compiler);

/// The clang `--cuda-gpu-arch` name of an nvcc architecture name: sm_90 and
/// compute_90 (and lto_90) give sm_90, sm_90a gives sm_90a, a family target
/// sm_100f gives sm_100a (its architecture-specific superset, which clang 22
/// knows). nullopt for a name clang's CUDA driver does not know.
std::optional<std::string> clangGpuArch(llvm::StringRef NvccArch);

} // namespace cuda_lint

#endif
