#include "checks/DiagPragmaLegacyCheck.h"
#include "analysis/Pragmas.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cuda_lint {

namespace {

class LegacyPragmaCallbacks : public PPCallbacks {
public:
  LegacyPragmaCallbacks(Preprocessor &PP,
                        std::function<void(const PragmaDirectiveText &)> OnLegacy)
      : PP(PP), OnLegacy(std::move(OnLegacy)) {}

  void PragmaDirective(SourceLocation Loc,
                       PragmaIntroducerKind Introducer) override {
    std::optional<PragmaDirectiveText> P = readPragma(PP, {Introducer, Loc});
    if (!P || P->Tokens.empty() || !P->Tokens[0].IsIdentifier)
      return;
    bool Legacy = llvm::StringSwitch<bool>(P->name())
                      .Cases({"diag_suppress", "diag_warning", "diag_error",
                              "diag_default", "diag_once"},
                             true)
                      .Default(false);
    if (Legacy)
      OnLegacy(*P);
  }

private:
  Preprocessor &PP;
  std::function<void(const PragmaDirectiveText &)> OnLegacy;
};

} // namespace

void DiagPragmaLegacyCheck::registerCudaPPCallbacks(const SourceManager &SourceMgr,
                                                     Preprocessor *P) {
  if (!P)
    return;
  SM = &SourceMgr;
  P->addPPCallbacks(std::make_unique<LegacyPragmaCallbacks>(
      *P, [this](const PragmaDirectiveText &Pragma) {
        if (inSystemHeader(Pragma.Loc))
          return;
        const PragmaToken &Name = Pragma.Tokens[0];
        {
          DiagnosticBuilder D =
              report(Pragma.Loc, "'#pragma %0' is not recognized by nvcc: the "
                                 "diagnostic it names is not %1; use "
                                 "'#pragma nv_%0'")
              << Name.Text
              << llvm::StringSwitch<llvm::StringRef>(Name.Text)
                     .Case("diag_suppress", "suppressed")
                     .Case("diag_warning", "made a warning")
                     .Case("diag_error", "made an error")
                     .Case("diag_default", "restored to its default")
                     .Default("reported once");
          if (Name.FileLoc.isValid())
            D << FixItHint::CreateInsertion(Name.FileLoc, "nv_");
        }
      }));
}

CUDA_LINT_DEFINE_CHECK_FACTORY(DiagPragmaLegacyCheck)

} // namespace cuda_lint
