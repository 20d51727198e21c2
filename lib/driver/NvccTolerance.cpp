#include "driver/NvccTolerance.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace cuda_lint {

bool isPtxSpecialRegister(llvm::StringRef Name) {
  static const llvm::StringSet<> Fixed = {
      "tid", "ntid", "laneid", "warpid", "nwarpid", "ctaid", "nctaid", "smid", "nsmid",
      "gridid", "is_explicit_cluster", "clusterid", "nclusterid", "cluster_ctaid",
      "cluster_nctaid", "cluster_ctarank", "cluster_nctarank", "lanemask_eq",
      "lanemask_le", "lanemask_lt", "lanemask_ge", "lanemask_gt", "clock", "clock_hi",
      "clock64", "globaltimer", "globaltimer_lo", "globaltimer_hi",
      "reserved_smem_offset_begin", "reserved_smem_offset_end",
      "reserved_smem_offset_cap", "reserved_smem_offset_0", "reserved_smem_offset_1",
      "total_smem_size", "aggr_smem_size", "dynamic_smem_size", "current_graph_exec"};
  if (Fixed.contains(Name))
    return true;
  // %envreg0..%envreg31, %pm0..%pm7, %pm0_64..%pm7_64.
  unsigned N;
  llvm::StringRef Rest = Name;
  if (Rest.consume_front("envreg"))
    return !Rest.empty() && !Rest.getAsInteger(10, N) && N < 32;
  if (Rest.consume_front("pm")) {
    Rest.consume_back("_64");
    return Rest.size() == 1 && !Rest.getAsInteger(10, N) && N < 8;
  }
  return false;
}

namespace {

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The register names `.reg` directives of \p Text declare (`.reg .pred %p,
/// %q;`, `.reg .b32 %r<4>;` gives "r"), without the `%`.
llvm::StringSet<> declaredRegisters(llvm::StringRef Text) {
  llvm::StringSet<> Names;
  for (size_t Pos = Text.find(".reg"); Pos != llvm::StringRef::npos;
       Pos = Text.find(".reg", Pos + 4)) {
    llvm::StringRef Decl = Text.substr(Pos + 4);
    if (Decl.empty() || isIdentChar(Decl.front()))
      continue; // .register, .reg_x
    Decl = Decl.take_until([](char C) { return C == ';' || C == '}'; });
    // The names are the `%`-words after the type (`.pred`, `.b32`, `.v2 .f32`).
    for (size_t P = Decl.find('%'); P != llvm::StringRef::npos; P = Decl.find('%', P + 1)) {
      size_t E = P + 1;
      while (E < Decl.size() && isIdentChar(Decl[E]))
        ++E;
      if (E > P + 1)
        Names.insert(Decl.slice(P + 1, E));
    }
  }
  return Names;
}

} // namespace

std::string doubleNvccAsmEscapes(llvm::StringRef AsmText,
                                 std::vector<unsigned> *OriginalOffset) {
  llvm::StringSet<> Declared = declaredRegisters(AsmText);
  std::string Out;
  Out.reserve(AsmText.size() + 8);
  auto Emit = [&](char C, unsigned From) {
    Out.push_back(C);
    if (OriginalOffset)
      OriginalOffset->push_back(From);
  };
  for (unsigned I = 0; I < AsmText.size(); ++I) {
    char C = AsmText[I];
    if (C != '%' || I + 1 >= AsmText.size()) {
      Emit(C, I);
      continue;
    }
    char Next = AsmText[I + 1];
    if (Next == '%') { // an escaped percent: both bytes as they are
      Emit(C, I);
      Emit(Next, I + 1);
      ++I;
      continue;
    }
    bool NvccPassesOn = false;
    if (llvm::isAlpha(Next) || Next == '_') {
      unsigned E = I + 1;
      while (E < AsmText.size() && isIdentChar(AsmText[E]))
        ++E;
      llvm::StringRef Name = AsmText.slice(I + 1, E);
      // `%c0`, `%h1`: an operand with a modifier, for nvcc too.
      bool Modifier = Name.size() >= 2 && llvm::isDigit(Name[1]);
      NvccPassesOn = !Modifier && (isPtxSpecialRegister(Name) || Declared.contains(Name));
    }
    if (NvccPassesOn)
      Emit('%', I);
    Emit(C, I);
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// Deciding again at the end of the translation unit
//===----------------------------------------------------------------------===//

bool isMissingAsmOperandComma(llvm::StringRef Text, size_t At) {
  if (At >= Text.size() || Text[At] != '"')
    return false;
  // The operand before: `"r"(x)` directly before the string, blanks between.
  size_t Before = Text.find_last_not_of(" \t\r\n", At);
  if (Before == llvm::StringRef::npos || At == 0 || Text[Before] != ')')
    return false;
  // Backwards to the `(` of the asm statement, skipping balanced parentheses
  // and string literals: a ':' at its top level says the string is in an
  // operand list. Bounded: an asm statement is short.
  unsigned Depth = 0;
  bool SawColon = false;
  size_t Limit = Before > 8192 ? Before - 8192 : 0;
  for (size_t I = Before + 1; I-- > Limit;) {
    char C = Text[I];
    if (C == '"') { // skip a string literal backwards
      while (I-- > Limit && !(Text[I] == '"' && (I == 0 || Text[I - 1] != '\\')))
        ;
      continue;
    }
    if (C == ')') {
      ++Depth;
    } else if (C == '(') {
      if (Depth-- > 0)
        continue;
      // The keyword before the statement's `(`, past asm qualifiers.
      llvm::StringRef Head = Text.slice(Limit, I).rtrim();
      for (llvm::StringRef Q : {"volatile", "__volatile__", "__volatile", "inline", "goto"})
        if (Head.ends_with(Q))
          Head = Head.drop_back(Q.size()).rtrim();
      bool Keyword = Head.ends_with("asm") || Head.ends_with("__asm__") || Head.ends_with("__asm");
      size_t KeywordStart = Head.find_last_not_of(
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
      llvm::StringRef Word = Head.substr(KeywordStart == llvm::StringRef::npos ? 0 : KeywordStart + 1);
      return SawColon && Keyword && (Word == "asm" || Word == "__asm__" || Word == "__asm");
    } else if (C == ':' && Depth == 0) {
      SawColon = true;
    } else if (C == ';' || C == '{' || C == '}') {
      return false;
    }
  }
  return false;
}

bool NvccTolerance::holdBack(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  size_t Places = MissingKeywords.size();
  bool Held = decide(Level, Info);
  // Not clang's "too many errors emitted" after those missing `typename`s.
  if (!Held && Level >= DiagnosticsEngine::Error && MissingKeywords.size() == Places &&
      !(Info.getID() == diag::fatal_too_many_errors && OtherErrors == 0))
    ++OtherErrors;
  return Held;
}

bool NvccTolerance::decide(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  if (Reporting || Level < DiagnosticsEngine::Error || !Info.hasSourceManager() ||
      Info.getLocation().isInvalid())
    return false;
  if (Info.getID() == diag::err_expected) {
    // `"r"(a) "l"(b)`: nvcc accepts asm operands without the comma between
    // them; clang stops at the second operand's constraint.
    const SourceManager &SM = Info.getSourceManager();
    SourceLocation L = SM.getSpellingLoc(Info.getLocation());
    bool Invalid = false;
    llvm::StringRef Text = SM.getBufferData(SM.getFileID(L), &Invalid);
    if (!Invalid && isMissingAsmOperandComma(Text, SM.getFileOffset(L))) {
      ++AcceptedOperandCommas;
      return true;
    }
    return false;
  }
  bool Template = isNvccAcceptedMissingTemplateKeyword(Info, S);
  if (Template || isNvccAcceptedMissingTypename(Info, S)) {
    // Reported as clang gives it; the runner parses the side again with
    // `typename ` written where it is missing (missingKeywords()).
    const SourceManager &SM = Info.getSourceManager();
    SourceLocation L = SM.getSpellingLoc(Info.getLocation());
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(L))) {
      llvm::StringRef Real = FE->getFileEntry().tryGetRealPathName();
      MissingKeywords.push_back(
          {Real.empty() ? FE->getName().str() : Real.str(), SM.getFileOffset(L), Template});
    }
    return false;
  }
  if (isAsmOperandStringError(Info.getID())) {
    // Decided by the statements that carry it once the unit is parsed: nvcc
    // accepts it in a template that is never instantiated with the statement
    // live. The whole unit is searched (Function null).
    Held.push_back({Info.getSourceManager().getSpellingLoc(Info.getLocation()), nullptr,
                    Info.getID()});
    return true;
  }
  if (Info.getID() != diag::err_asm_invalid_escape)
    return false;
  // The function Sema is in (an instantiation while instantiating): only its
  // body needs to be looked at again. Deferred diagnostics, given at the end
  // of the unit, have none; then the whole unit is.
  const FunctionDecl *FD = S ? S->getCurFunctionDecl(/*AllowLambda=*/true) : nullptr;
  Held.push_back({Info.getSourceManager().getSpellingLoc(Info.getLocation()), FD,
                  diag::err_asm_invalid_escape});
  return true;
}

bool isNvccAcceptedMissingTemplateKeyword(const Diagnostic &Info, const Sema *S) {
  if ((Info.getID() != diag::err_template_kw_missing &&
       Info.getID() != diag::err_bound_member_function) ||
      !S || !S->inTemplateInstantiation() || !Info.hasSourceManager() ||
      Info.getLocation().isInvalid() || !Info.getLocation().isFileID())
    return false;
  // At a member's name followed by `<`: `impl.get<R>(x)`.
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation L = Info.getLocation();
  bool Invalid = false;
  llvm::StringRef Text = SM.getBufferData(SM.getFileID(L), &Invalid);
  size_t At = SM.getFileOffset(L);
  if (Invalid || At >= Text.size())
    return false;
  size_t End = At;
  while (End < Text.size() && (llvm::isAlnum(Text[End]) || Text[End] == '_'))
    ++End;
  size_t Before = Text.find_last_not_of(" \t\r\n", At);
  size_t After = Text.find_first_not_of(" \t\r\n", End);
  return End > At && Before != llvm::StringRef::npos && After != llvm::StringRef::npos &&
         Text[After] == '<' &&
         (Text[Before] == '.' || (Text[Before] == '>' && Before > 0 && Text[Before - 1] == '-'));
}

bool isNvccAcceptedMissingTypename(const Diagnostic &Info, const Sema *S) {
  if (Info.getID() != diag::err_typename_missing || !S || !S->inTemplateInstantiation() ||
      !Info.hasSourceManager() || Info.getLocation().isInvalid())
    return false;
  // Written in a file (or a macro's argument): `typename ` can go there
  // without changing a macro's other expansions.
  SourceLocation L = Info.getLocation();
  return L.isFileID() || Info.getSourceManager().isMacroArgExpansion(L);
}

std::string insertMissingKeywords(llvm::StringRef Text, std::vector<unsigned> Offsets,
                                   const std::vector<unsigned> &TemplateAt) {
  llvm::sort(Offsets);
  Offsets.erase(std::unique(Offsets.begin(), Offsets.end()), Offsets.end());
  std::string Out;
  Out.reserve(Text.size() + Offsets.size() * KeywordInsertionLength);
  size_t From = 0;
  for (unsigned O : Offsets) {
    if (O > Text.size())
      break;
    Out.append(Text.substr(From, O - From));
    Out.append(llvm::is_contained(TemplateAt, O) ? "template " : "typename ");
    From = O;
  }
  Out.append(Text.substr(From));
  return Out;
}

unsigned originalOffset(unsigned Offset, llvm::ArrayRef<unsigned> SortedInsertions) {
  unsigned Shift = 0;
  for (unsigned O : SortedInsertions) {
    unsigned At = O + Shift; // where this insertion is in the rewritten text
    if (Offset < At)
      break;
    if (Offset < At + KeywordInsertionLength)
      return O; // inside the inserted word: the name it was put before
    Shift += KeywordInsertionLength;
  }
  return Offset - Shift;
}

bool isAsmOperandStringError(unsigned DiagID) {
  // Not the `%[name]` errors: nvcc 13.0 checks symbolic names when it parses
  // the statement ("invalid symbolic operand name"), in templates too.
  return DiagID == diag::err_asm_invalid_operand_number;
}

class NvccAsmReanalysis : public SemaConsumer,
                          public RecursiveASTVisitor<NvccAsmReanalysis> {
public:
  NvccAsmReanalysis(NvccTolerance &T, DiagnosticsEngine &Diags) : T(T), Diags(Diags) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  void InitializeSema(Sema &S) override { T.S = &S; }
  void ForgetSema() override { T.S = nullptr; }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (T.Held.empty())
      return;
    this->Ctx = &Ctx;
    bool Everywhere = llvm::any_of(T.Held, [](const auto &H) { return !H.Function; });
    if (Everywhere) {
      // Not the traversal scope, which may have been narrowed to the
      // project's declarations (LintRunner.cpp): the statements held back
      // can be anywhere.
      TraverseDecl(Ctx.getTranslationUnitDecl());
    } else {
      llvm::DenseSet<const FunctionDecl *> Done;
      for (const auto &H : T.Held)
        if (Done.insert(H.Function).second && H.Function->getBody())
          TraverseStmt(H.Function->getBody());
    }
    // An error whose statement was not found is reported as clang gave it:
    // never hide what may be a real error. An operand error is reported
    // (once) when a statement that nvcc generates code for carries it: one
    // outside every template definition; otherwise it was only in templates
    // that are never instantiated with it live, which nvcc accepts.
    T.Reporting = true;
    llvm::DenseSet<uint64_t> Reported;
    for (const auto &H : T.Held) {
      uint64_t Key = H.Loc.getRawEncoding();
      bool Operand = H.DiagID != diag::err_asm_invalid_escape;
      if (!Resolved.contains(Key) || (Operand && Live.contains(Key))) {
        if (!Operand || Reported.insert(Key).second)
          Diags.Report(H.Loc, H.DiagID);
      } else if (Operand) {
        ++T.AcceptedInTemplates;
      }
    }
    T.Reporting = false;
    T.Held.clear();
  }

  /// The function (or lambda) whose body is being traversed.
  bool TraverseDecl(Decl *D) {
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (FD)
      Functions.push_back(FD);
    bool Continue = RecursiveASTVisitor::TraverseDecl(D);
    if (FD)
      Functions.pop_back();
    return Continue;
  }

  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    const auto *SL = dyn_cast_or_null<StringLiteral>(S->getAsmStringExpr());
    if (!SL || S->isSimple())
      return true;
    const SourceManager &SM = Ctx->getSourceManager();
    // Which held-back errors lie in this statement's string.
    llvm::SmallVector<SourceLocation, 2> Mine;
    for (unsigned I = 0, N = SL->getNumConcatenated(); I < N; ++I) {
      SourceLocation Tok = SM.getSpellingLoc(SL->getStrTokenLoc(I));
      unsigned Len = Lexer::MeasureTokenLength(Tok, SM, Ctx->getLangOpts());
      for (const auto &H : T.Held)
        if (SM.getFileID(H.Loc) == SM.getFileID(Tok) &&
            SM.getFileOffset(H.Loc) >= SM.getFileOffset(Tok) &&
            SM.getFileOffset(H.Loc) < SM.getFileOffset(Tok) + Len)
          Mine.push_back(H.Loc);
    }
    if (Mine.empty())
      return true;
    bool InTemplate = !Functions.empty() && Functions.back()->isDependentContext();
    for (SourceLocation L : Mine) {
      Resolved.insert(L.getRawEncoding());
      if (!InTemplate)
        Live.insert(L.getRawEncoding());
    }
    // Only the escape errors are decided by analysing the string again.
    if (llvm::none_of(T.Held, [&](const auto &H) {
          return H.DiagID == diag::err_asm_invalid_escape && llvm::is_contained(Mine, H.Loc);
        }))
      return true;
    // One statement is analysed once (a template's instantiations repeat it).
    if (!Analysed.insert(SL->getBeginLoc().getRawEncoding()).second)
      return true;
    analyse(S, SL);
    return true;
  }

private:
  void analyse(GCCAsmStmt *S, const StringLiteral *SL) {
    std::vector<unsigned> Original;
    std::string Text = doubleNvccAsmEscapes(SL->getString(), &Original);
    QualType Ty = Ctx->getStringLiteralArrayType(Ctx->CharTy, Text.size());
    StringLiteral *Doubled = StringLiteral::Create(*Ctx, Text, StringLiteralKind::Ordinary,
                                                   /*Pascal=*/false, Ty, SL->getBeginLoc());
    llvm::SmallVector<IdentifierInfo *, 8> Names;
    llvm::SmallVector<Expr *, 8> Constraints, Exprs, Clobbers;
    for (unsigned I = 0; I < S->getNumOutputs(); ++I) {
      Names.push_back(S->getOutputIdentifier(I));
      Constraints.push_back(S->getOutputConstraintExpr(I));
      Exprs.push_back(S->getOutputExpr(I));
    }
    for (unsigned I = 0; I < S->getNumInputs(); ++I) {
      Names.push_back(S->getInputIdentifier(I));
      Constraints.push_back(S->getInputConstraintExpr(I));
      Exprs.push_back(S->getInputExpr(I));
    }
    for (unsigned I = 0; I < S->getNumLabels(); ++I) {
      Names.push_back(S->getLabelIdentifier(I));
      Exprs.push_back(S->getLabelExpr(I));
    }
    for (unsigned I = 0; I < S->getNumClobbers(); ++I)
      Clobbers.push_back(S->getClobberExpr(I));
    GCCAsmStmt Copy(*Ctx, S->getAsmLoc(), S->isSimple(), S->isVolatile(), S->getNumOutputs(),
                    S->getNumInputs(), Names.data(), Constraints.data(), Exprs.data(), Doubled,
                    S->getNumClobbers(), Clobbers.data(), S->getNumLabels(),
                    S->getRParenLoc());
    llvm::SmallVector<GCCAsmStmt::AsmStringPiece, 8> Pieces;
    unsigned Offset = 0;
    unsigned DiagID = Copy.AnalyzeAsmString(Pieces, *Ctx, Offset);
    if (!DiagID)
      return;
    unsigned At = Offset < Original.size() ? Original[Offset] : SL->getLength();
    SourceLocation Loc = SL->getLocationOfByte(At, Ctx->getSourceManager(), Ctx->getLangOpts(),
                                               Ctx->getTargetInfo());
    T.Reporting = true;
    Diags.Report(Loc, DiagID) << SL->getSourceRange();
    T.Reporting = false;
  }

  NvccTolerance &T;
  DiagnosticsEngine &Diags;
  ASTContext *Ctx = nullptr;
  llvm::DenseSet<uint64_t> Resolved, Analysed;
  /// Held-back operand errors carried by a statement outside every template.
  llvm::DenseSet<uint64_t> Live;
  llvm::SmallVector<const FunctionDecl *, 4> Functions;
};

std::unique_ptr<ASTConsumer> NvccTolerance::makeConsumer(CompilerInstance &CI) {
  return std::make_unique<NvccAsmReanalysis>(*this, CI.getDiagnostics());
}

void NvccTolerance::reanalyse(ASTContext &Ctx, DiagnosticsEngine &Diags) {
  NvccAsmReanalysis(*this, Diags).HandleTranslationUnit(Ctx);
}

} // namespace cuda_lint
