//===- Launcher.h - cuda-lint as a compiler launcher ------------*- C++ -*-===//
//
// `set(CMAKE_CUDA_COMPILER_LAUNCHER cuda-lint --launcher)`: the build runs
// `cuda-lint --launcher [OPTIONS] [LAUNCHER...] COMPILER ARGS...` for every
// compile. cuda-lint lints the unit from that command, then runs the command
// verbatim, exactly once, and returns its status (docs/ci.md, "cuda-lint in
// the build").
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_LAUNCHER_H
#define CUDA_LINT_DRIVER_LAUNCHER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace cuda_lint {

/// A launcher command line, split.
struct LauncherCommand {
  /// cuda-lint's own options, between `--launcher` and the command: the
  /// arguments that start with `--` (values joined with `=`).
  std::vector<std::string> ToolArgs;
  /// What runs: further launchers (ccache, sccache, distcc, a script), the
  /// compiler and its arguments, verbatim.
  std::vector<std::string> Command;
  /// Index in Command of the compiler (compilerIndex).
  size_t CompilerIndex = 0;
};

/// Splits the arguments after `--launcher` (\p Args) into cuda-lint's options
/// and the command: the command starts at the first argument that does not
/// start with `--`.
LauncherCommand splitLauncherCommand(llvm::ArrayRef<std::string> Args);

/// Where the compiler is in \p Command (launchers first): the first argument
/// whose file name is a compiler's (nvcc, clang, clang++, gcc, g++, cc, c++,
/// with a version or target affix such as g++-12 or x86_64-linux-gnu-g++);
/// else the first that is not a known launcher (ccache, sccache, distcc,
/// icecc, buildcache); 0 for an empty command.
size_t compilerIndex(llvm::ArrayRef<std::string> Command);

/// What a compile command (compiler first) compiles.
struct CompiledUnit {
  std::string Source; ///< as written in the command
  std::string Object; ///< the `-o` file as written; "" when none is given
};

/// The unit \p Compiler (the compiler and its arguments) compiles: a command
/// with `-c` (nvcc also `--compile`, `-dc`, `--device-c`) and exactly one
/// C++ or CUDA source (.cu, .cpp, .cc, .cxx, .c++, .C), not preprocessing only
/// (`-E`, `-M`, `-MM`) or checking syntax; nullopt otherwise (a link, a
/// version query), which launcher mode does not lint.
std::optional<CompiledUnit> compiledUnit(llvm::ArrayRef<std::string> Compiler);

/// The SARIF file launcher mode writes beside the object file \p Object:
/// `<Object>.cuda-lint.sarif`.
std::string launcherSarifPath(llvm::StringRef Object);

} // namespace cuda_lint

#endif
