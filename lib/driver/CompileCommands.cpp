#include "driver/CompileCommands.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cuda_lint {

static bool isNvcc(llvm::StringRef Compiler) {
  llvm::StringRef Name = llvm::sys::path::filename(Compiler);
  return Name == "nvcc" || Name == "nvcc.exe" || Name.ends_with("-nvcc");
}

/// Minimal translation of a database command; nvcc commands are handed to the
/// nvcc translator (CALL SITE: translateCompileCommand).
TranslationUnitCommand fromCompileCommand(const tooling::CompileCommand &Cmd) {
  TranslationUnitCommand TU;
  llvm::SmallString<256> File(Cmd.Filename);
  if (!llvm::sys::path::is_absolute(File)) {
    File = Cmd.Directory;
    llvm::sys::path::append(File, Cmd.Filename);
  }
  llvm::sys::path::remove_dots(File, true);
  TU.Command.File = std::string(File);
  TU.Command.Directory = Cmd.Directory;
  const auto &Args = Cmd.CommandLine;
  bool FromNvcc = !Args.empty() && isNvcc(Args[0]);
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "--")
      break; // only inputs follow
    if (A == Cmd.Filename || A == TU.Command.File)
      continue;
    if (A == "-o" || A == "-MF" || A == "-MT" || A == "-MQ") {
      ++I;
      continue;
    }
    if (A == "-c" || A == "-MD" || A == "-MMD")
      continue;
    if (FromNvcc) {
      if (A == "-x" && I + 1 < Args.size() && Args[I + 1] == "cu") {
        TU.Command.Flags.insert(TU.Command.Flags.end(), {"-x", "cuda"});
        ++I;
        continue;
      }
      if (A.consume_front("-arch=") || A.consume_front("--gpu-architecture=")) {
        if (A.starts_with("sm_"))
          TU.Command.GpuArchs.push_back(A.str());
        continue;
      }
      if (!(A.starts_with("-I") || A.starts_with("-D") || A.starts_with("-U") ||
            A.starts_with("-std=") || A == "-isystem" || A.starts_with("-isystem"))) {
        TU.DroppedFlags.push_back(A.str());
        continue;
      }
      if (A == "-isystem" && I + 1 < Args.size()) {
        TU.Command.Flags.push_back(Args[I]);
        TU.Command.Flags.push_back(Args[++I]);
        continue;
      }
    }
    TU.Command.Flags.push_back(Args[I]);
  }
  bool XCuda = llvm::any_of(TU.Command.Flags, [](const std::string &F) {
    return F == "cuda" || F == "-xcuda";
  });
  TU.Command.IsCuda = isCudaFileName(TU.Command.File) || XCuda;
  if (FromNvcc)
    TU.Facts.insert_or_assign("CudaLint.FromNvcc", clang::tidy::ClangTidyOptions::ClangTidyValue("true"));
  return TU;
}

TranslationUnitCommand fromCommandLineFlags(const std::string &File,
                                            const std::vector<std::string> &Flags) {
  TranslationUnitCommand TU;
  TU.Command.File = File;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  TU.Command.Directory = std::string(Cwd);
  TU.Command.Flags = Flags;
  bool XCuda = false;
  for (size_t I = 0; I < Flags.size(); ++I)
    if ((Flags[I] == "-x" && I + 1 < Flags.size() && Flags[I + 1] == "cuda") ||
        Flags[I] == "-xcuda")
      XCuda = true;
  TU.Command.IsCuda = isCudaFileName(File) || XCuda;
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
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return llvm::createStringError(std::string(Path) + ": cannot read: " +
                                   Buf.getError().message());
  // JSONCompilationDatabase's own errors do not say where; llvm::json does.
  if (auto Parsed = llvm::json::parse((*Buf)->getBuffer()); !Parsed)
    return llvm::createStringError(std::string(Path) + ": malformed JSON: " +
                                   llvm::toString(Parsed.takeError()));
  std::string Error;
  auto DB = tooling::JSONCompilationDatabase::loadFromFile(
      Path, Error, tooling::JSONCommandLineSyntax::AutoDetect);
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

std::vector<tooling::CompileCommand>
commandsFor(const tooling::CompilationDatabase &DB, llvm::StringRef File) {
  auto Cmds = DB.getCompileCommands(File);
  if (!Cmds.empty())
    return Cmds;
  // A source file absent from the database is not part of that build: it
  // gets the default command. Headers borrow a unit's command.
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  if (!(Ext == ".cuh" || Ext == ".h" || Ext == ".hpp" || Ext == ".hh" || Ext == ".hxx" ||
        Ext == ".inl" || Ext == ".inc"))
    return {};
  // Headers and files absent from the database: the nearest unit's command.
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
  return Inferred->getCompileCommands(File);
}

} // namespace cuda_lint
