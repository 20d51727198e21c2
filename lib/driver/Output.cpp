#include "driver/Output.h"
#include "ClangTidy.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang::tidy;

namespace cuda_lint {

/// Paths under the working directory are printed relative to it, as a
/// compiler given relative paths prints them.
static void shortenPath(std::string &Path, llvm::StringRef Cwd) {
  llvm::StringRef P = Path;
  if (!Cwd.empty() && P.consume_front(Cwd) && P.consume_front("/"))
    Path = P.str();
}

static void shortenPaths(ClangTidyError &E, llvm::StringRef Cwd) {
  shortenPath(E.Message.FilePath, Cwd);
  for (auto &N : E.Notes)
    shortenPath(N.FilePath, Cwd);
}

void printText(const std::vector<Finding> &Findings, const OutputOptions &Opts) {
  if (Findings.empty())
    return;
  ClangTidyOptions O;
  O.UseColor = Opts.Color;
  ClangTidyContext Context(
      std::make_unique<DefaultOptionsProvider>(ClangTidyGlobalOptions(), O));
  Context.setCurrentFile("");
  std::vector<ClangTidyError> Errors;
  Errors.reserve(Findings.size());
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  for (const Finding &F : Findings) {
    Errors.push_back(F.Error);
    shortenPaths(Errors.back(), Cwd);
  }
  unsigned WarningsAsErrors = 0;
  handleErrors(Errors, Context, FB_NoFix, WarningsAsErrors,
               llvm::vfs::getRealFileSystem());
  llvm::outs().flush();
}

RunSummary summarize(const std::vector<Finding> &Findings, size_t Files,
                     unsigned ToolFailures, double Seconds) {
  RunSummary S;
  S.Files = Files;
  S.ToolFailures = ToolFailures;
  S.Seconds = Seconds;
  for (const Finding &F : Findings) {
    if (F.isCompilerDiagnostic())
      (F.isError() ? S.CompilerErrors : S.CompilerWarnings)++;
    else
      (F.isError() ? S.RuleErrors : S.RuleWarnings)++;
  }
  return S;
}

static std::string plural(unsigned N, llvm::StringRef One, llvm::StringRef Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many).str();
}

void printSummary(const RunSummary &S, llvm::raw_ostream &OS) {
  OS << "cuda-lint: " << plural(S.Files, "file", "files") << ", "
     << plural(S.RuleErrors + S.RuleWarnings, "finding", "findings") << " ("
     << plural(S.RuleErrors, "error", "errors") << ", "
     << plural(S.RuleWarnings, "warning", "warnings") << "), "
     << plural(S.CompilerErrors, "compiler error", "compiler errors") << ", "
     << plural(S.ToolFailures, "tool failure", "tool failures") << ", "
     << llvm::format("%.1f", S.Seconds) << " s\n";
}

} // namespace cuda_lint
