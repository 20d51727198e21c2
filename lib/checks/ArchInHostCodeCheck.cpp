#include "checks/ArchInHostCodeCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {
namespace {

constexpr llvm::StringLiteral ArchMacro = "__CUDA_ARCH__";

/// Whether the raw tokens of \p Range name __CUDA_ARCH__.
bool namesArch(const SourceManager &SM, const LangOptions &LO, SourceRange Range) {
  if (Range.isInvalid())
    return false;
  CharSourceRange R = CharSourceRange::getTokenRange(Range);
  llvm::StringRef Text = Lexer::getSourceText(R, SM, LO);
  if (!Text.contains(ArchMacro))
    return false;
  // Re-lex: an identifier, not part of a longer name or a comment.
  Lexer Lex(SM.getFileLoc(Range.getBegin()), LO, Text.begin(), Text.begin(), Text.end());
  Lex.SetCommentRetentionState(false);
  Token T;
  while (!Lex.LexFromRawLexer(T)) {
    if (T.is(tok::raw_identifier) && T.getRawIdentifier() == ArchMacro)
      return true;
  }
  return T.is(tok::raw_identifier) && T.getRawIdentifier() == ArchMacro;
}

class Callbacks : public PPCallbacks {
public:
  Callbacks(ArchInHostCodeCheck &Check, const SourceManager &SM, const Preprocessor &PP)
      : Check(Check), SM(SM), PP(PP) {}

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    condition(Loc, Cond, "#if");
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind,
            SourceLocation IfLoc) override {
    PendingIfndef.erase(IfLoc.getRawEncoding());
    condition(Loc, Cond, "#elif");
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    name(Loc, Name, "#ifdef");
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    // `#ifndef __CUDA_ARCH__` without an #else keeps host code on the host:
    // nothing is dead (CUTLASS guards its host-only Print() so). Decided at
    // its #else / #elif (a device branch: reported) or #endif (dropped).
    size_t Before = Check.testCount();
    name(Loc, Name, "#ifndef");
    if (Check.testCount() > Before)
      PendingIfndef[Loc.getRawEncoding()] = Check.testCount() - 1;
  }
  void Else(SourceLocation, SourceLocation IfLoc) override { PendingIfndef.erase(IfLoc.getRawEncoding()); }
  void Endif(SourceLocation, SourceLocation IfLoc) override {
    auto It = PendingIfndef.find(IfLoc.getRawEncoding());
    if (It == PendingIfndef.end())
      return;
    Check.dropTest(It->second); // no device branch: not a finding
    PendingIfndef.erase(It);
  }
  void Elifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    name(Loc, Name, "#elifdef");
  }
  void Elifdef(SourceLocation Loc, SourceRange, SourceLocation IfLoc) override {
    PendingIfndef.erase(IfLoc.getRawEncoding());
  }
  void Elifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    name(Loc, Name, "#elifndef");
  }
  void Elifndef(SourceLocation Loc, SourceRange, SourceLocation IfLoc) override {
    PendingIfndef.erase(IfLoc.getRawEncoding());
  }
  /// defined(X) reached through a macro of the condition (`#if IS_DEVICE`).
  void Defined(const Token &Name, const MacroDefinition &, SourceRange Range) override {
    if (isArch(Name) && Range.getBegin().isMacroID())
      Check.addTest(SM.getExpansionLoc(Range.getBegin()), "#if");
  }

private:
  bool isArch(const Token &Name) const {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    return II && II->getName() == ArchMacro;
  }
  bool userFile(SourceLocation Loc) const {
    return Loc.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(Loc));
  }
  void condition(SourceLocation Loc, SourceRange Cond, llvm::StringRef Directive) {
    if (userFile(Loc) && namesArch(SM, PP.getLangOpts(), Cond))
      Check.addTest(Cond.getBegin(), Directive);
  }
  void name(SourceLocation Loc, const Token &Name, llvm::StringRef Directive) {
    if (userFile(Loc) && isArch(Name))
      Check.addTest(Name.getLocation(), Directive);
  }

  ArchInHostCodeCheck &Check;
  const SourceManager &SM;
  const Preprocessor &PP;
  /// `#ifndef __CUDA_ARCH__` directives (by location) not yet known to have
  /// an #else or #elif, with the index of their test.
  llvm::DenseMap<uint64_t, size_t> PendingIfndef;
};

} // namespace

void ArchInHostCodeCheck::registerCudaPPCallbacks(const SourceManager &SourceMgr,
                                                  Preprocessor *P) {
  SM = &SourceMgr; // addTest compares lines before the first match
  Tests.clear();
  if (P)
    P->addPPCallbacks(std::make_unique<Callbacks>(*this, SourceMgr, *P));
}

void ArchInHostCodeCheck::addTest(SourceLocation Loc, llvm::StringRef Directive) {
  // One test per directive: defined() through a macro and the condition's
  // own text report the same line.
  if (!Tests.empty() && SM && Tests.back().Loc.isValid() &&
      SM->getFileID(SM->getFileLoc(Tests.back().Loc)) == SM->getFileID(SM->getFileLoc(Loc)) &&
      SM->getSpellingLineNumber(Tests.back().Loc) == SM->getSpellingLineNumber(Loc))
    return;
  Tests.push_back({Loc, Directive.str()});
}

void ArchInHostCodeCheck::registerMatchers(MatchFinder *Finder) {
  // Function bodies, lambdas' call operators included; only consulted when
  // the unit has a conditional testing __CUDA_ARCH__.
  // The host compilation alone reports (onEndOfTranslationUnit).
  if (getLangOpts().CUDAIsDevice)
    return;
  Finder->addMatcher(
      functionDecl(isDefinition(), unless(isExpansionInSystemHeader()), hasBody(stmt()))
          .bind("fn"),
      this);
}

void ArchInHostCodeCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  if (Tests.empty())
    return;
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  const Stmt *Body = FD ? FD->getBody() : nullptr;
  if (!Body)
    return;
  SourceRange R = Body->getSourceRange();
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return;
  if (!TestsByFile) {
    TestsByFile.emplace();
    for (unsigned I = 0; I < Tests.size(); ++I)
      if (Tests[I].Loc.isValid()) {
        auto [F, Off] = SM->getDecomposedLoc(Tests[I].Loc);
        (*TestsByFile)[F].push_back({Off, I});
      }
    for (auto &[F, V] : *TestsByFile)
      llvm::sort(V);
  }
  auto [File, Begin] = SM->getDecomposedLoc(R.getBegin());
  auto [EndFile, End] = SM->getDecomposedLoc(R.getEnd());
  if (File != EndFile)
    return; // a body that ends in another file (an #include inside it)
  auto It = TestsByFile->find(File);
  if (It == TestsByFile->end())
    return;
  const auto &InFile = It->second;
  for (auto T = std::upper_bound(InFile.begin(), InFile.end(),
                                 std::make_pair(Begin, ~0u));
       T != InFile.end() && T->first < End; ++T) {
    const FunctionDecl *&Best = Innermost[T->second];
    // The innermost body: the one that starts last. An instantiation shares
    // its template's body range: any of them says where it runs.
    if (!Best || SM->isBeforeInTranslationUnit(Best->getBody()->getBeginLoc(), R.getBegin()))
      Best = FD;
  }
}

void ArchInHostCodeCheck::onEndOfTranslationUnit() {
  // The host compilation alone: a host function is parsed by the device
  // compilation too, but never compiled there.
  if (!Ctx || isDeviceSide(*Ctx))
    return;
  for (const auto &[I, FD] : Innermost) {
    if (isDeviceFunction(FD))
      continue;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    bool Lambda = MD && MD->getParent()->isLambda();
    auto D = report(Tests[I].Loc, "__CUDA_ARCH__ is tested (%0) in %select{%2|a lambda}1, "
                                  "which runs only on the host, where __CUDA_ARCH__ is never "
                                  "defined: the branch for device code is dead")
             << Tests[I].Directive << Lambda;
    if (!Lambda)
      D << FD;
    else
      D << "";
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(ArchInHostCodeCheck)

} // namespace cuda_lint
