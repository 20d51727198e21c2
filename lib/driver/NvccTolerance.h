//===- NvccTolerance.h - clang errors that nvcc does not give ---*- C++ -*-===//
//
// Most of what nvcc accepts and clang 22 rejects is made to parse by the nvcc
// compatibility header (CompatHeader.h) and nvcc's predefined macros
// (SidePlan.h). One class cannot be fixed that way: inline PTX naming a
// special register with a single `%` (`asm("mov.u32 %0, %laneid;" :
// "=r"(r))`). nvcc passes `%name` on to PTX as written; clang 22 reads it as
// an operand escape and errors "invalid % escape in inline assembly string".
// Sema keeps the statement (the AST is intact) but stops analysing the asm
// string at the first escape, so the error alone cannot simply be dropped:
// an error nvcc also reports (`%5` past the operands, a `%q` that names
// nothing) may follow in the same string. Here the error is held back on the
// sides of nvcc commands, and once the translation unit is parsed each asm
// statement it came from is analysed again by clang (GCCAsmStmt::
// AnalyzeAsmString) with the escapes that nvcc passes on doubled: what that
// still reports is reported, at its place in the original string.
//
// Asm operands without the comma between them are dropped where they stand
// on those sides (clang keeps the rest of the function). A dependent name
// without `typename` that nvcc reads as a type once instantiated (an explicit
// template argument of a call, a `sizeof` operand), or a member template
// called without `template`, cannot be: clang drops the instantiation's
// body, so the runner parses such a side again with the keyword written in
// (isNvccAcceptedMissingTypename, isNvccAcceptedMissingTemplateKeyword,
// insertMissingKeywords).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_NVCCTOLERANCE_H
#define CUDA_LINT_DRIVER_NVCCTOLERANCE_H

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CompilerInstance;
class FunctionDecl;
class Sema;
}

namespace cuda_lint {

/// Whether \p Name (without the `%`) is a PTX special register (PTX ISA 9.0,
/// "Special Registers": `tid`, `laneid`, `clock64`, `globaltimer`,
/// `lanemask_lt`, `envreg7`, `pm3_64`, `dynamic_smem_size` ...).
bool isPtxSpecialRegister(llvm::StringRef Name);

/// \p AsmText (the bytes of an extended asm string) with every `%name` that
/// nvcc passes on to PTX unchanged written `%%name`: a name, not followed by
/// a digit after its first letter (nvcc reads `%c0` as an operand with a
/// modifier), that is a PTX special register or a register a `.reg`
/// directive of the same text declares (`.reg .pred %p;`). Other escapes are
/// left as they are. \p OriginalOffset, when given, receives for each byte of
/// the result the offset of the byte of \p AsmText it comes from.
std::string doubleNvccAsmEscapes(llvm::StringRef AsmText,
                                 std::vector<unsigned> *OriginalOffset = nullptr);

/// The tolerance for one side of an nvcc command (see the file comment).
/// The side's diagnostic consumer asks holdBack() for each diagnostic; the AST
/// consumer from makeConsumer() reports, at the end of the translation unit,
/// what clang still finds in the statements held back.
class NvccTolerance {
public:
  /// True when the caller drops \p Info: clang's "invalid % escape in inline
  /// assembly string" and operand-number errors (decided again at the end of
  /// the translation unit) and a missing asm operand comma. A missing keyword
  /// nvcc accepts is recorded (missingKeywords()) and reported (false).
  /// Always false for what this class reports itself. Counts otherErrors().
  bool holdBack(clang::DiagnosticsEngine::Level Level, const clang::Diagnostic &Info);

  /// An AST consumer to run alongside the checks (it has no other effect).
  std::unique_ptr<clang::ASTConsumer> makeConsumer(clang::CompilerInstance &CI);

  /// Decides the errors held back so far in the unit of \p Ctx, reporting
  /// what clang still finds through \p Diags, as makeConsumer's consumer does
  /// at the end of the unit (for a front end that cannot add an AST consumer,
  /// cuda-lint-clangd, which calls it from a clang-tidy check). Without a Sema
  /// (holdBack saw none), the whole traversal scope of \p Ctx is searched; an
  /// error whose statement is not found is reported as clang gave it.
  void reanalyse(clang::ASTContext &Ctx, clang::DiagnosticsEngine &Diags);

  /// Number of clang errors dropped because nvcc accepts the asm string as
  /// written where it stands: an operand number past the operands (`%8` with
  /// eight operands) in a template that is never
  /// instantiated with the statement live (a discarded `if constexpr`
  /// branch, or no instantiation at all). nvcc reads asm strings only when it
  /// generates code; in a live statement it fails ("asm operand index
  /// requested is larger than the number of asm operands provided"), and the
  /// error is kept.
  unsigned acceptedInTemplates() const { return AcceptedInTemplates; }

  /// Number of asm errors held back so far (tests, --verbose).
  unsigned heldBack() const { return Held.size(); }

  /// Number of clang errors dropped because nvcc accepts the asm statement as
  /// written: operands without the comma between them (`:: "r"(a) "l"(b)`,
  /// cuda-samples' conjugateGradientMultiDeviceCG), which nvcc 13.0 accepts
  /// and clang 22 rejects with "expected ')'". clang drops that statement from
  /// the AST; the rest of the function is intact.
  unsigned acceptedOperandCommas() const { return AcceptedOperandCommas; }

  /// Where clang reported, while instantiating a template, a dependent
  /// qualified name without `typename` that nvcc reads as a type
  /// (isNvccAcceptedMissingTypename) or a member template called without
  /// `template` (isNvccAcceptedMissingTemplateKeyword). The error is
  /// reported (holdBack returns false), and clang has dropped the
  /// instantiation's body; when the side had no other compiler error
  /// (otherErrors()), the runner parses it again with the keyword inserted
  /// at these places (insertMissingKeywords).
  struct KeywordPlace {
    std::string File; ///< real path (or the SourceManager's name)
    unsigned Offset;  ///< bytes: where the qualified (or member) name starts
    /// `template ` before a member template's name, not `typename `
    /// (isNvccAcceptedMissingTemplateKeyword).
    bool Template = false;
  };
  const std::vector<KeywordPlace> &missingKeywords() const { return MissingKeywords; }

  /// Number of errors and fatal errors holdBack saw and did not hold back,
  /// other than the missing keywords above (clang's, and those the asm
  /// re-analysis reports).
  unsigned otherErrors() const { return OtherErrors; }

private:
  friend class NvccAsmReanalysis;
  struct HeldError {
    clang::SourceLocation Loc;             ///< spelling location of the error
    const clang::FunctionDecl *Function;   ///< being parsed then; null: unknown
    unsigned DiagID;                       ///< clang's error
  };
  std::vector<HeldError> Held;
  clang::Sema *S = nullptr; ///< set by the consumer (SemaConsumer)
  bool Reporting = false;
  unsigned AcceptedOperandCommas = 0;
  unsigned AcceptedInTemplates = 0;
  std::vector<KeywordPlace> MissingKeywords;
  unsigned OtherErrors = 0;
  bool decide(clang::DiagnosticsEngine::Level Level, const clang::Diagnostic &Info);
};

/// Whether \p Info is clang's "missing 'typename' prior to dependent type
/// name" error given while \p S instantiates a template: a qualified name
/// parsed as an expression in the template (`sizeof(C::type)`,
/// `C::type(3)`, `alignof(C::type)`, `take<C::type>()`) names a type in the
/// instantiation. clang 22 then drops the instantiation's body; nvcc (EDG)
/// reads the name as the type and accepts the code. Where nvcc rejects a
/// missing `typename` (a declaration `C::type x;`, `Pair<C::type, int>`,
/// `take<C::type*>()`), clang already reports an error where the template is
/// defined. Only names written in a file or in a macro's argument.
bool isNvccAcceptedMissingTypename(const clang::Diagnostic &Info, const clang::Sema *S);

/// Whether \p Info is an error clang gives while \p S instantiates a
/// template at a member template's name used without `template` after a
/// dependent object (`impl.get<R>(x)` with `R` a non-type template
/// parameter): "missing 'template' keyword prior to dependent template
/// name", or, where the enclosing class has a member of that name, "reference
/// to non-static member function must be called" (CUTLASS example 113's
/// `impl.get_consumer_store_callbacks<ReferenceSrc>(args_impl)`). nvcc
/// accepts both; clang drops the instantiation's body. The runner inserts
/// `template ` before the name. (With a type argument, `impl.get<float>(x)`,
/// nvcc rejects it too, and clang reports another error where the template is
/// defined.)
bool isNvccAcceptedMissingTemplateKeyword(const clang::Diagnostic &Info, const clang::Sema *S);

/// Bytes insertMissingKeywords adds per place (`typename ` or `template `).
constexpr unsigned KeywordInsertionLength = 9;

/// \p Text with `typename ` inserted before each of \p Offsets (bytes into
/// \p Text; duplicates count once), `template ` at those also in
/// \p TemplateAt.
std::string insertMissingKeywords(llvm::StringRef Text, std::vector<unsigned> Offsets,
                                   const std::vector<unsigned> &TemplateAt = {});

/// The offset in the original text of \p Offset, a byte offset into the text
/// insertMissingKeywords made with \p SortedInsertions (sorted, unique): an
/// offset inside an inserted word maps to the name it was put before.
unsigned originalOffset(unsigned Offset, llvm::ArrayRef<unsigned> SortedInsertions);

/// Whether \p DiagID is clang's error about an asm string naming an operand
/// number past the operands, which nvcc reports only for a statement it
/// generates code for (see NvccTolerance::acceptedInTemplates). An unknown
/// `%[name]` is not one: nvcc rejects it where it is written.
bool isAsmOperandStringError(unsigned DiagID);

/// Whether the `"` at offset \p At of \p Text starts an operand constraint
/// of an asm statement right after the previous operand's `)`, with no comma
/// between them (see NvccTolerance::acceptedOperandCommas).
bool isMissingAsmOperandComma(llvm::StringRef Text, size_t At);

} // namespace cuda_lint

#endif
