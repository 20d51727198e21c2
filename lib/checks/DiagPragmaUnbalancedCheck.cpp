#include "checks/DiagPragmaUnbalancedCheck.h"
#include "analysis/Pragmas.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>
#include <map>

using namespace clang;

namespace cuda_lint {

namespace {

/// What one file has pushed and suppressed so far.
struct FileState {
  struct Frame {
    SourceLocation PushLoc; // invalid for the file's own level
    /// Diagnostic (number or name) -> its first nv_diag_suppress at this level.
    std::map<std::string, SourceLocation> Suppressed;
  };
  std::vector<Frame> Frames{Frame()};
};

/// The diagnostics a `nv_diag_*` pragma names: its arguments without commas.
std::vector<std::string> diagnosticNames(const PragmaDirectiveText &P) {
  std::vector<std::string> Out;
  for (size_t I = 1; I < P.Tokens.size(); ++I)
    if (P.Tokens[I].Text != ",")
      Out.push_back(P.Tokens[I].Text);
  return Out;
}

class UnbalancedCallbacks : public PPCallbacks {
public:
  using Reporter = std::function<void(const FileState &)>;
  UnbalancedCallbacks(Preprocessor &PP, Reporter OnFileEnd)
      : PP(PP), SM(PP.getSourceManager()), OnFileEnd(std::move(OnFileEnd)) {}

  void PragmaDirective(SourceLocation Loc,
                       PragmaIntroducerKind Introducer) override {
    std::optional<PragmaDirectiveText> P = readPragma(PP, {Introducer, Loc});
    if (!P || P->Tokens.empty())
      return;
    StringRef Name = P->name();
    if (Name != "nv_diagnostic" && Name != "nv_diag_suppress" &&
        Name != "nv_diag_default")
      return;
    SourceLocation At = SM.getExpansionLoc(Loc);
    FileID File = SM.getFileID(At);
    if (File.isInvalid())
      return;
    FileState &S = Files[File];
    if (Name == "nv_diagnostic") {
      if (P->Tokens.size() < 2)
        return;
      if (P->Tokens[1].Text == "push") {
        S.Frames.emplace_back();
        S.Frames.back().PushLoc = At;
      } else if (P->Tokens[1].Text == "pop" && S.Frames.size() > 1) {
        // The pop restores what the frame suppressed. A pop with no push in
        // this file belongs to another file's push: nothing to balance here.
        S.Frames.pop_back();
      }
      return;
    }
    std::vector<std::string> Names = diagnosticNames(*P);
    if (Name == "nv_diag_suppress") {
      for (const std::string &N : Names)
        S.Frames.back().Suppressed.emplace(N, At);
      return;
    }
    // nv_diag_default: the diagnostic is back to its default at every level.
    for (const std::string &N : Names)
      for (FileState::Frame &F : S.Frames)
        F.Suppressed.erase(N);
  }

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind FileType,
                   FileID PrevFID) override {
    if (Reason == ExitFile && PrevFID.isValid())
      finish(PrevFID);
  }

  void EndOfMainFile() override {
    // The main file, and whatever was left open (a header cut short).
    std::vector<FileID> Left;
    for (auto &[File, S] : Files)
      Left.push_back(File);
    for (FileID File : Left)
      finish(File);
  }

private:
  void finish(FileID File) {
    auto It = Files.find(File);
    if (It == Files.end())
      return;
    FileState S = std::move(It->second);
    Files.erase(It);
    OnFileEnd(S);
  }

  Preprocessor &PP;
  const SourceManager &SM;
  Reporter OnFileEnd;
  llvm::DenseMap<FileID, FileState> Files;
};

} // namespace

void DiagPragmaUnbalancedCheck::registerCudaPPCallbacks(const SourceManager &SourceMgr,
                                                         Preprocessor *P) {
  if (!P)
    return;
  SM = &SourceMgr;
  P->addPPCallbacks(std::make_unique<UnbalancedCallbacks>(
      *P, [this](const FileState &S) {
        for (size_t I = 1; I < S.Frames.size(); ++I) {
          SourceLocation Loc = S.Frames[I].PushLoc;
          if (inSystemHeader(Loc) || !reportOnce(Loc.getPtrEncoding()))
            continue;
          report(Loc, "'#pragma nv_diagnostic push' has no matching "
                      "'#pragma nv_diagnostic pop' in this file: the "
                      "diagnostic state it saves is never restored");
        }
        // Suppressions inside an unmatched push are reported with the push.
        // One finding per pragma, naming what it still suppresses.
        std::map<unsigned, std::pair<SourceLocation, std::string>> ByPragma;
        for (const auto &[Diag, Loc] : S.Frames.front().Suppressed) {
          auto &Entry = ByPragma[SM->getFileOffset(Loc)];
          Entry.first = Loc;
          Entry.second += (Entry.second.empty() ? "" : ", ") + Diag;
        }
        for (const auto &[Offset, Entry] : ByPragma) {
          if (inSystemHeader(Entry.first))
            continue;
          report(Entry.first,
                 "'#pragma nv_diag_suppress %0' is never restored in this "
                 "file (no later 'nv_diag_default' and no enclosing "
                 "'nv_diagnostic push'/'pop'): the suppression leaks into "
                 "everything compiled after it, including headers included "
                 "later")
              << Entry.second;
        }
      }));
}

CUDA_LINT_DEFINE_CHECK_FACTORY(DiagPragmaUnbalancedCheck)

} // namespace cuda_lint
