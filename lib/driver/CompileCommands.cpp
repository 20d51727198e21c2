#include "driver/CompileCommands.h"
#include "CudaCheck.h"
#include "driver/InputFiles.h"
#include "driver/NvccTranslation.h"
#include "driver/SidePlan.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cuda_lint {

/// A database command in clang's language: nvcc, clang and gcc command lines
/// go through translateCompileCommand (lib/driver/NvccTranslation.h); the
/// nvcc-only facts become the global clang-tidy options "CudaLint.FromNvcc",
/// "CudaLint.MaxRRegCount", "CudaLint.ExtendedLambda", "CudaLint.BuildCompiler",
/// "CudaLint.RelocatableDeviceCode" and "CudaLint.RelaxedConstexpr".
TranslationUnitCommand fromCompileCommand(const tooling::CompileCommand &Cmd,
                                          const ResponseFilePolicy &Policy) {
  TranslationUnitCommand TU;
  llvm::SmallString<256> File(Cmd.Filename);
  if (!llvm::sys::path::is_absolute(File)) {
    File = Cmd.Directory;
    llvm::sys::path::append(File, Cmd.Filename);
  }
  llvm::sys::path::remove_dots(File, true);
  TU.Command.File = std::string(File);
  TU.Command.Directory = Cmd.Directory;

  TranslatedCommand T = translateCompileCommand(Cmd, /*FS=*/nullptr, Policy);
  // Args: compiler, flags, source. The sides put their own compiler and the
  // absolute source path around the flags.
  if (T.Args.size() >= 2)
    TU.Command.Flags.assign(T.Args.begin() + 1, T.Args.end() - 1);
  // The sides run clang++: a C unit (clang, gcc, cc) keeps its language.
  llvm::StringRef Compiler = T.Args.empty() ? "" : llvm::sys::path::filename(T.Args.front());
  bool CxxDriver = Compiler.contains("++");
  bool HasLanguage = llvm::is_contained(TU.Command.Flags, "-x");
  if (!CxxDriver && !HasLanguage &&
      llvm::sys::path::extension(TU.Command.File) == ".c")
    TU.Command.Flags.insert(TU.Command.Flags.end(), {"-x", "c"});
  TU.Command.GpuArchs = T.GpuArchs;
  TU.Command.FamilyOnlyArchs = T.FamilyOnlyArchs;
  TU.Command.IsCuda = T.IsCuda;
  TU.Command.Nvcc = T.Facts.FromNvcc;
  TU.DroppedFlags = T.DroppedFlags;

  using Value = clang::tidy::ClangTidyOptions::ClangTidyValue;
  auto Fact = [&](llvm::StringRef Name, llvm::StringRef V) {
    TU.Facts.insert_or_assign(("CudaLint." + Name).str(), Value(V));
  };
  const NvccFacts &F = T.Facts;
  Fact("BuildCompiler", F.FromNvcc ? "nvcc" : "clang");
  if (F.FromNvcc) {
    Fact("FromNvcc", "true");
    Fact("ExtendedLambda", F.ExtendedLambda ? "true" : "false");
    Fact("RelaxedConstexpr", F.RelaxedConstexpr ? "true" : "false");
  }
  Fact("RelocatableDeviceCode", F.RelocatableDeviceCode ? "true" : "false");
  if (F.MaxRRegCount)
    Fact("MaxRRegCount", std::to_string(*F.MaxRRegCount));
  return TU;
}

bool looksLikeNvccFlags(const std::vector<std::string> &Flags) {
  for (llvm::StringRef F : Flags) {
    llvm::StringRef Name = F.split('=').first;
    if (llvm::is_contained({"-arch", "--gpu-architecture", "-gencode", "--generate-code", "-code",
                            "--gpu-code", "-rdc", "--relocatable-device-code", "-Xcompiler",
                            "--compiler-options", "-Xptxas", "--ptxas-options", "-Xcudafe",
                            "--expt-relaxed-constexpr", "--expt-extended-lambda",
                            "--extended-lambda", "-maxrregcount", "--maxrregcount",
                            "--use_fast_math", "-use_fast_math", "-ccbin", "--compiler-bindir", "--x",
                            "-forward-unknown-to-host-compiler", "--std", "-dc", "-lineinfo",
                            "--default-stream", "-diag-suppress", "--diag-suppress"},
                           Name))
      return true;
    if (Name.starts_with("-arch=") || Name.starts_with("-gencode="))
      return true;
  }
  return false;
}

/// Without a database nothing says how a header is compiled: unless its
/// translated flags name a language (`-x`), it is analysed as CUDA (a header
/// with a database is compiled as the unit whose command it borrows).
static void headerWithoutDatabaseIsCuda(TranslationUnitCommand &TU,
                                        const std::vector<std::string> &TranslatedFlags) {
  if (!TU.Command.IsCuda && isHeaderFileName(TU.Command.File) &&
      !llvm::is_contained(TranslatedFlags, "-x"))
    TU.Command.IsCuda = true;
}

TranslationUnitCommand fromCommandLineFlags(const std::string &File,
                                            const std::vector<std::string> &Flags) {
  llvm::SmallString<128> Cwd;
  llvm::sys::fs::current_path(Cwd);
  if (looksLikeNvccFlags(Flags)) {
    // nvcc's flags (`-- -arch=sm_80 --expt-relaxed-constexpr`): translated
    // as a database's nvcc command is.
    std::vector<std::string> Args{"nvcc"};
    Args.insert(Args.end(), Flags.begin(), Flags.end());
    Args.push_back(File);
    TranslationUnitCommand TU = fromCompileCommand(
        tooling::CompileCommand(std::string(Cwd), File, std::move(Args), ""), ResponseFilePolicy());
    TU.Command.File = File;
    headerWithoutDatabaseIsCuda(TU, TU.Command.Flags);
    return TU;
  }
  TranslationUnitCommand TU;
  TU.Command.File = File;
  TU.Command.Directory = std::string(Cwd);
  TU.Command.Flags = Flags;
  // The language as the translation of a clang command reads it (clang's
  // option table: `-x cu`, `-xcuda`, `--language=cuda`, the last one wins);
  // the flags themselves are kept as given.
  std::vector<std::string> Args{"clang++"};
  Args.insert(Args.end(), Flags.begin(), Flags.end());
  Args.push_back(File);
  TranslatedCommand T =
      translateCompileCommand(tooling::CompileCommand(std::string(Cwd), File, std::move(Args), ""));
  TU.Command.IsCuda = T.IsCuda;
  headerWithoutDatabaseIsCuda(TU, T.Args);
  // A file outside any database is taken to be built as CUDA users build it:
  // with nvcc (its parsing tolerances apply; the flags are clang's).
  TU.Command.Nvcc = true;
  TU.Facts.insert_or_assign(BuildCompilerFact.str(),
                            clang::tidy::ClangTidyOptions::ClangTidyValue("nvcc"));
  if (TU.Command.IsCuda &&
      !llvm::any_of(Flags, [](const std::string &F) { return llvm::StringRef(F).starts_with("-std"); }))
    TU.Command.Flags.insert(TU.Command.Flags.begin(), "-std=c++17");
  return TU;
}

llvm::Expected<std::unique_ptr<tooling::CompilationDatabase>>
loadCompilationDatabase(llvm::StringRef BuildPath) {
  llvm::SmallString<256> Path(BuildPath);
  if (llvm::sys::fs::is_directory(Path))
    llvm::sys::path::append(Path, "compile_commands.json");
  auto Buf = readRegularFile(Path, MaxDatabaseBytes);
  if (!Buf)
    return llvm::createStringError(std::string(Path) + ": cannot read: " +
                                   llvm::toString(Buf.takeError()));
  // JSONCompilationDatabase's own errors do not say where; llvm::json does.
  if (auto Parsed = parseBoundedJson((*Buf)->getBuffer()); !Parsed)
    return llvm::createStringError(std::string(Path) + ": malformed JSON: " +
                                   llvm::toString(Parsed.takeError()));
  std::string Error;
  auto DB = tooling::JSONCompilationDatabase::loadFromBuffer(
      (*Buf)->getBuffer(), Error, tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return llvm::createStringError(std::string(Path) + ": " + Error);
  return std::unique_ptr<tooling::CompilationDatabase>(std::move(DB));
}

std::string findCompilationDatabaseFor(llvm::StringRef File) {
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    for (llvm::StringRef Sub : {"", "build"}) {
      llvm::SmallString<256> Candidate(D);
      if (!Sub.empty())
        llvm::sys::path::append(Candidate, Sub);
      llvm::SmallString<256> Json(Candidate);
      llvm::sys::path::append(Json, "compile_commands.json");
      if (llvm::sys::fs::exists(Json))
        return std::string(Candidate);
    }
  }
  return "";
}

namespace {
/// A translation unit of \p DB with an `#include` line naming the file name
/// of \p Header, or "".
std::string includerOf(const tooling::CompilationDatabase &DB, llvm::StringRef Header) {
  llvm::StringRef Name = llvm::sys::path::filename(Header);
  std::vector<std::string> Files = DB.getAllFiles();
  llvm::sort(Files);
  for (const std::string &F : Files) {
    // Database entries may name anything (a FIFO, a device): only regular files.
    auto Buf = readRegularFile(F, MaxSourceBytes);
    if (!Buf) {
      llvm::consumeError(Buf.takeError());
      continue;
    }
    llvm::StringRef Text = (*Buf)->getBuffer();
    for (size_t Pos = Text.find(Name); Pos != llvm::StringRef::npos;
         Pos = Text.find(Name, Pos + 1)) {
      size_t LineStart = Text.rfind('\n', Pos);
      llvm::StringRef Line = Text.slice(LineStart == llvm::StringRef::npos ? 0 : LineStart + 1,
                                        Text.find('\n', Pos));
      llvm::StringRef Directive = Line.ltrim();
      if (!Directive.consume_front("#"))
        continue;
      Directive = Directive.ltrim();
      if (!Directive.starts_with("include"))
        continue;
      // The name must end the path inside the quotes or brackets.
      size_t End = Pos + Name.size() - (LineStart == llvm::StringRef::npos ? 0 : LineStart + 1);
      char After = End < Line.size() ? Line[End] : 0;
      char Before = Pos > 0 ? Text[Pos - 1] : 0;
      if ((After == '"' || After == '>') && (Before == '"' || Before == '<' || Before == '/'))
        return F;
    }
  }
  return "";
}
} // namespace

std::vector<tooling::CompileCommand>
commandsFor(const tooling::CompilationDatabase &DB, llvm::StringRef File) {
  auto Cmds = DB.getCompileCommands(File);
  if (!Cmds.empty())
    return Cmds;
  // A source file absent from the database is not part of that build: it
  // gets the default command. Headers borrow a unit's command.
  if (!isHeaderFileName(File))
    return {};
  // The unit whose command the header borrows: one that includes it (by file
  // name in an #include line), else the one clang's interpolation finds
  // nearest (the way clangd picks, by path similarity).
  std::string Donor = includerOf(DB, File);
  if (Donor.empty()) {
    // inferMissingCompileCommands takes ownership, so wrap a non-owning proxy.
    struct Proxy : tooling::CompilationDatabase {
      const tooling::CompilationDatabase &Inner;
      explicit Proxy(const tooling::CompilationDatabase &I) : Inner(I) {}
      std::vector<tooling::CompileCommand> getCompileCommands(llvm::StringRef F) const override {
        return Inner.getCompileCommands(F);
      }
      std::vector<std::string> getAllFiles() const override { return Inner.getAllFiles(); }
      std::vector<tooling::CompileCommand> getAllCompileCommands() const override {
        return Inner.getAllCompileCommands();
      }
    };
    auto Inferred = tooling::inferMissingCompileCommands(std::make_unique<Proxy>(DB));
    auto Guess = Inferred->getCompileCommands(File);
    // Only the choice is kept ("inferred from <file>"): the interpolated
    // command line itself is rewritten with clang's option table, which
    // mangles nvcc flags such as --generate-code=arch=...,code=[...].
    llvm::StringRef H = Guess.empty() ? "" : llvm::StringRef(Guess.front().Heuristic);
    if (H.consume_front("inferred from "))
      Donor = H.str();
  }
  if (Donor.empty())
    return {};
  auto DonorCmds = DB.getCompileCommands(Donor);
  if (DonorCmds.empty())
    return {};
  // The donor's own command, verbatim, with the header in place of its source.
  tooling::CompileCommand Cmd = DonorCmds.front();
  llvm::SmallString<256> DonorAbs(Cmd.Filename);
  if (!llvm::sys::path::is_absolute(DonorAbs)) {
    DonorAbs = Cmd.Directory;
    llvm::sys::path::append(DonorAbs, Cmd.Filename);
  }
  llvm::sys::path::remove_dots(DonorAbs, /*remove_dot_dot=*/true);
  for (std::string &Arg : Cmd.CommandLine) {
    llvm::SmallString<256> A(Arg);
    if (!llvm::sys::path::is_absolute(A)) {
      A = Cmd.Directory;
      llvm::sys::path::append(A, Arg);
    }
    llvm::sys::path::remove_dots(A, /*remove_dot_dot=*/true);
    if (A == DonorAbs)
      Arg = File.str();
  }
  Cmd.Filename = File.str();
  Cmd.Heuristic = "command of " + Donor;
  return {Cmd};
}

} // namespace cuda_lint
