#include "checks/WmmaArchCheck.h"
#include "analysis/WmmaFragment.h"
#include "analysis/WmmaMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {
/// The ranges of the main file the raw lexing must not read: #if regions
/// the preprocessor skipped, and the invocations of function-like macros
/// (`NV_IF_TARGET(NV_PROVIDES_SM_80, (...))` may drop its arguments on this
/// side; a use that does expand is in the AST).
class SkippedRanges : public PPCallbacks {
public:
  SkippedRanges(const SourceManager &SM, std::vector<SourceRange> &Out)
      : SM(SM), Out(Out) {}
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    Out.push_back(Range);
  }
  void MacroExpands(const Token &, const MacroDefinition &, SourceRange Range,
                    const MacroArgs *Args) override {
    if (Args && Range.getBegin().isFileID() && SM.isInMainFile(Range.getBegin()))
      Out.push_back(Range);
  }

private:
  const SourceManager &SM;
  std::vector<SourceRange> &Out;
};
} // namespace

void WmmaArchCheck::registerCudaPPCallbacks(const SourceManager &SourceMgr,
                                            Preprocessor *P) {
  // Called once per translation unit, before it is preprocessed (matching,
  // and onStartOfTranslationUnit, come after the whole unit is parsed).
  Skipped.clear();
  if (P)
    P->addPPCallbacks(std::make_unique<SkippedRanges>(SourceMgr, Skipped));
}

void WmmaArchCheck::registerMatchers(MatchFinder *Finder) {
  addWmmaFragmentDeclMatcher(*this, Finder);
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

/// The architecture floor of fragment \p F: its element type's, and for an
/// accumulator the floor of the multiplicands it exists for.
static unsigned floorOf(const WmmaFragment &F) {
  if (F.Use != WmmaUse::Accumulator)
    return minArchFor(F.Elem);
  if (F.Shape == WmmaShape{16, 16, 8} || F.Elem == WmmaElem::Double)
    return 80;
  if (F.Shape == WmmaShape{8, 8, 32} || F.Shape == WmmaShape{8, 8, 128})
    return 75;
  if (F.Elem == WmmaElem::Int)
    return 72;
  return 70;
}

void WmmaArchCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  std::optional<unsigned> Arch = deviceArch(*Ctx);
  if (!Arch)
    return; // the host side compiles for no architecture
  if (Result.Nodes.getNodeAs<TranslationUnitDecl>("tu")) {
    if (*Arch < 80)
      scanMainFile(*Arch);
    return;
  }
  const auto *D = Result.Nodes.getNodeAs<DeclaratorDecl>("decl");
  if (!D)
    return;
  forEachFragmentOf(*Ctx, D, [&](const WmmaFragment &F, const FunctionDecl *Fn) {
    // An unsupported fragment is cuda-wmma-shape-type's / cuda-wmma-layout's.
    if (!F.isSupported())
      return false;
    unsigned Floor = floorOf(F);
    if (Floor <= *Arch || !reportOnce(lineKey(*SM, D->getLocation())))
      return false;
    std::string What = F.Use == WmmaUse::Accumulator
                           ? toString(F.Elem).str() + " accumulator fragments of shape " +
                                 F.Shape.str()
                           : toString(F.Elem).str() + " fragments";
    report(D->getLocation(),
           "%0 need sm_%1 or newer; compiled for an older architecture, "
           "crt/mma.h does not declare '%2'")
        << What << Floor << F.str();
    noteInstantiation(Fn);
    return true;
  });
}

void WmmaArchCheck::scanMainFile(unsigned Arch) {
  FileID Main = SM->getMainFileID();
  llvm::StringRef Buffer = SM->getBufferData(Main);
  Lexer L(SM->getLocForStartOfFile(Main), Ctx->getLangOpts(), Buffer.begin(),
          Buffer.begin(), Buffer.end());
  auto InSkipped = [&](SourceLocation Loc) {
    for (const SourceRange &R : Skipped)
      if (!SM->isBeforeInTranslationUnit(Loc, R.getBegin()) &&
          !SM->isBeforeInTranslationUnit(R.getEnd(), Loc))
        return true;
    return false;
  };
  // The previous two tokens, for `precision :: tf32` and `wmma ::`.
  Token Tok, Prev, Prev2;
  Prev.startToken();
  Prev2.startToken();
  while (!L.LexFromRawLexer(Tok)) {
    if (Tok.is(tok::raw_identifier)) {
      llvm::StringRef Id = Tok.getRawIdentifier();
      auto PrevIs = [&](const Token &T, llvm::StringRef S) {
        return T.is(tok::raw_identifier) && T.getRawIdentifier() == S;
      };
      bool AfterPrecision = Prev.is(tok::coloncolon) && PrevIs(Prev2, "precision");
      unsigned Floor = 0;
      std::string What;
      if (Arch < 70 && (Id == "nvcuda" || (Id == "wmma" && !Prev.is(tok::coloncolon)))) {
        Floor = 70;
        What = "nvcuda::wmma";
      } else if (AfterPrecision && Id == "tf32") {
        Floor = 80;
        What = "precision::tf32";
      } else if (AfterPrecision && (Id == "u4" || Id == "s4" || Id == "b1")) {
        Floor = 75;
        What = ("experimental::precision::" + Id).str();
      } else {
        Floor = llvm::StringSwitch<unsigned>(Id)
                    .Case("bmmaBitOpAND", 80)
                    .Case("__float_to_tf32", 80)
                    .Case("bmmaBitOpXOR", 75)
                    .Case("bmma_sync", 75)
                    .Default(0);
        What = Id.str();
      }
      if (Floor > Arch) {
        SourceLocation Loc = Tok.getLocation();
        if (!InSkipped(Loc) && reportOnce(lineKey(*SM, Loc))) {
          if (Floor == 70)
            report(Loc, "nvcuda::wmma needs sm_70 or newer; compiled for an "
                        "older architecture, crt/mma.h declares nothing");
          else
            report(Loc, "'%0' needs sm_%1 or newer; compiled for an older "
                        "architecture, crt/mma.h does not declare it")
                << What << Floor;
        }
      }
    }
    Prev2 = Prev;
    Prev = Tok;
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(WmmaArchCheck)

} // namespace cuda_lint
