//===- Launcher.cpp - cuda-lint as a compiler launcher --------------------===//
#include "driver/Launcher.h"
#include "driver/NvccTranslation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cuda_lint {
namespace {

bool isKnownLauncher(StringRef Arg) {
  StringRef Name = sys::path::filename(Arg);
  Name.consume_back_insensitive(".exe");
  return is_contained({"ccache", "sccache", "distcc", "icecc", "buildcache", "firebuild"},
                      Name);
}

/// A compiler's file name: nvcc, clang, clang++, gcc, g++, cc, c++, with a
/// version suffix (`-12`, `-22`) or a target prefix (`x86_64-linux-gnu-`).
bool isCompilerName(StringRef Arg) {
  if (isNvccCompiler(Arg))
    return true;
  StringRef Name = sys::path::filename(Arg);
  Name.consume_back_insensitive(".exe");
  // A version suffix: -12, -22, 12.
  StringRef Base = Name.rtrim("0123456789.").rtrim('-');
  if (Base.empty())
    return false;
  for (StringRef C : {"clang++", "clang", "g++", "gcc", "c++", "cc"})
    if (Base == C || Base.ends_with(("-" + C).str()))
      return true;
  return false;
}

bool isSourceFile(StringRef Arg) {
  StringRef Ext = sys::path::extension(Arg);
  return is_contained({".cu", ".cpp", ".cc", ".cxx", ".c++", ".C", ".cp", ".CPP"}, Ext);
}

} // namespace

LauncherCommand splitLauncherCommand(ArrayRef<std::string> Args) {
  LauncherCommand L;
  size_t I = 0;
  for (; I < Args.size() && StringRef(Args[I]).starts_with("--"); ++I)
    L.ToolArgs.push_back(Args[I]);
  L.Command.assign(Args.begin() + I, Args.end());
  L.CompilerIndex = compilerIndex(L.Command);
  return L;
}

size_t compilerIndex(ArrayRef<std::string> Command) {
  for (size_t I = 0; I < Command.size(); ++I)
    if (isCompilerName(Command[I]))
      return I;
  for (size_t I = 0; I < Command.size(); ++I)
    if (!isKnownLauncher(Command[I]))
      return I;
  return 0;
}

std::optional<CompiledUnit> compiledUnit(ArrayRef<std::string> Compiler) {
  if (Compiler.empty())
    return std::nullopt;
  bool Nvcc = isNvccCompiler(Compiler.front());
  bool Compiles = false;
  std::vector<std::string> Sources;
  CompiledUnit U;
  // Options whose value is the next argument and may name a file.
  static const char *const Separate[] = {
      "-o", "--output-file", "-MF", "-MT", "-MQ", "-x", "-include", "-imacros",
      "-Xcompiler", "--compiler-options", "-Xlinker", "--linker-options", "-Xptxas",
      "--ptxas-options", "-Xnvlink", "--nvlink-options", "-Xclang", "-Xarch_device",
      "-Xarch_host", "--options-file", "-optf", "-ccbin", "--compiler-bindir",
      "-isystem", "-iquote", "-idirafter", "-I", "-L", "-D", "-U", "-MJ",
      "--dependency-output", "-odir", "--output-directory", "-arch", "-code",
      "-gencode", "--generate-code", "-std", "-target", "--target", "-module-file-info"};
  for (size_t I = 1; I < Compiler.size(); ++I) {
    StringRef A = Compiler[I];
    if (A == "-E" || A == "-M" || A == "-MM" || A == "-fsyntax-only" || A == "--preprocess" ||
        A == "--generate-dependencies" || A == "-ptx" || A == "--ptx" || A == "-cubin" ||
        A == "--cubin" || A == "-fatbin" || A == "--fatbin")
      return std::nullopt;
    if (A == "-c" || (Nvcc && (A == "--compile" || A == "-dc" || A == "--device-c")))
      Compiles = true;
    if (A == "-o" || A == "--output-file") {
      if (I + 1 < Compiler.size())
        U.Object = Compiler[I + 1];
    } else if (A.starts_with("--output-file=")) {
      U.Object = A.drop_front(strlen("--output-file=")).str();
    } else if (A.starts_with("-o=")) {
      U.Object = A.drop_front(3).str();
    } else if (!Nvcc && A.starts_with("-o") && A.size() > 2) {
      U.Object = A.drop_front(2).str();
    }
    if (is_contained(Separate, A)) {
      ++I;
      continue;
    }
    if (!A.starts_with("-") && !A.starts_with("@") && isSourceFile(A))
      Sources.push_back(A.str());
  }
  if (!Compiles || Sources.size() != 1)
    return std::nullopt;
  U.Source = Sources.front();
  return U;
}

std::string launcherSarifPath(StringRef Object) {
  return (Object + ".cuda-lint.sarif").str();
}

} // namespace cuda_lint
