//===- Pragmas.h - Reading a pragma's tokens from a PPCallbacks hook -*- C++ -*-===//
//
// clang hands an unknown pragma (nvcc's `nv_diag_suppress`, `diag_suppress`,
// `nv_abi`, ...) to no handler a check could see: PPCallbacks::PragmaDirective
// gives only the location of its introducer. readPragma reads the pragma's
// tokens at that moment, without consuming them, for `#pragma` lines and for
// `_Pragma("...")` operators (also from macros) alike.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_ANALYSIS_PRAGMAS_H
#define CUDA_LINT_ANALYSIS_PRAGMAS_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/PragmaKinds.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/PPCallbacks.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
class Stmt;
}

namespace cuda_lint {

/// One token of a pragma, as written.
struct PragmaToken {
  /// The token's spelling (`nv_diag_suppress`, `177`, `,`).
  std::string Text;
  /// Where the token is written in a source file, or an invalid location when
  /// it only exists in the preprocessor's scratch buffer (a `_Pragma` whose
  /// string is not a plain literal, e.g. built by `#x` stringification).
  clang::SourceLocation FileLoc;
  /// Whether it is an identifier (or keyword) token.
  bool IsIdentifier = false;
};

/// A pragma directive as read by readPragma.
struct PragmaDirectiveText {
  /// The introducer: the `#` of `#pragma`, or the `_Pragma` token (a macro
  /// location when the operator comes from a macro).
  clang::SourceLocation Loc;
  /// `#pragma` or `_Pragma` (`__pragma` is not read).
  clang::PragmaIntroducerKind Kind = clang::PIK_HashPragma;
  /// The tokens after `pragma` up to the end of the directive (`unroll`,
  /// `4`); for `_Pragma("nv_abi preserve_n_data(16)")` the tokens of the
  /// string.
  std::vector<PragmaToken> Tokens;

  /// The first token's text, "" when the pragma is empty.
  llvm::StringRef name() const {
    return Tokens.empty() ? llvm::StringRef() : llvm::StringRef(Tokens[0].Text);
  }
  /// The tokens after the first, joined by single spaces (`push`, `177, 550`).
  std::string argumentText() const;
};

/// Reads the pragma whose introducer \p Introducer the preprocessor \p PP is
/// handling: call it from PPCallbacks::PragmaDirective (the preprocessor's
/// current lexer is then positioned right after `pragma`, or at the start of
/// the `_Pragma` string's scratch buffer). The tokens are raw-lexed (not
/// macro-expanded), nothing is consumed. std::nullopt for `__pragma` or when
/// the preprocessor is not lexing a buffer.
std::optional<PragmaDirectiveText>
readPragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer);

/// A pragma of one name as a check collects it (collectPragmas).
struct CollectedPragma {
  /// The introducer's expansion location: where a finding about it goes.
  clang::SourceLocation Loc;
  PragmaDirectiveText Text;
  /// The first token after the pragma (a file location): after the
  /// directive for `#pragma`, after the `_Pragma(...)` operator, after the
  /// macro use for a `_Pragma` from a macro. Invalid at the end of the file.
  clang::SourceLocation Next;
};

/// PPCallbacks that append every pragma whose first token is \p Name
/// (`unroll`, `nv_abi`) to \p Out, in source order. \p Out must outlive the
/// preprocessor.
std::unique_ptr<clang::PPCallbacks> collectPragmas(clang::Preprocessor &PP, llvm::StringRef Name,
                                                   std::vector<CollectedPragma> &Out);

/// A function body as the pragma rules place a pragma in it: from the
/// expansion of its `{` to the end of the expansion of its `}` (a body a
/// macro writes is the macro's use).
clang::SourceRange bodyExpansionRange(const clang::Stmt &Body, const clang::SourceManager &SM);

/// Whether \p Loc (a pragma's CollectedPragma::Loc) is within one of
/// \p Bodies (bodyExpansionRange).
bool inAnyBody(const std::vector<clang::SourceRange> &Bodies, clang::SourceLocation Loc,
               const clang::SourceManager &SM);

} // namespace cuda_lint

#endif
