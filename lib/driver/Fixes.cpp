#include "driver/Fixes.h"
#include "driver/Baseline.h"
#include "driver/Output.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/YAMLTraits.h"
#include <map>

namespace cuda_lint {

llvm::Expected<FixReport> applyFixes(const std::vector<Finding> &Findings) {
  FixReport Report;
  std::map<std::string, clang::tooling::Replacements> PerFile;
  for (const Finding &F : Findings)
    for (const auto &FileFix : F.Error.Message.Fix)
      for (const clang::tooling::Replacement &R : FileFix.second) {
        auto &Set = PerFile[R.getFilePath().str()];
        if (llvm::Error E = Set.add(R)) {
          // The same replacement seen twice (two findings, one fix) is fine.
          llvm::consumeError(std::move(E));
          bool Duplicate = false;
          for (const auto &Existing : Set)
            Duplicate |= Existing == R;
          if (!Duplicate)
            ++Report.Conflicting;
        }
      }
  for (auto &[Path, Replacements] : PerFile) {
    if (Replacements.empty())
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    if (!Buf)
      return llvm::createStringError(Path + ": cannot read to apply fixes: " +
                                     Buf.getError().message());
    auto NewText = clang::tooling::applyAllReplacements((*Buf)->getBuffer(), Replacements);
    if (!NewText)
      return llvm::createStringError(Path + ": cannot apply fixes: " +
                                     llvm::toString(NewText.takeError()));
    if (*NewText == (*Buf)->getBuffer())
      continue;
    if (llvm::Error E = writeFileAtomically(Path, *NewText))
      return std::move(E);
    Report.Applied += Replacements.size();
    Report.FilesChanged.push_back(Path);
  }
  return Report;
}

llvm::Error exportFixes(llvm::StringRef Path, const std::vector<Finding> &Findings) {
  clang::tooling::TranslationUnitDiagnostics TUD;
  for (const Finding &F : Findings) {
    if (F.Error.Message.Fix.empty())
      continue;
    clang::tooling::Diagnostic D = F.Error;
    // Error rules travel as warnings made errors (WarningsAsErrors): export
    // the level the user sees.
    if (F.isError())
      D.DiagLevel = clang::tooling::Diagnostic::Error;
    if (isUnsafeFix(F))
      D.Message.Message += " (fix may change behaviour)";
    TUD.Diagnostics.push_back(std::move(D));
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::yaml::Output YAML(OS);
  YAML << TUD;
  OS.flush();
  return writeFileAtomically(Path, Text);
}

} // namespace cuda_lint
