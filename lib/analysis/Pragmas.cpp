//===- Pragmas.cpp - Reading a pragma's tokens from a PPCallbacks hook ----===//

#include "analysis/Pragmas.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include <cstring>

using namespace clang;

namespace cuda_lint {

std::string PragmaDirectiveText::argumentText() const {
  std::string Out;
  for (size_t I = 1; I < Tokens.size(); ++I) {
    if (I > 1)
      Out += ' ';
    Out += Tokens[I].Text;
  }
  return Out;
}

namespace {

struct RawToken {
  std::string Text;
  size_t Offset; // from the start of the lexed range
  bool IsIdentifier;
};

/// Raw-lexes [Begin, End) up to the end of the first logical line.
std::vector<RawToken> lexLine(const LangOptions &LO, const char *Begin,
                              const char *End) {
  std::vector<RawToken> Out;
  Lexer L(SourceLocation(), LO, Begin, Begin, End);
  L.SetCommentRetentionState(false);
  Token Tok;
  bool First = true;
  while (true) {
    L.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof) || (!First && Tok.isAtStartOfLine()))
      break;
    First = false;
    unsigned Len = Tok.getLength();
    const char *TokEnd = L.getBufferLocation();
    const char *TokBegin = TokEnd - Len;
    std::string Text(TokBegin, Len);
    // A token split by backslash-newline: drop the continuations.
    for (size_t P; (P = Text.find("\\\n")) != std::string::npos;)
      Text.erase(P, 2);
    Out.push_back({std::move(Text), size_t(TokBegin - Begin),
                   Tok.is(tok::raw_identifier)});
  }
  return Out;
}

/// For `_Pragma("...")` written as a plain string literal in a file: the
/// location of the literal's opening quote, which corresponds to offset 0 of
/// the scratch buffer clang lexes the pragma from (it replaces the quotes by
/// a space and a newline). Invalid when the operand is not a plain literal.
SourceLocation pragmaStringStart(Preprocessor &PP, SourceLocation PragmaLoc) {
  const SourceManager &SM = PP.getSourceManager();
  SourceLocation Spell = SM.getSpellingLoc(PragmaLoc);
  bool Invalid = false;
  const char *P = SM.getCharacterData(Spell, &Invalid);
  if (Invalid)
    return SourceLocation();
  StringRef Buf = SM.getBufferData(SM.getFileID(Spell), &Invalid);
  if (Invalid)
    return SourceLocation();
  Lexer L(Spell, PP.getLangOpts(), P, P, Buf.end());
  Token Tok;
  L.LexFromRawLexer(Tok);
  if (!Tok.is(tok::raw_identifier) || Tok.getRawIdentifier() != "_Pragma")
    return SourceLocation();
  L.LexFromRawLexer(Tok);
  if (!Tok.is(tok::l_paren))
    return SourceLocation();
  L.LexFromRawLexer(Tok);
  if (!Tok.is(tok::string_literal))
    return SourceLocation();
  const char *Lit = L.getBufferLocation() - Tok.getLength();
  if (*Lit != '"')
    return SourceLocation();
  if (StringRef(Lit, Tok.getLength()).contains('\\'))
    return SourceLocation();
  return Spell.getLocWithOffset(Lit - P);
}

} // namespace

std::optional<PragmaDirectiveText> readPragma(Preprocessor &PP,
                                              PragmaIntroducer Introducer) {
  if (Introducer.Kind != PIK_HashPragma && Introducer.Kind != PIK__Pragma)
    return std::nullopt;
  // Since PTH was removed, every preprocessor lexer is a clang::Lexer.
  auto *L = static_cast<Lexer *>(PP.getCurrentLexer());
  if (!L)
    return std::nullopt;
  const char *Begin = L->getBufferLocation();
  const char *End = L->getBuffer().end();
  if (!Begin || Begin > End)
    return std::nullopt;

  PragmaDirectiveText Out;
  Out.Loc = Introducer.Loc;
  Out.Kind = Introducer.Kind;
  const SourceManager &SM = PP.getSourceManager();
  SourceLocation Base;
  if (Introducer.Kind == PIK_HashPragma)
    Base = L->getSourceLocation(Begin);
  else
    Base = pragmaStringStart(PP, Introducer.Loc);
  for (RawToken &T : lexLine(PP.getLangOpts(), Begin, End)) {
    PragmaToken PT;
    PT.IsIdentifier = T.IsIdentifier;
    if (Base.isValid() && Base.isFileID()) {
      SourceLocation Loc = Base.getLocWithOffset(T.Offset);
      bool Invalid = false;
      const char *C = SM.getCharacterData(Loc, &Invalid);
      if (!Invalid && std::strncmp(C, T.Text.data(), T.Text.size()) == 0)
        PT.FileLoc = Loc;
    }
    PT.Text = std::move(T.Text);
    Out.Tokens.push_back(std::move(PT));
  }
  return Out;
}

namespace {

/// The first token after the pragma at \p Loc (see CollectedPragma::Next).
SourceLocation tokenAfter(const Preprocessor &PP, SourceLocation Loc,
                          const PragmaDirectiveText &P) {
  const SourceManager &SM = PP.getSourceManager();
  const LangOptions &LO = PP.getLangOpts();
  SourceLocation Last;
  if (Loc.isMacroID()) {
    Last = SM.getExpansionRange(Loc).getEnd();
  } else if (P.Kind == PIK_HashPragma) {
    if (P.Tokens.empty() || P.Tokens.back().FileLoc.isInvalid())
      return {};
    Last = P.Tokens.back().FileLoc;
  } else {
    Last = Loc; // `_Pragma` `(` string `)`
    for (int I = 0; I < 3 && Last.isValid(); ++I) {
      std::optional<Token> T = Lexer::findNextToken(Last, SM, LO);
      if (!T)
        return {};
      Last = T->getLocation();
    }
  }
  std::optional<Token> Next = Lexer::findNextToken(Last, SM, LO);
  if (!Next || Next->is(tok::eof))
    return {};
  return Next->getLocation();
}

class PragmaCollector : public PPCallbacks {
public:
  PragmaCollector(Preprocessor &PP, llvm::StringRef Name, std::vector<CollectedPragma> &Out)
      : PP(PP), Name(Name.str()), Out(Out) {}
  void PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Introducer) override {
    std::optional<PragmaDirectiveText> P = readPragma(PP, {Introducer, Loc});
    if (!P || P->name() != Name)
      return;
    SourceLocation Next = tokenAfter(PP, Loc, *P);
    Out.push_back({PP.getSourceManager().getExpansionLoc(Loc), std::move(*P), Next});
  }

private:
  Preprocessor &PP;
  std::string Name;
  std::vector<CollectedPragma> &Out;
};

} // namespace

std::unique_ptr<PPCallbacks> collectPragmas(Preprocessor &PP, llvm::StringRef Name,
                                            std::vector<CollectedPragma> &Out) {
  return std::make_unique<PragmaCollector>(PP, Name, Out);
}

SourceRange bodyExpansionRange(const Stmt &Body, const SourceManager &SM) {
  SourceRange R = Body.getSourceRange();
  return {SM.getExpansionLoc(R.getBegin()), SM.getExpansionRange(R.getEnd()).getEnd()};
}

bool inAnyBody(const std::vector<SourceRange> &Bodies, SourceLocation Loc,
               const SourceManager &SM) {
  return llvm::any_of(Bodies, [&](SourceRange B) {
    return SM.isPointWithin(Loc, B.getBegin(), B.getEnd());
  });
}

} // namespace cuda_lint
