#include "checks/TileUnsupportedCheck.h"
#include "analysis/TypeMatchers.h"
#include "analysis/BodyParents.h"
#include "checks/TileCode.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cuda_lint {

namespace {

/// Whether \p T is or contains (behind pointers, references, arrays,
/// `_Complex`) a 128-bit integer or floating-point type.
bool has128BitType(QualType T, unsigned Depth = 0) {
  if (T.isNull() || Depth > 8)
    return false;
  T = T.getCanonicalType();
  if (const auto *B = T->getAs<BuiltinType>())
    return B->getKind() == BuiltinType::Int128 || B->getKind() == BuiltinType::UInt128 ||
           B->getKind() == BuiltinType::Float128;
  if (const auto *C = T->getAs<ComplexType>())
    return has128BitType(C->getElementType(), Depth + 1);
  if (T->isPointerType() || T->isReferenceType())
    return has128BitType(T->getPointeeType(), Depth + 1);
  if (const auto *A = dyn_cast<ArrayType>(T.getTypePtr()))
    return has128BitType(A->getElementType(), Depth + 1);
  return false;
}

bool is128BitType(QualType T) { return has128BitType(T); }

AST_MATCHER(FunctionDecl, isTileFn) { return isTileFunction(&Node); }

/// What tile code uses instead of the built-in variable \p Name (CUDA C++
/// Programming Guide, "Built-in Variables"), or "" when the name is not one
/// of the four.
llvm::StringRef tileReplacement(llvm::StringRef Name) {
  return llvm::StringSwitch<llvm::StringRef>(Name)
      .Case("blockIdx", "use cuda::tiles::bid()")
      .Case("gridDim", "use cuda::tiles::num_blocks()")
      .Case("threadIdx", "tile code has no individual threads")
      .Case("blockDim", "tile code has no individual threads")
      .Default("");
}

/// Records macro expansions at file locations and skipped ranges.
class TileMacroRecorder : public PPCallbacks {
public:
  TileMacroRecorder(const SourceManager &SM,
                    llvm::DenseMap<SourceLocation::UIntTy, const MacroInfo *> &Expansions,
                    std::vector<SourceRange> &Skipped)
      : SM(SM), Expansions(Expansions), Skipped(Skipped) {}

  void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange,
                    const MacroArgs *) override {
    SourceLocation L = Name.getLocation();
    // A macro named in another macro's argument is where the argument is
    // written.
    if (L.isMacroID() && SM.isMacroArgExpansion(L))
      L = SM.getSpellingLoc(L);
    const MacroInfo *MI = MD.getMacroInfo();
    // Only expansions written in a file (not inside another macro's
    // definition), outside system headers.
    if (!MI || !L.isFileID() || SM.isInSystemHeader(L) || MI->getNumTokens() == 0)
      return;
    Expansions[L.getRawEncoding()] = MI;
  }
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    Skipped.push_back(Range);
  }

private:
  const SourceManager &SM;
  llvm::DenseMap<SourceLocation::UIntTy, const MacroInfo *> &Expansions;
  std::vector<SourceRange> &Skipped;
};

/// Whether the replacement list of \p MI (or of a macro it names, up to a
/// few levels) spells a built-in index variable not as a member name; its
/// name goes to \p Found.
bool macroSpellsBuiltin(const MacroInfo *MI, Preprocessor &PP, llvm::StringRef &Found,
                        unsigned Depth = 0) {
  if (!MI || Depth > 8)
    return false;
  tok::TokenKind Prev = tok::unknown;
  for (const Token &T : MI->tokens()) {
    if (const IdentifierInfo *II = T.getIdentifierInfo()) {
      bool Member = Prev == tok::period || Prev == tok::arrow || Prev == tok::coloncolon;
      if (!Member && !tileReplacement(II->getName()).empty()) {
        Found = II->getName();
        return true;
      }
      if (!Member && II->hasMacroDefinition())
        if (const MacroInfo *Inner = PP.getMacroInfo(II); Inner && Inner != MI &&
                                                           macroSpellsBuiltin(Inner, PP, Found, Depth + 1))
          return true;
    }
    Prev = T.getKind();
  }
  return false;
}

/// The places in a function body that the AST resolves to something other
/// than the CUDA built-in variables (a local variable or parameter named
/// `threadIdx`, its declaration), and the bodies of nested lambdas that are
/// not tile code (`[] __device__ () { ... }`).
class ResolvedNames : public RecursiveASTVisitor<ResolvedNames> {
public:
  llvm::DenseSet<SourceLocation::UIntTy> Locations;
  std::vector<SourceRange> NotTile;

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    QualType T = VD ? VD->getType().getUnqualifiedType() : QualType();
    const auto *RD = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
    if (!RD || !RD->getName().starts_with("__cuda_builtin_"))
      Locations.insert(E->getLocation().getRawEncoding());
    return true;
  }
  bool VisitNamedDecl(NamedDecl *D) {
    Locations.insert(D->getLocation().getRawEncoding());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    if (const CXXMethodDecl *Op = L->getCallOperator())
      if (codeSpaceOf(Op) != CodeSpace::Tile && L->getBody())
        NotTile.push_back(L->getBody()->getSourceRange());
    return true;
  }
};

} // namespace

void TileUnsupportedCheck::registerCudaPPCallbacks(const SourceManager &SM, Preprocessor *PP) {
  // Per translation unit (not in startTranslationUnit, which clang-tidy
  // calls once the unit is preprocessed and parsed).
  Expansions.clear();
  Skipped.clear();
  PP->addPPCallbacks(std::make_unique<TileMacroRecorder>(SM, Expansions, Skipped));
}

void TileUnsupportedCheck::checkBuiltinVariables(const FunctionDecl *FD) {
  const Stmt *Body = FD->getBody();
  if (!Body)
    return;
  SourceLocation B = Body->getBeginLoc(), E = Body->getEndLoc();
  if (B.isInvalid() || E.isInvalid() || !B.isFileID() || !E.isFileID())
    return; // a function a macro defines: no text of its own to read
  std::pair<FileID, unsigned> Begin = SM->getDecomposedLoc(B), End = SM->getDecomposedLoc(E);
  if (Begin.first != End.first || End.second < Begin.second)
    return;
  bool Invalid = false;
  llvm::StringRef Buffer = SM->getBufferData(Begin.first, &Invalid);
  if (Invalid)
    return;
  const LangOptions &LO = Ctx->getLangOpts();
  Lexer Raw(SM->getLocForStartOfFile(Begin.first), LO, Buffer.begin(),
            Buffer.begin() + Begin.second, Buffer.end());
  auto InRanges = [&](SourceLocation L, const std::vector<SourceRange> &Ranges) {
    return llvm::any_of(Ranges, [&](SourceRange R) {
      return !SM->isBeforeInTranslationUnit(L, R.getBegin()) &&
             !SM->isBeforeInTranslationUnit(R.getEnd(), L);
    });
  };
  struct Candidate {
    SourceLocation Loc;
    llvm::StringRef Name, Macro;
  };
  llvm::SmallVector<Candidate, 4> Found;
  tok::TokenKind Prev = tok::unknown;
  bool InDirective = false;
  Token T;
  while (true) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof) || SM->getFileOffset(T.getLocation()) > End.second)
      break;
    if (T.isAtStartOfLine())
      InDirective = T.is(tok::hash);
    if (InDirective || T.isNot(tok::raw_identifier)) {
      Prev = T.getKind();
      continue;
    }
    llvm::StringRef Name = T.getRawIdentifier();
    bool Member = Prev == tok::period || Prev == tok::arrow || Prev == tok::coloncolon;
    Prev = T.getKind();
    if (Member)
      continue;
    if (!tileReplacement(Name).empty()) {
      Found.push_back({T.getLocation(), Name, ""});
      continue;
    }
    auto It = Expansions.find(T.getLocation().getRawEncoding());
    llvm::StringRef Spelled;
    if (It != Expansions.end() && macroSpellsBuiltin(It->second, *PP, Spelled))
      Found.push_back({T.getLocation(), Spelled, Name});
  }
  if (Found.empty())
    return;
  ResolvedNames Resolved;
  Resolved.TraverseDecl(const_cast<FunctionDecl *>(FD));
  for (const Candidate &C : Found) {
    if (InRanges(C.Loc, Skipped) || InRanges(C.Loc, Resolved.NotTile) ||
        (C.Macro.empty() && Resolved.Locations.contains(C.Loc.getRawEncoding())) ||
        !reportOnce(C.Loc.getPtrEncoding()))
      continue;
    if (C.Macro.empty())
      report(C.Loc, "'%0' is not available in tile code: %1")
          << C.Name << tileReplacement(C.Name);
    else
      report(C.Loc, "'%0' (through macro '%1') is not available in tile code: %2")
          << C.Name << C.Macro << tileReplacement(C.Name);
  }
}

void TileUnsupportedCheck::registerMatchers(MatchFinder *Finder) {
  auto Fn = forEnclosingFunction(functionDecl().bind("fn"));
  // The type tested in one step (TypeMatchers.h).
  Finder->addMatcher(explicitCastExpr(castsToTypeThat(is128BitType), Fn).bind("cast"), this);
  Finder->addMatcher(varDecl(declaresTypeThat(is128BitType)).bind("var"), this);
  Finder->addMatcher(functionDecl(returnsTypeThat(is128BitType)).bind("ret"), this);
  // The built-in variables: each tile function body once, as written (not
  // its instantiations, which share its text).
  Finder->addMatcher(functionDecl(isDefinition(), isTileFn()).bind("tilefn"), this);
}

void TileUnsupportedCheck::checkMatch(const MatchFinder::MatchResult &Result) {
  const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  auto InTile = [](const FunctionDecl *F) {
    return F && !F->isDependentContext() && codeSpaceOf(F) == CodeSpace::Tile;
  };
  auto Report128 = [&](SourceLocation Loc, QualType T, const FunctionDecl *F,
                       llvm::StringRef What) {
    if (Loc.isInvalid() || !reportOnce(Loc.getPtrEncoding()))
      return;
    report(Loc, "%0 has type %1: tile code does not support 128-bit integer and "
                "floating-point types")
        << What << T;
    noteInstantiation(F);
  };
  if (const auto *F = Result.Nodes.getNodeAs<FunctionDecl>("tilefn")) {
    if (!F->isTemplateInstantiation())
      checkBuiltinVariables(F);
    return;
  }
  if (const auto *C = Result.Nodes.getNodeAs<ExplicitCastExpr>("cast")) {
    if (InTile(Fn))
      Report128(C->getBeginLoc(), C->getTypeAsWritten(), Fn, "a conversion");
    return;
  }
  if (const auto *V = Result.Nodes.getNodeAs<VarDecl>("var")) {
    const auto *Owner = dyn_cast<FunctionDecl>(V->getDeclContext());
    if (!InTile(Owner) || V->isImplicit())
      return;
    if (isa<ParmVarDecl>(V) && !Owner->doesThisDeclarationHaveABody())
      return;
    Report128(V->getLocation(), V->getType(), Owner,
              (isa<ParmVarDecl>(V) ? "parameter '" : "variable '") + V->getName().str() + "'");
    return;
  }
  if (const auto *F = Result.Nodes.getNodeAs<FunctionDecl>("ret")) {
    if (!InTile(F) || !F->doesThisDeclarationHaveABody())
      return;
    SourceLocation L = F->getReturnTypeSourceRange().getBegin();
    Report128(L.isValid() ? L : F->getLocation(), F->getReturnType(), F,
              "the result of '" + nameForDiagnostic(F, *Ctx) + "'");
  }
}

CUDA_LINT_DEFINE_CHECK_FACTORY(TileUnsupportedCheck)

} // namespace cuda_lint
