//===- CompileCommands.h - Where a file's compile command comes from -*- C++ -*-===//
#ifndef CUDA_LINT_DRIVER_COMPILECOMMANDS_H
#define CUDA_LINT_DRIVER_COMPILECOMMANDS_H

#include "driver/NvccTranslation.h"
#include "driver/SidePlan.h"
#include "ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace cuda_lint {

/// A translation unit ready to be split into sides: its clang-form command,
/// the nvcc-only facts checks need (as global clang-tidy options
/// "CudaLint.*"), and the compile flags that had no clang meaning.
struct TranslationUnitCommand {
  ClangCommand Command;
  clang::tidy::ClangTidyOptions::OptionMap Facts;
  std::vector<DroppedFlag> DroppedFlags;
};

/// Turns a compile command of a database (nvcc, clang or gcc command line)
/// into a TranslationUnitCommand. nvcc flags are translated to clang's CUDA
/// driver by translateCompileCommand (lib/driver/NvccTranslation.h), which
/// reads the command's response files under \p Policy.
TranslationUnitCommand fromCompileCommand(const clang::tooling::CompileCommand &Cmd,
                                          const ResponseFilePolicy &Policy = {});

/// The command for \p File when no database applies: `-x cuda` for .cu/.cuh,
/// sm_90 unless \p Flags (clang flags given after `--`) or \p DefaultArch say
/// otherwise. Parsed as an nvcc command (ClangCommand::Nvcc): CUDA users build
/// with nvcc.
/// Flags that name nvcc's own options (`-arch`, `-gencode`, `-Xcompiler`,
/// `--expt-relaxed-constexpr` ...) are taken as an nvcc command line and
/// translated as a database's nvcc command is (fromCompileCommand).
TranslationUnitCommand fromCommandLineFlags(const std::string &File,
                                            const std::vector<std::string> &Flags);

/// Whether \p Flags (given after `--`) use options only nvcc has.
bool looksLikeNvccFlags(const std::vector<std::string> &Flags);

/// Loads `compile_commands.json` from \p BuildPath (a directory or the file
/// itself). A malformed file is an error naming the file and the position.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompilationDatabase(llvm::StringRef BuildPath);

/// The nearest `compile_commands.json` for \p File, as clang-tidy finds it:
/// in the file's directory or one above it, or in a `build/` directory beside
/// one of them. Returns the directory holding it, or "".
std::string findCompilationDatabaseFor(llvm::StringRef File);

/// The commands of \p File in \p DB; for a header absent from the database,
/// the command of a translation unit that includes it (an `#include` line
/// naming its file name), else of the unit clang's interpolation finds
/// nearest, taken verbatim with the header in place of the source file (so
/// nvcc flags and `--options-file` stay intact for the nvcc translation); for
/// a source file absent from it, none (the caller uses the default command).
std::vector<clang::tooling::CompileCommand>
commandsFor(const clang::tooling::CompilationDatabase &DB, llvm::StringRef File);

} // namespace cuda_lint

#endif
